import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentTestPack,
  defaultDesignParameters,
  findTestPack,
  missingForNext,
  packCsvCells,
  packCsvColumns,
  rangesFor,
  reportVerdict,
  wizardDataSchema,
} from '@hiu/domain';
import { addTestPackVersion, passingCp1Check, PASSING_CP1 } from '@hiu/domain/testing';

const V1 = { id: 'cp1-ts1', version: 1 };
const V2 = { id: 'cp1-ts1', version: 4 };
const checkUnder = (testPack: typeof V1, cp1: Record<string, unknown> = {}) =>
  passingCp1Check({
    testPack,
    cp1: { ...(testPack.version === 4 ? { secondaryStaticPressure: '1.5' } : {}), ...cp1 },
  });
const judged = (testPack: typeof V1, cp1: Record<string, unknown> = {}) =>
  reportVerdict(
    wizardDataSchema.parse(checkUnder(testPack, cp1)),
    rangesFor(defaultDesignParameters(), testPack),
    null,
  );

// A later version of CP1/TS1 (decision 190): held to 25 °C in keep-warm instead of 50, static flow pressure
// limited to 10 bar instead of 25, and a secondary static pressure added. A report keeps its version's rules.
describe('a pack with two versions', () => {
  let remove: () => void;
  beforeAll(() => {
    remove = addTestPackVersion();
  });
  afterAll(() => remove());

  it('starts new checks under the newer version and still knows the older one', () => {
    expect(currentTestPack('cp1-ts1').version).toBe(4);
    expect(findTestPack(V1)?.fields.some((f) => f.key === 'secondaryStaticPressure')).toBe(false);
    expect(findTestPack({ id: 'cp1-ts1', version: 5 })).toBeUndefined();
  });

  it("judges each check by its own version's ranges", () => {
    expect(rangesFor(defaultDesignParameters(), V1)['cp1.keepWarmReturn']).toEqual({ min: null, max: 50 });
    expect(rangesFor(defaultDesignParameters(), V2)['cp1.keepWarmReturn']).toEqual({ min: null, max: 25 });
    expect(judged(V1, { keepWarmReturn: '42' })).toEqual({ overall: 'PASS', reasons: [] });
    expect(judged(V2, { keepWarmReturn: '42' })).toEqual({
      overall: 'FAIL',
      reasons: ['Keep-warm primary return too high (42 °C, expected ≤ 25 °C)'],
    });
  });

  it("holds each check's values to its own version's fields and limits", () => {
    const v1 = wizardDataSchema.safeParse(checkUnder(V1, { staticFlowPressure: '20' }));
    expect(v1.success).toBe(true);
    const v2 = wizardDataSchema.safeParse(checkUnder(V2, { staticFlowPressure: '20', secondaryStaticPressure: '12' }));
    expect(Object.fromEntries(v2.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      'cp1.staticFlowPressure': 'Must be from 0 to 10 bar',
      'cp1.secondaryStaticPressure': 'Must be from 0 to 10 bar',
    });
    const kind = wizardDataSchema.safeParse(checkUnder(V2, { secondaryStaticPressure: 'high' }));
    expect(kind.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['cp1.secondaryStaticPressure', 'Must be a number'],
    ]);
    // The newer field is kept with the check, and Next on its step waits for it only under version 4.
    expect(wizardDataSchema.parse(checkUnder(V2)).cp1?.secondaryStaticPressure).toBe('1.5');
    expect(missingForNext(2, wizardDataSchema.parse(checkUnder(V2, { secondaryStaticPressure: '' })))).toEqual([
      'Secondary static pressure',
    ]);
    expect(missingForNext(2, wizardDataSchema.parse(checkUnder(V1)))).toEqual([]);
  });

  it("gives the CSV every version's columns, each report filling its own version's", () => {
    const columns = packCsvColumns();
    const at = (name: string) => columns.indexOf(name);
    const secondary = at('CP1 Primary pressures: Secondary static pressure (bar)');
    const flow = at('CP1 Primary pressures: Primary static flow pressure (bar)');
    expect(secondary).toBeGreaterThan(flow);
    const v1 = packCsvCells(wizardDataSchema.parse(checkUnder(V1)));
    const v2 = packCsvCells(wizardDataSchema.parse(checkUnder(V2)));
    expect([v1.length, v2.length]).toEqual([columns.length, columns.length]);
    expect([v1[0], v1[secondary], v1[flow]]).toEqual([
      'CP1/TS1 acceptance, version 1',
      '',
      PASSING_CP1.staticFlowPressure,
    ]);
    expect([v2[0], v2[secondary], v2[flow]]).toEqual([
      'CP1/TS1 acceptance, version 4',
      '1.5',
      PASSING_CP1.staticFlowPressure,
    ]);
  });
});

describe('a pack version the rule book does not know', () => {
  it('is not found once the test version is taken away', () => {
    addTestPackVersion()();
    expect(findTestPack(V2)).toBeUndefined();
    expect(currentTestPack('cp1-ts1').version).toBe(3);
  });
});
