import { describe, expect, it } from 'vitest';
import {
  correctableFieldOf,
  correctableValue,
  correctedDeltaT,
  correctionBody,
  correctionContradictions,
  correctionValueError,
  fieldLabel,
  fieldUnit,
  historyChanges,
  rangesFor,
  reportVerdict,
  roomReadingCorrectables,
  withCorrection,
  wizardDataSchema,
  type AuditEntry,
  type WizardData,
} from '@hiu/domain';
import { passingCp1Check } from '@hiu/domain/testing';

const V1 = { id: 'cp1-ts1', version: 1 };
const V3 = { id: 'cp1-ts1', version: 3 };
const check = (cp1: Record<string, unknown>, testPack = V3): WizardData =>
  wizardDataSchema.parse(passingCp1Check({ testPack, cp1 } as Parameters<typeof passingCp1Check>[0]));
const data = check({
  radiatorTemps: { Hall: { flow: '55', return: '45' } },
  underfloorZones: [
    { name: 'Bathroom', flowRate: '2.5' },
    { name: 'Kitchen', flowRate: '1.2' },
  ],
});

describe("correcting a radiator's flow and return and a zone's flow (docs/product.md#corrections)", () => {
  it('offers each radiator of step 4 and each zone with its room or zone, unit and limits', () => {
    expect(roomReadingCorrectables(data).map((f) => f.id)).toEqual([
      'cp1.radiatorTemps.Hall.flow',
      'cp1.radiatorTemps.Hall.return',
      'cp1.underfloorZones.0.flowRate',
      'cp1.underfloorZones.1.flowRate',
    ]);
    expect(correctableFieldOf(data, 'cp1.radiatorTemps.Hall.return')).toEqual({
      id: 'cp1.radiatorTemps.Hall.return',
      label: 'Tertiary System Checks: Hall radiator return',
      unit: '°C',
      path: ['cp1', 'radiatorTemps', 'Hall', 'return'],
      kind: 'number',
      limits: { min: -20, max: 130 },
    });
    expect(correctableFieldOf(data, 'cp1.underfloorZones.1.flowRate')).toMatchObject({
      label: 'Heating Checks: Underfloor zone 2 (Kitchen) flow',
      unit: 'L/min',
      path: ['cp1', 'underfloorZones', '1', 'flowRate'],
      limits: { min: 0, max: 60 },
    });
    expect(correctableValue(data, correctableFieldOf(data, 'cp1.underfloorZones.0.flowRate')!)).toBe('2.5');
  });

  it('offers nothing for a room or zone the report did not record, nor under a version without them', () => {
    expect(correctableFieldOf(data, 'cp1.radiatorTemps.Loft.flow')).toBeUndefined();
    expect(correctableFieldOf(data, 'cp1.radiatorTemps.Hall.deltaT')).toBeUndefined();
    expect(correctableFieldOf(data, 'cp1.underfloorZones.2.flowRate')).toBeUndefined();
    expect(roomReadingCorrectables(check({}, V1))).toEqual([]);
    expect(correctableFieldOf(check({}, V1), 'cp1.radiatorTemps.Hall.flow')).toBeUndefined();
  });

  it('a radiator of step 4 with no reading yet can be given one; a room marked not applicable cannot', () => {
    const empty = check({});
    expect(correctableValue(empty, correctableFieldOf(empty, 'cp1.radiatorTemps.Hall.flow')!)).toBe('');
    const hallOff = {
      ...empty,
      radiators: { roomChecks: { Hall: { ...empty.radiators.roomChecks.Hall!, notApplicable: true } } },
    } as WizardData;
    expect(correctableFieldOf(hallOff, 'cp1.radiatorTemps.Hall.flow')).toBeUndefined();
  });

  it('the body names them; a value outside what the unit allows is refused with the field message', () => {
    const ok = correctionBody.safeParse({ field: 'cp1.radiatorTemps.Bed. 1.return', value: '44', reason: 'slip' });
    expect(ok.success).toBe(true);
    expect(correctionBody.safeParse({ field: 'cp1.radiatorTemps..flow', value: '1', reason: 'x' }).success).toBe(false);
    const ret = correctableFieldOf(data, 'cp1.radiatorTemps.Hall.return')!;
    expect(correctionValueError(ret, '130.1')).toBe('Must be between -20 and 130 °C');
    expect(correctionValueError(ret, '130')).toBeUndefined();
    const zone = correctableFieldOf(data, 'cp1.underfloorZones.0.flowRate')!;
    expect(correctionValueError(zone, '60.1')).toBe('Must be between 0 and 60 L/min');
    expect(correctionValueError(zone, '-0.1')).toBe('Must be between 0 and 60 L/min');
    expect(correctionValueError(zone, '0')).toBeUndefined();
  });

  it('a corrected return above its flow contradicts it, naming both; at its flow it stands (ΔT 0 K)', () => {
    const ret = correctableFieldOf(data, 'cp1.radiatorTemps.Hall.return')!;
    expect(correctionContradictions(withCorrection(data, ret, '55'), ret)).toEqual([]);
    expect(correctionContradictions(withCorrection(data, ret, '55.1'), ret)).toEqual([
      expect.objectContaining({
        field: 'cp1.radiatorTemps.Hall.return',
        other: 'cp1.radiatorTemps.Hall.flow',
        message:
          'Hall radiator return (55.1 °C) is hotter than its flow (55 °C): the probes may be on the wrong pipes. Measure both again.',
      }),
    ]);
    // A flow corrected below its return is the same contradiction, found from the other side.
    const flow = correctableFieldOf(data, 'cp1.radiatorTemps.Hall.flow')!;
    expect(correctionContradictions(withCorrection(data, flow, '44.9'), flow)).toHaveLength(1);
  });

  it('a corrected meter end below the start is a contradiction of every correction too', () => {
    const end = correctableFieldOf(data, 'meterEnd')!;
    const start = Number(data.meterStart);
    expect(correctionContradictions(withCorrection(data, end, String(start - 1)), end)).toEqual([
      expect.objectContaining({ field: 'photosSignature.meterEnd', other: 'meterStart' }),
    ]);
    expect(correctionContradictions(withCorrection(data, end, String(start)), end)).toEqual([]);
  });

  it('the corrected report is judged again, its ΔT from the new reading, never typed', () => {
    const ranges = rangesFor(undefined, V3);
    const ret = correctableFieldOf(data, 'cp1.radiatorTemps.Hall.return')!;
    const corrected = withCorrection(data, ret, '40');
    expect(corrected.cp1?.radiatorTemps?.Hall).toEqual({ flow: '55', return: '40' });
    expect(correctedDeltaT(data, ret, '40')).toBe(15);
    expect(correctedDeltaT(data, ret, '')).toBeNull();
    expect(correctedDeltaT(data, correctableFieldOf(data, 'cp1.underfloorZones.0.flowRate')!, '3')).toBeUndefined();
    expect(data.cp1?.radiatorTemps?.Hall).toEqual({ flow: '55', return: '45' });
    expect(reportVerdict(corrected, ranges, null)).toEqual(reportVerdict(data, ranges, null));
  });

  it('the history names the room or zone, with old and new values and their units', () => {
    expect(fieldLabel('cp1.radiatorTemps.Living room.return')).toBe(
      'Tertiary System Checks: Living room radiator return',
    );
    expect(fieldUnit('cp1.radiatorTemps.Living room.return')).toBe('°C');
    expect(fieldLabel('cp1.underfloorZones.1.flowRate')).toBe('Heating Checks: Underfloor zone 2 flow');
    expect(fieldUnit('cp1.underfloorZones.1.flowRate')).toBe('L/min');
    expect(fieldLabel('radiators.Hall')).toBe('Tertiary System Checks: Hall valve setting');
    const entry = {
      action: 'corrected',
      entityType: 'report',
      before: { 'cp1.radiatorTemps.Hall.return': '45', overallStatus: 'PASS', revision: 1 },
      after: { 'cp1.radiatorTemps.Hall.return': '40', overallStatus: 'PASS', revision: 2 },
    } as unknown as AuditEntry;
    expect(historyChanges(entry)[0]).toBe('Tertiary System Checks: Hall radiator return: 45 °C → 40 °C');
  });
});
