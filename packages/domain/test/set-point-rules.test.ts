import { describe, expect, it } from 'vitest';
import {
  defaultDesignParameters,
  evaluate,
  missingForNext,
  packCsvCells,
  packCsvColumns,
  rangesFor,
  reportVerdict,
  setPointVerdicts,
  wizardDataSchema,
  type WizardData,
} from '@hiu/domain';
import { passingCp1Check } from '@hiu/domain/testing';

const V2 = { id: 'cp1-ts1', version: 2 };
const V3 = { id: 'cp1-ts1', version: 3 };
const check = (cp1: Record<string, unknown> = {}, heatingPrimaryFlow = '65', testPack = V3): WizardData =>
  wizardDataSchema.parse(
    passingCp1Check({ testPack, cp1, heatingMode: { primaryFlow: heatingPrimaryFlow } } as Parameters<
      typeof passingCp1Check
    >[0]),
  );
const verdictOf = (data: WizardData) => reportVerdict(data, rangesFor(defaultDesignParameters(), data.testPack), null);

// The acceptance test's own limits (docs/product.md#test-packs): set-points 50 °C (tolerance 5 K) and 60 °C.
describe("readings held to the unit's own set-points (CP1/TS1 version 3)", () => {
  // [what, pack data, heating primary flow, verdict, issue]
  const table: [string, Record<string, unknown>, string, 'PASS' | 'FAIL', string | null][] = [
    ['hot-water peak primary flow just above set-point + 3 K', { dhwPeakFlowTemp: '53.1' }, '65', 'PASS', null],
    ['hot-water peak primary flow at set-point + 3 K', { dhwPeakFlowTemp: '53' }, '65', 'PASS', null],
    [
      'hot-water peak primary flow just below set-point + 3 K',
      { dhwPeakFlowTemp: '52.9' },
      '65',
      'FAIL',
      'Primary flow too cool for the hot-water set-point (52.9 °C, expected at least 53 °C (hot-water set-point + 3 K))',
    ],
    ['kitchen outlet just above set-point less tolerance', { peakDeliveredTemp: '45.1' }, '65', 'PASS', null],
    ['kitchen outlet at set-point less tolerance', { peakDeliveredTemp: '45' }, '65', 'PASS', null],
    [
      'kitchen outlet just below set-point less tolerance',
      { peakDeliveredTemp: '44.9' },
      '65',
      'FAIL',
      'Kitchen outlet below the hot-water set-point (44.9 °C, expected at least 45 °C (hot-water set-point less its tolerance))',
    ],
    ['second outlet at its limit', { secondOutletTemp: '45' }, '65', 'PASS', null],
    [
      'second outlet below its limit',
      { secondOutletTemp: '44' },
      '65',
      'FAIL',
      'Second outlet below the hot-water set-point (44 °C, expected at least 45 °C (hot-water set-point less its tolerance))',
    ],
    ['heating primary flow at set-point + 3 K', {}, '63', 'PASS', null],
    [
      'heating primary flow just below set-point + 3 K',
      {},
      '62.9',
      'FAIL',
      'Primary flow too cool for the heating set-point (62.9 °C, expected at least 63 °C (heating set-point + 3 K))',
    ],
    ['a tighter tolerance', { dhwSetPointTolerance: '2', peakDeliveredTemp: '48' }, '65', 'PASS', null],
    [
      'a tighter tolerance, the outlet below it',
      { dhwSetPointTolerance: '2', peakDeliveredTemp: '47.9' },
      '65',
      'FAIL',
      'Kitchen outlet below the hot-water set-point (47.9 °C, expected at least 48 °C (hot-water set-point less its tolerance))',
    ],
  ];
  it.each(table)('%s', (_what, cp1, primaryFlow, verdict, issue) => {
    const data = check(cp1, primaryFlow);
    const v = verdictOf(data);
    expect(v.overall).toBe(verdict);
    const texts = evaluate(data, rangesFor(defaultDesignParameters(), data.testPack)).issues.map((i) => i.text);
    if (issue) expect(texts).toContain(issue);
    else expect(texts.filter((t) => t.includes('set-point'))).toEqual([]);
  });

  it('shows the limit on the step before the reading is taken, and nothing until the set-point is entered', () => {
    const data = check({ dhwPeakFlowTemp: '' });
    const v = setPointVerdicts(data, 6).find((x) => x.rule.reading === 'cp1.dhwPeakFlowTemp')!;
    expect(v).toMatchObject({
      verdict: 'pending',
      atLeast: 53,
      text: 'Expected at least 53 °C (hot-water set-point + 3 K)',
    });
    const noSetPoint = setPointVerdicts(check({ dhwSetPoint: '' }), 6);
    expect(noSetPoint.every((x) => x.verdict === 'pending' && x.text === '')).toBe(true);
  });

  it('asks for the set-points on step 1 before Next', () => {
    const missing = missingForNext(1, check({ dhwSetPoint: '', heatingSetPoint: '' }));
    expect(missing).toEqual(expect.arrayContaining(['Hot-water set-point', 'Heating flow set-point']));
  });

  it('refuses a set-point no unit could have', () => {
    const typo = passingCp1Check({ testPack: V3, cp1: { dhwSetPoint: '466' } });
    const result = wizardDataSchema.safeParse(typo);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain('Must be from 30 to 80 °C');
  });

  it('is not a rule of version 2, whose reports keep their verdicts', () => {
    const data = check({ dhwPeakFlowTemp: '40' }, '40', V2);
    expect(setPointVerdicts(data)).toEqual([]);
  });

  it('puts the set-points and outlets in the CSV', () => {
    const data = check({ secondOutletTemp: '47' });
    const columns = packCsvColumns();
    const cells = packCsvCells(data);
    for (const label of ['Hot-water set-point', 'Hot-water set-point tolerance', 'Heating flow set-point'])
      expect(columns.some((c) => c.includes(label))).toBe(true);
    expect(cells).toContain('47');
  });
});
