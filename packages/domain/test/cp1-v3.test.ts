import { describe, expect, it } from 'vitest';
import {
  answerVerdicts,
  defaultDesignParameters,
  evaluate,
  failureReasons,
  failureRemedies,
  findTestPack,
  initialCheckFailures,
  issueProblems,
  issuesAfterAnswer,
  missingForNext,
  packCsvCells,
  packCsvColumns,
  rangesFor,
  reportVerdict,
  wizardDataSchema,
  type PackIssue,
  type WizardData,
} from '@hiu/domain';
import { passingCp1Check } from '@hiu/domain/testing';

const V2 = { id: 'cp1-ts1', version: 2 };
const V3 = { id: 'cp1-ts1', version: 3 };
const DUE = '2026-12-01';
const NEW_ID = '44444444-4444-4444-8444-444444444444';
const issue = (source: string, description: string, change: Partial<PackIssue> = {}): PackIssue => ({
  id: crypto.randomUUID(),
  description,
  owner: 'installer',
  due: DUE,
  resolved: false,
  source,
  ...change,
});
const check = (testPack = V3, cp1: Record<string, unknown> = {}): WizardData =>
  wizardDataSchema.parse(passingCp1Check({ testPack, cp1 }));
const judged = (data: WizardData, params = defaultDesignParameters()) =>
  reportVerdict(data, rangesFor(params, data.testPack), null);

