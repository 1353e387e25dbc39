import { describe, expect, it } from 'vitest';
import {
  CORRECTABLE_FIELDS,
  correctableField,
  correctableFieldOf,
  correctableValue,
  correctionBody,
  DEFAULT_RANGES,
  reportVerdict,
  withCorrection,
  wizardDataSchema,
} from '../src/index.js';
import { passingCheck } from '../testing/check-data.js';

const data = wizardDataSchema.parse(
  passingCheck({
    site: { id: 's', name: 'Site' },
    propertyId: 'p',
    photoId: crypto.randomUUID(),
    signatureId: crypto.randomUUID(),
  }),
);

describe('corrections', () => {
  it('names each recorded value with its step, so two "Flow Temperature" readings read apart', () => {
    const labels = CORRECTABLE_FIELDS.map((f) => f.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(correctableField('standbyFlowTemp')?.label).toBe('Standby Mode: Flow Temperature');
  });

  it('replaces one value in a copy, and the verdict is judged again from it', () => {
    const field = correctableField('standbyFlowTemp')!;
    const corrected = withCorrection(data, field, '99');
    expect(correctableValue(corrected, field)).toBe('99');
    expect(correctableValue(data, field)).not.toBe('99');
    expect(reportVerdict(data, DEFAULT_RANGES, null)).toEqual({ overall: 'PASS', reasons: [] });
    const judged = reportVerdict(corrected, DEFAULT_RANGES, null);
    expect(judged.overall).toBe('FAIL');
    expect(judged.reasons).toContain('Flow Temperature out of range');
  });

  it('accepts a number for a reading and any short text for a serial; refuses the rest naming the field', () => {
    expect(correctionBody.safeParse({ field: 'hiuSerial', value: ' SN 1 ', reason: 'x' }).data?.value).toBe('SN 1');
    const bad = (b: object) => correctionBody.safeParse(b).error?.issues.map((i) => i.path.join('.'));
    expect(bad({ field: 'standbyFlowTemp', value: 'hot', reason: 'x' })).toEqual(['value']);
    expect(bad({ field: 'standbyFlowTemp', value: '', reason: 'x' })).toEqual(['value']);
    expect(bad({ field: 'signature', value: '1', reason: 'x' })).toEqual(['field']);
    expect(bad({ field: 'hiuSerial', value: '1', reason: '  ' })).toEqual(['reason']);
    expect(bad({ field: 'hiuSerial', value: '1', reason: 'r'.repeat(2001) })).toEqual(['reason']);
  });

  it("corrects a radiator's valve setting, and the room is judged again against its expected setting", () => {
    const hall = correctableFieldOf(data, 'radiators.Hall')!;
    expect(hall.label).toBe('Tertiary System Checks: Hall valve setting');
    expect(correctableValue(data, hall)).toBe('2.5');
    const corrected = withCorrection(data, hall, '3');
    expect(corrected.radiators.roomChecks.Hall).toEqual({ valveSetting: '3', expectedValveSetting: '2.5' });
    expect(data.radiators.roomChecks.Hall!.valveSetting).toBe('2.5');
    expect(reportVerdict(corrected, DEFAULT_RANGES, null).overall).toBe('FAIL');
    expect(correctableFieldOf(data, 'radiators.Loft')).toBeUndefined();
    expect(correctionBody.safeParse({ field: 'radiators.Hall', value: '3', reason: 'Misread' }).success).toBe(true);
  });
});
