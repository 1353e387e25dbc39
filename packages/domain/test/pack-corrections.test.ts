import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CORRECTABLE_FIELDS,
  correctableFieldOf,
  correctableFieldsOf,
  correctableValue,
  correctionBody,
  correctionValueError,
  defaultDesignParameters,
  rangesFor,
  reportVerdict,
  withCorrection,
  wizardDataSchema,
} from '@hiu/domain';
import { addTestPackVersion, passingCheck, passingCp1Check } from '@hiu/domain/testing';

const V1 = { id: 'cp1-ts1', version: 1 };
const cp1 = wizardDataSchema.parse(passingCp1Check());
const standard = wizardDataSchema.parse(passingCheck());

describe("correcting a pack's values (docs/product.md#test-packs)", () => {
  it("offers the pack's readings and recorded text after the standard values; answers and choices stay evidence", () => {
    expect(correctableFieldsOf(standard)).toEqual(CORRECTABLE_FIELDS);
    const fields = correctableFieldsOf(cp1);
    expect(fields.slice(0, CORRECTABLE_FIELDS.length)).toEqual(CORRECTABLE_FIELDS);
    expect(correctableFieldOf(cp1, 'cp1.keepWarmReturn')).toEqual({
      id: 'cp1.keepWarmReturn',
      label: 'Standby Mode: Primary return in standby (keep-warm)',
      unit: '°C',
      path: ['cp1', 'keepWarmReturn'],
      kind: 'number',
      limits: { min: -20, max: 130 },
    });
    expect(correctableFieldOf(cp1, 'cp1.meterSerial')).toMatchObject({ kind: 'text', unit: '' });
    expect(correctableFieldOf(cp1, 'cp1.flushed')).toBeUndefined();
    expect(correctableFieldOf(cp1, 'cp1.strainerCondition')).toBeUndefined();
    expect(correctableFieldOf(standard, 'cp1.keepWarmReturn')).toBeUndefined();
    const labels = fields.map((f) => f.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('holds a corrected reading to what its unit allows, with the message the check gives', () => {
    const pressure = correctableFieldOf(cp1, 'cp1.staticFlowPressure')!;
    expect(correctionValueError(pressure, '250')).toBe('Must be from 0 to 25 bar');
    expect(correctionValueError(pressure, 'high')).toBe('Must be a number');
    expect(correctionValueError(pressure, '12')).toBeUndefined();
    expect(correctionValueError(correctableFieldOf(cp1, 'cp1.meterSerial')!, 'x'.repeat(61))).toBe(
      'At most 60 characters',
    );
    expect(correctionValueError(correctableFieldOf(standard, 'standbyFlowTemp')!, '4O')).toBe('Must be a number');
  });

  it('judges the corrected check again by its pack', () => {
    const field = correctableFieldOf(cp1, 'cp1.keepWarmReturn')!;
    const ranges = rangesFor(defaultDesignParameters(), V1);
    expect(reportVerdict(cp1, ranges, null).overall).toBe('PASS');
    const corrected = withCorrection(cp1, field, '55');
    expect(correctableValue(corrected, field)).toBe('55');
    expect(correctableValue(cp1, field)).toBe('42');
    expect(reportVerdict(corrected, ranges, null)).toEqual({
      overall: 'FAIL',
      reasons: ['Keep-warm primary return too high (55 °C, expected ≤ 50 °C)'],
    });
  });

  it("accepts a pack value's id in the body; the report's pack decides whether it has it", () => {
    const body = (field: string) => correctionBody.safeParse({ field, value: '1', reason: 'Misread' });
    expect(body('cp1.keepWarmReturn').success).toBe(true);
    expect(body('cp1.nothing').error?.issues.map((i) => i.message)).toEqual(['Choose a recorded value']);
    expect(body('cp1.flushed').success).toBe(false);
  });

  describe('with a later version of the pack', () => {
    let remove: () => void;
    beforeAll(() => {
      remove = addTestPackVersion();
    });
    afterAll(() => remove());

    it("holds a report to its own version's fields and limits", () => {
      const v2 = wizardDataSchema.parse(
        passingCp1Check({ testPack: { id: 'cp1-ts1', version: 4 }, cp1: { secondaryStaticPressure: '1.5' } }),
      );
      expect(correctableFieldOf(cp1, 'cp1.secondaryStaticPressure')).toBeUndefined();
      expect(correctableFieldOf(v2, 'cp1.secondaryStaticPressure')).toMatchObject({ unit: 'bar' });
      expect(correctionValueError(correctableFieldOf(cp1, 'cp1.staticFlowPressure')!, '12')).toBeUndefined();
      expect(correctionValueError(correctableFieldOf(v2, 'cp1.staticFlowPressure')!, '12')).toBe(
        'Must be from 0 to 10 bar',
      );
    });
  });
});