// Issue 39 item 4: every yes/no and choice answer of version 3 has a rule (docs/product.md#test-packs).
describe('answers judged under CP1/TS1 version 3', () => {
  it('has a rule for every answer of every yes/no and choice field, and version 2 has none', () => {
    const v3 = findTestPack(V3)!;
    const asked = v3.fields.filter((f) => f.kind === 'yesno' || f.kind === 'choice');
    expect(asked).toHaveLength(13);
    for (const f of asked) {
      const possible = f.kind === 'yesno' ? ['Yes', 'No'] : [...f.choices!];
      expect(Object.keys(f.answers ?? {}).sort(), f.key).toEqual(possible.sort());
    }
    expect(findTestPack(V2)!.fields.some((f) => f.answers)).toBe(false);
  });

  // [field, answer, verdict, reasons, the issue the answer needs (with its due date)]
  const table: [string, unknown, 'PASS' | 'FAIL', string[], PackIssue[]][] = [
    ['flushed', true, 'PASS', [], []],
    ['flushed', false, 'FAIL', ['System not flushed'], []],
    ['waterSample', true, 'PASS', [], []],
    ['waterSample', false, 'PASS', [], [issue('waterSample', 'Water sample not taken')]],
    ['strainerCondition', 'Clear', 'PASS', [], []],
    ['strainerCondition', 'Minor debris', 'PASS', [], [issue('strainerCondition', 'Strainer: minor debris found')]],
    [
      'strainerCondition',
      'Significant debris',
      'PASS',
      [],
      [issue('strainerCondition', 'Strainer: significant debris found, system may need flushing')],
    ],
    ['strainerCondition', 'Blocked', 'FAIL', ['Strainer blocked'], []],
    ['meterAccessible', false, 'PASS', [], [issue('meterAccessible', 'Heat meter not accessible to the occupant')]],
    ['dpTestPoints', false, 'PASS', [], [issue('dpTestPoints', 'No primary differential pressure test points')]],
    ['chemicalCleanse', false, 'PASS', [], [issue('chemicalCleanse', 'Heating system not chemically cleansed')]],
    ['flushingBypass', 'Found open, now closed', 'PASS', [], []],
    ['flushingBypass', 'Not fitted', 'PASS', [], []],
    ['strainerDebrisKept', false, 'PASS', [], []],
    ['fusedSpur', false, 'PASS', [], [issue('fusedSpur', 'Electrical supply not from a fused spur')]],
    ['coldDownDone', false, 'PASS', [], [issue('coldDownDone', 'Cold-down test not done')]],
    ['fillingLoopDisconnected', false, 'FAIL', ['Filling loop left connected'], []],
    ['casingFitted', false, 'PASS', [], [issue('casingFitted', 'HIU casing not fitted')]],
    ['manualsLeft', false, 'PASS', [], [issue('manualsLeft', 'Manuals not left with the occupant')]],
  ];
  it.each(table)('%s = %s gives %s', (key, answer, overall, reasons, issues) => {
    const data = check(V3, { [key]: answer, issues });
    expect(judged(data)).toEqual({ overall, reasons });
    expect(issueProblems(data)).toEqual([]);
    // Version 2 records the same answer without judging it.
    expect(judged(check(V2, { [key]: answer, issues }))).toEqual({ overall: 'PASS', reasons: [] });
  });

  it('fails the report, not the HIU at step 2, for a filling loop left connected at the end', () => {
    const data = check(V3, { fillingLoopDisconnected: false });
    expect(initialCheckFailures(data)).toEqual([]);
    expect(evaluate(data, rangesFor(defaultDesignParameters(), V3)).sections.photosSignature).toBe('fail');
  });

  it('fails the HIU at step 2 for a failing answer, with what puts it right', () => {
    const data = check(V3, { flushed: false, strainerCondition: 'Blocked' });
    expect(initialCheckFailures(data)).toEqual(['System not flushed', 'Strainer blocked']);
    const ranges = rangesFor(defaultDesignParameters(), V3);
    expect(failureReasons(2, data, ranges)).toEqual(['System not flushed', 'Strainer blocked']);
    expect(failureRemedies(2, data, ranges)).toEqual([
      'Flush and clean the heating system, then test again.',
      'Clean the strainer, find where the debris comes from, then test again.',
    ]);
    expect(evaluate(data, ranges).sections.initialChecks).toBe('fail');
    expect(initialCheckFailures(check(V2, { flushed: false, strainerCondition: 'Blocked' }))).toEqual([]);
  });

  it('asks for an open issue with a due date before a raising answer is done: at, missing and resolved', () => {
    const none = check(V3, { waterSample: false });
    expect(issueProblems(none)).toEqual([
      {
        path: 'cp1.waterSample',
        message: 'Water sample not taken: add an open issue with who must act and a due date',
      },
    ]);
    expect(missingForNext(2, none)).toEqual(['Water sample not taken: an open issue']);
    expect(judged(none).overall).toBe('PENDING');

    const undated = check(V3, {
      waterSample: false,
      issues: [issue('waterSample', 'Water sample not taken', { due: '' })],
    });
    expect(issueProblems(undated)).toEqual([{ path: 'cp1.issues.0.due', message: 'An open issue needs a due date' }]);
    expect(missingForNext(2, undated)).toEqual(['Water sample not taken: a due date']);
    expect(missingForNext(7, undated)).toEqual(['Issue 1: due date']);
    expect(answerVerdicts(undated, 2).find((v) => v.field.key === 'waterSample')).toMatchObject({
      verdict: 'issue',
      text: 'Water sample not taken',
      needs: ['a due date'],
    });

    const dated = check(V3, { waterSample: false, issues: [issue('waterSample', 'Water sample not taken')] });
    expect([issueProblems(dated), missingForNext(2, dated), missingForNext(7, dated)]).toEqual([[], [], []]);
    // Under version 2 an issue needs no due date.
    const v2 = check(V2, { waterSample: false, issues: [issue('waterSample', 'Water sample not taken', { due: '' })] });
    expect([issueProblems(v2), missingForNext(7, v2)]).toEqual([[], []]);
  });

  it('asks version 3 for what an acceptance test records, with units and limits; version 2 does not', () => {
    const field = (key: string) => findTestPack(V3)!.fields.find((f) => f.key === key);
    expect(field('baselineHours')).toMatchObject({ step: 1, unit: 'h', kind: 'number', required: false });
    expect(field('heatingPeakMaxFlow')).toMatchObject({ step: 5, unit: 'm³/h', limits: { min: 0, max: 100 } });
    expect(field('peakDifferentialPressure')).toMatchObject({ step: 6, unit: 'kPa' });
    expect(field('coldDownTapTemp')).toMatchObject({ step: 6, group: 'Cold-down test', unit: '°C' });
    expect(field('finalHeatingPressure')).toMatchObject({ step: 7, unit: 'bar', limits: { min: 0, max: 10 } });
    expect(field('flushingBypass')?.choices).toEqual(['Closed', 'Found open, now closed', 'Not fitted']);
    expect(findTestPack(V2)!.fields.some((f) => f.key === 'coldDownDone')).toBe(false);
    // A required answer not given keeps its step waiting; a value outside its unit's limits is refused.
    expect(missingForNext(7, check(V3, { manualsLeft: null }))).toEqual(['Manuals left with the occupant']);
    const parsed = wizardDataSchema.safeParse(passingCp1Check({ testPack: V3, cp1: { finalHeatingPressure: '12' } }));
    expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['cp1.finalHeatingPressure', 'Must be from 0 to 10 bar'],
    ]);
  });

  it('refuses an issue with no one to act, by name', () => {
    const { owner: _owner, ...ownerless } = issue('x', 'Lag pipes');
    const noOwner = wizardDataSchema.safeParse(
      passingCp1Check({ testPack: V3, cp1: { issues: [ownerless as PackIssue] } }),
    );
    expect(noOwner.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['cp1.issues.0.owner', 'Choose who must act'],
    ]);
  });

  it('adds the issue an answer raises once, rewords it on a change, and takes it off when the answer no longer raises it', () => {
    const f = findTestPack(V3)!.fields.find((x) => x.key === 'strainerCondition')!;
    const after = (cp1: Record<string, unknown>) => issuesAfterAnswer(check(V3, cp1), f, () => NEW_ID);
    const added = after({ strainerCondition: 'Minor debris' });
    expect(added).toEqual([
      {
        id: NEW_ID,
        description: 'Strainer: minor debris found',
        owner: 'installer',
        due: '',
        resolved: false,
        source: 'strainerCondition',
      },
    ]);
    const reworded = after({ strainerCondition: 'Significant debris', issues: [{ ...added[0]!, due: DUE }] });
    expect(reworded).toMatchObject([
      { id: NEW_ID, description: 'Strainer: significant debris found, system may need flushing', due: DUE },
    ]);
    expect(after({ strainerCondition: 'Clear', issues: added })).toEqual([]);
    const other = issue('', 'Lag the pipes', { source: undefined });
    expect(after({ strainerCondition: 'Clear', issues: [other, ...added] })).toEqual([other]);
  });
});

