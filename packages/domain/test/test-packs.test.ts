import { describe, expect, it } from 'vitest';
import {
  CP1_FIELDS_V1,
  DEFAULT_RANGES,
  canProceed,
  defaultDesignParameters,
  evaluate,
  findTestPack,
  missingForNext,
  openIssues,
  packOf,
  rangesFor,
  reportVerdict,
  testPackName,
  wizardDataSchema,
  type DesignParameters,
} from '@hiu/domain';
import { passingCheck, passingCp1Check, PASSING_CP1 } from '@hiu/domain/testing';

const CP1 = { id: 'cp1-ts1', version: 1 };
const cp1Ranges = (params: Partial<DesignParameters> = defaultDesignParameters()) => rangesFor(params, CP1);
const check = (cp1: Partial<typeof PASSING_CP1> = {}) => wizardDataSchema.parse(passingCp1Check({ cp1 }));
const verdict = (cp1: Partial<typeof PASSING_CP1>, ranges = cp1Ranges()) => reportVerdict(check(cp1), ranges, null);

describe('test packs', () => {
  it('knows the standard and CP1/TS1 packs by id and version, and nothing else', () => {
    expect(findTestPack({ id: 'standard', version: 1 })?.fields).toEqual([]);
    expect(findTestPack(CP1)?.label).toBe('CP1/TS1 acceptance');
    expect(findTestPack({ id: 'cp1-ts1', version: 2 })?.lowReturns).toBe(true);
    expect(findTestPack({ id: 'cp1-ts1', version: 3 })?.issuesNeedDueDate).toBe(true);
    expect(findTestPack({ id: 'cp1-ts1', version: 4 })).toBeUndefined();
    expect(findTestPack({ id: 'bs-en-1', version: 1 })).toBeUndefined();
    expect(packOf(wizardDataSchema.parse(passingCheck())).id).toBe('standard');
    expect(testPackName(CP1)).toBe('CP1/TS1 acceptance, version 1');
    expect(testPackName(undefined)).toBe('Standard checklist, version 1');
  });

  it('gives a standard check exactly the standard ranges, and a CP1/TS1 check the pack ranges too', () => {
    expect(rangesFor(defaultDesignParameters())).toEqual(DEFAULT_RANGES);
    expect(rangesFor(defaultDesignParameters(), { id: 'standard', version: 1 })).toEqual(DEFAULT_RANGES);
    const r = cp1Ranges();
    expect(r['cp1.keepWarmReturn']).toEqual({ min: null, max: 50 });
    expect(r['cp1.heatingPeakReturn']).toEqual({ min: null, max: 60 });
    expect(r['cp1.kitchenTapFlow']).toEqual({ min: 5, max: 9 });
    expect(r['cp1.peakReturn']).toEqual({ min: null, max: 25 });
    // No design flow set: the meter's flow is recorded, not judged.
    expect(r['cp1.meterFlowAtDesign']).toBeUndefined();
    const withFlow = cp1Ranges({
      ...defaultDesignParameters(),
      cp1: { ...defaultDesignParameters().cp1, designFlow: '0.48' },
    });
    expect(withFlow['cp1.meterFlowAtDesign']).toEqual({ min: 0.432, max: 0.528 });
  });

  it('passes a full CP1/TS1 check', () => {
    const e = evaluate(check(), cp1Ranges(), null);
    expect(e.overall).toBe('PASS');
    expect(e.issues.filter((i) => i.severity === 'fail')).toEqual([]);
  });

  // Every judged value: at its bound passes, just past it fails with the issue naming value and range,
  // and not entered leaves the check pending.
  it.each([
    ['keepWarmReturn', '50', '50.1', 'Keep-warm primary return too high (50.1 °C, expected ≤ 50 °C)', 'standbyMode'],
    [
      'heatingPeakReturn',
      '60',
      '61',
      'Heating peak primary return above the design return (61 °C, expected ≤ 60 °C)',
      'heating',
    ],
    ['kitchenTapFlow', '9', '9.5', 'Kitchen tap flow out of range (9.5 L/min, expected 5-9 L/min)', 'dhw'],
    ['kitchenTapFlow', '5', '4.9', 'Kitchen tap flow out of range (4.9 L/min, expected 5-9 L/min)', 'dhw'],
    ['peakReturn', '25', '26', 'Primary return too high in the hot-water peak test (26 °C, expected ≤ 25 °C)', 'dhw'],
  ] as const)('%s: %s passes, %s fails', (key, inside, outside, issue, section) => {
    expect(verdict({ [key]: inside })).toEqual({ overall: 'PASS', reasons: [] });
    expect(verdict({ [key]: outside })).toEqual({ overall: 'FAIL', reasons: [issue] });
    const e = evaluate(check({ [key]: '' }), cp1Ranges(), null);
    expect(e.sections[section]).toBe('pending');
    expect(e.overall).toBe('PENDING');
  });

  it("judges the heat meter's flow against the design flow within its tolerance", () => {
    const params = { ...defaultDesignParameters(), cp1: { ...defaultDesignParameters().cp1, designFlow: '0.5' } };
    expect(verdict({ meterFlowAtDesign: '0.55' }, cp1Ranges(params)).overall).toBe('PASS');
    expect(verdict({ meterFlowAtDesign: '0.56' }, cp1Ranges(params)).reasons).toEqual([
      'Heat meter flow not within tolerance of the design flow (0.56 m³/h, expected 0.45-0.55 m³/h)',
    ]);
  });

  it('records a reading with no range without judging it', () => {
    expect(verdict({ peakDeliveredTemp: '20', staticFlowPressure: '12' }).overall).toBe('PASS');
  });

  it('refuses a reading in the wrong unit range with a clear field message', () => {
    const bad = wizardDataSchema.safeParse(
      passingCp1Check({ cp1: { staticFlowPressure: '250', heatingPeakFlow: '-1', dhwPeakEnergy: 'lots' } }),
    );
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      'cp1.staticFlowPressure': 'Must be from 0 to 25 bar',
      'cp1.heatingPeakFlow': 'Must be from 0 to 100 m³/h',
      'cp1.dhwPeakEnergy': 'Must be a number',
    });
  });

  it('stops Next on each step until its pack fields are entered, naming them', () => {
    const blank = wizardDataSchema.parse(
      passingCp1Check({ cp1: { meterSerial: '', strainerCondition: '', keepWarmReturn: '' } }),
    );
    expect(missingForNext(1, blank)).toEqual(['Heat meter serial']);
    expect(missingForNext(2, blank)).toEqual(['Strainer condition']);
    expect(missingForNext(3, blank)).toEqual(['Primary return in standby (keep-warm)']);
    expect(canProceed(3, blank)).toBe(false);
    expect(canProceed(5, blank)).toBe(true);
    // Every required field of the pack is asked for somewhere.
    const none = wizardDataSchema.parse({ ...passingCp1Check(), cp1: {} });
    const asked = [1, 2, 3, 5, 6, 7].flatMap((s) => missingForNext(s, none));
    for (const f of CP1_FIELDS_V1.filter((x) => x.required)) expect(asked).toContain(f.label);
  });

  it('requires the tagged photos, and fails a submitted check without them', () => {
    const data = wizardDataSchema.parse(passingCp1Check());
    data.photosSignature.photos = data.photosSignature.photos.filter((p) => p.label !== 'Strainer');
    expect(missingForNext(7, data)).toEqual(['Photo: Strainer']);
    expect(reportVerdict(data, cp1Ranges(), null)).toEqual({
      overall: 'FAIL',
      reasons: ['Required photo missing: Strainer'],
    });
    // A label typed in another case still counts.
    data.photosSignature.photos.push({ ...data.photosSignature.photos[0]!, label: '  strainer ' });
    expect(missingForNext(7, data)).toEqual([]);
  });

  it('lists open issues as warnings with who must act, and asks for a description before Next', () => {
    const issue = { id: '44444444-4444-4444-8444-444444444444', owner: 'installer' as const, due: '2026-12-01' };
    const open = check({ issues: [{ ...issue, description: 'Insulate primary pipework', resolved: false }] });
    expect(openIssues(open)).toHaveLength(1);
    const e = evaluate(open, cp1Ranges(), null);
    expect(e.overall).toBe('PASS');
    expect(e.issues).toContainEqual({
      section: 'photosSignature',
      text: 'Open issue (installer, due 2026-12-01): Insulate primary pipework',
      severity: 'warning',
    });
    expect(openIssues(check({ issues: [{ ...issue, description: 'Done', resolved: true }] }))).toEqual([]);
    expect(missingForNext(7, check({ issues: [{ ...issue, description: ' ', resolved: false }] }))).toEqual([
      'Issue 1: description',
    ]);
  });

  it('leaves a standard check untouched by the pack rules', () => {
    const data = wizardDataSchema.parse(passingCheck());
    expect('testPack' in data).toBe(false);
    expect('cp1' in data).toBe(false);
    expect([1, 2, 3, 4, 5, 6, 7].flatMap((s) => missingForNext(s, data))).toEqual([]);
  });
});

