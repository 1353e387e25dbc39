import { describe, expect, it } from 'vitest';
import {
  canProceed,
  contradictions,
  currentTestPack,
  missingForNext,
  packCsvCells,
  packCsvColumns,
  radiatorDeltaT,
  judgeRadiatorDeltaT,
  sectionRows,
  DEFAULT_RANGES,
  wizardDataSchema,
  type WizardData,
} from '@hiu/domain';
import { passingCp1Check } from '@hiu/domain/testing';

const V2 = { id: 'cp1-ts1', version: 2 };
const V3 = { id: 'cp1-ts1', version: 3 };
const input = (cp1: Record<string, unknown>, testPack = V3) =>
  passingCp1Check({ testPack, cp1 } as Parameters<typeof passingCp1Check>[0]);
const check = (cp1: Record<string, unknown>, testPack = V3): WizardData => wizardDataSchema.parse(input(cp1, testPack));
const issues = (cp1: Record<string, unknown>, testPack = V3) => {
  const r = wizardDataSchema.safeParse(input(cp1, testPack));
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};
const hall = (flow: string, ret: string) => ({ radiatorTemps: { Hall: { flow, return: ret } } });
const zone = (flowRate: string, name = 'Bathroom') => ({ underfloorZones: [{ name, flowRate }] });

describe('ΔT per radiator and underfloor zone flows (CP1/TS1 version 3)', () => {
  it('are recorded by the newest version of the pack', () => {
    expect(currentTestPack('cp1-ts1')).toMatchObject({ version: 3, roomReadings: true });
  });

  it.each([
    ['-20.1', 'Must be between -20 and 130 °C'],
    ['-20', null],
    ['-19.9', null],
    ['129.9', null],
    ['130', null],
    ['130.1', 'Must be between -20 and 130 °C'],
  ])('a radiator temperature of %s °C: %j', (value, message) => {
    expect(issues(hall(value, '-20'))).toEqual(message ? [['cp1.radiatorTemps.Hall.flow', message]] : []);
  });

  it.each([
    ['-0.1', 'Must be between 0 and 60 L/min'],
    ['0', null],
    ['0.1', null],
    ['59.9', null],
    ['60', null],
    ['60.1', 'Must be between 0 and 60 L/min'],
  ])('a zone flow of %s L/min: %j', (value, message) => {
    expect(issues(zone(value))).toEqual(message ? [['cp1.underfloorZones.0.flowRate', message]] : []);
  });

  it('a zone with a flow needs its name', () => {
    expect(issues(zone('2', ' '))).toEqual([['cp1.underfloorZones.0.name', 'Name the zone']]);
  });

  it.each([
    ['55', '45', 10, 'pass'],
    ['45.1', '45', 0.1, 'pass'],
    ['45', '45', 0, 'pass'],
    ['45', '45.1', -0.1, 'fail'],
    ['55', '', null, 'pending'],
  ] as const)('flow %s °C, return %s °C: ΔT %j K, %s', (flow, ret, deltaT, verdict) => {
    expect(radiatorDeltaT({ flow, return: ret })).toBe(deltaT);
    expect(judgeRadiatorDeltaT(radiatorDeltaT({ flow, return: ret }))).toBe(verdict);
  });

  it('a return hotter than its flow contradicts it: named on step 4, Next waits', () => {
    const d = check(hall('45', '45.1'));
    expect(contradictions(d)).toEqual([
      {
        step: 4,
        field: 'cp1.radiatorTemps.Hall.return',
        other: 'cp1.radiatorTemps.Hall.flow',
        message:
          'Hall radiator return (45.1 °C) is hotter than its flow (45 °C): the probes may be on the wrong pipes. Measure both again.',
        summary: 'Hall radiator return',
      },
    ]);
    expect(canProceed(4, d)).toBe(false);
    expect(missingForNext(4, d)).toEqual(['Hall radiator return']);
    expect(canProceed(4, check(hall('45', '45')))).toBe(true);
  });

  it('the report prints each radiator with its ΔT under its room, and each zone on the heating step', () => {
    const d = check({ ...hall('55', '45'), ...zone('2.5') });
    expect(sectionRows('radiators', d, DEFAULT_RANGES)).toContainEqual({
      id: 'cp1.radiatorTemps.Hall',
      check: 'Hall radiator flow / return',
      value: '55 / 45 °C, ΔT 10 K',
      expected: 'Return not above flow (ΔT ≥ 0 K)',
      result: 'pass',
    });
    expect(sectionRows('heating', d, DEFAULT_RANGES)).toContainEqual({
      id: 'cp1.underfloorZones.0',
      check: 'Underfloor zone Bathroom flow',
      value: '2.5 L/min',
      expected: 'Information only',
      result: 'info',
    });
  });

  it('the CSV has a column for each, empty for a report without them', () => {
    const cell = (d: WizardData, column: string) => packCsvCells(d)[packCsvColumns().indexOf(column)];
    const d = check({ ...hall('55', '45'), ...zone('2.5') });
    expect(cell(d, 'CP1 Radiators: flow / return (°C), ΔT (K)')).toBe('Hall: 55/45 °C, ΔT 10 K');
    expect(cell(d, 'CP1 Underfloor zones: flow (L/min)')).toBe('Bathroom: 2.5 L/min');
    expect(cell(check({}, V2), 'CP1 Radiators: flow / return (°C), ΔT (K)')).toBe('');
  });

  it('a check without them keeps its shape', () => {
    const d = check({});
    expect(d.cp1).not.toHaveProperty('radiatorTemps');
    expect(d.cp1).not.toHaveProperty('underfloorZones');
  });
});