// Issue 39 item 2: a quantity the checklist already records at the same moment is one field, judged once by
// the stricter rule.
describe('one quantity, one field under CP1/TS1 version 3', () => {
  const keys = (v: typeof V2) => findTestPack(v)!.fields.map((f) => f.key);
  const merged = [
    'keepWarmReturn',
    'heatingPeakReturn',
    'meterFlowAtDesign',
    'heatingPeakFlowTemp',
    'heatingPeakReturnTemp',
    'dhwPeakReturnTemp',
  ];

  it('drops the pack fields the checklist records at the same moment; version 2 keeps its shape', () => {
    for (const k of merged) {
      expect(keys(V3), k).not.toContain(k);
      expect(keys(V2), k).toContain(k);
    }
  });

  const params = (cp1: Record<string, string>) => {
    const p = defaultDesignParameters();
    return { ...p, cp1: { ...p.cp1, ...cp1 } };
  };

  it('holds the standby return to the stricter of its own maximum and the keep-warm maximum', () => {
    expect(rangesFor(defaultDesignParameters(), V3).standbyReturnTemp).toEqual({ min: null, max: 43 });
    expect(rangesFor(params({ keepWarmReturnMax: '40' }), V3).standbyReturnTemp).toEqual({ min: null, max: 40 });
    expect(rangesFor(params({ keepWarmReturnMax: '' }), V3).standbyReturnTemp).toEqual({ min: null, max: 43 });
    expect(rangesFor(params({ keepWarmReturnMax: '40' }), V2).standbyReturnTemp).toEqual({ min: null, max: 43 });
  });

  const standby = (returnTemp: string): WizardData => {
    const d = check(V3);
    return { ...d, standbyMode: { ...d.standbyMode, returnTemp } };
  };
  it.each([
    ['39.9', 'PASS'],
    ['40', 'PASS'],
    ['40.1', 'FAIL'],
  ])('judges a standby return of %s °C against a 40 °C keep-warm maximum: %s', (value, overall) => {
    expect(judged(standby(value), params({ keepWarmReturnMax: '40' })).overall).toBe(overall);
  });

  const heating = (primaryReturn: string): WizardData => {
    const d = check(V3);
    return { ...d, heatingMode: { ...d.heatingMode, primaryReturn } };
  };
  it.each([
    ['49.9', 'PASS', []],
    ['50', 'PASS', []],
    ['50.1', 'FAIL', ['Primary Return Temperature out of range']],
  ])('judges a heating primary return of %s °C against a 50 °C heating peak maximum: %s', (value, overall, reasons) => {
    expect(judged(heating(value), params({ heatingPeakReturnMax: '50' }))).toEqual({ overall, reasons });
  });

  it.each([
    ['0.449', 'FAIL'],
    ['0.45', 'PASS'],
    ['0.5', 'PASS'],
    ['0.55', 'PASS'],
    ['0.551', 'FAIL'],
  ])('judges a heating peak meter flow of %s m³/h against 0.5 m³/h ± 10 per cent: %s', (flow, overall) => {
    const result = judged(check(V3, { heatingPeakFlow: flow }), params({ designFlow: '0.5' }));
    expect(result.overall).toBe(overall);
    if (overall === 'FAIL')
      expect(result.reasons).toEqual([
        `Heat meter flow not within tolerance of the design flow (${flow} m³/h, expected 0.45-0.55 m³/h)`,
      ]);
  });

  it("leaves a version 3 report's merged columns empty in the CSV", () => {
    const columns = packCsvColumns();
    const cells = packCsvCells(check(V3));
    const keepWarm = columns.indexOf('CP1 Keep-warm: Primary return in standby (keep-warm) (°C)');
    expect(keepWarm).toBeGreaterThan(0);
    expect(cells[keepWarm]).toBe('');
    expect(packCsvCells(check(V2))[keepWarm]).toBe('42');
  });
});