describe('low returns are good under CP1/TS1 version 2', () => {
  const V2 = { id: 'cp1-ts1', version: 2 };
  const returns = ['standbyReturnTemp', 'heatingTertiaryReturn', 'heatingPrimaryReturn', 'dhwPrimaryReturn'] as const;

  it('judges every return temperature as at most its maximum, with no minimum', () => {
    const standard = rangesFor(defaultDesignParameters());
    const v2 = rangesFor(defaultDesignParameters(), V2);
    for (const id of returns) expect(v2[id], id).toEqual({ min: null, max: standard[id].max });
    // Version 1 and the standard checklist keep their ruled ranges.
    expect(rangesFor(defaultDesignParameters(), CP1)).toMatchObject(
      Object.fromEntries(returns.map((id) => [id, standard[id]])),
    );
    expect(standard.standbyReturnTemp.min).not.toBeNull();
  });

  it('passes a 30 °C standby return and a 20 °C DHW primary return, at and below the maximum; fails just above', () => {
    const v2 = rangesFor(defaultDesignParameters(), V2);
    const data = (standbyReturn: string, dhwReturn: string) => {
      const d = wizardDataSchema.parse(passingCp1Check({ testPack: V2 }));
      return {
        ...d,
        standbyMode: { ...d.standbyMode, returnTemp: standbyReturn },
        dhwChecks: { ...d.dhwChecks, primaryReturn: dhwReturn },
      };
    };
    const max = v2.standbyReturnTemp.max!;
    expect(reportVerdict(data('30', '20'), v2, null)).toEqual({ overall: 'PASS', reasons: [] });
    expect(reportVerdict(data(String(max), '20'), v2, null).overall).toBe('PASS');
    expect(reportVerdict(data(String(max + 0.1), '20'), v2, null).reasons).toEqual(['Return Temperature out of range']);
    // The same low readings fail the standard checklist's ruled ranges.
    expect(reportVerdict(data('30', '20'), rangesFor(defaultDesignParameters(), CP1), null).overall).toBe('FAIL');
  });
});
