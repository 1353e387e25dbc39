import { describe, expect, it } from 'vitest';
import { DEFAULT_RANGES, emptyWizardData } from '@hiu/domain';
import { sectionRows } from './section-summary';

const row = (rows: ReturnType<typeof sectionRows>, label: string) => rows.find((r) => r.label === label);

describe('sectionRows', () => {
  it('shows a measurement with its unit and its verdict against the ranges', () => {
    const d = emptyWizardData();
    d.standbyMode.flowTemp = '46';
    d.standbyMode.returnTemp = '44';
    const rows = sectionRows('standbyMode', d, DEFAULT_RANGES);
    // The item is the id a reviewer marks it by, which the review flags it under.
    expect(row(rows, 'Flow Temperature')).toEqual({
      label: 'Flow Temperature',
      item: 'standbyFlowTemp',
      value: '46\u00a0°C',
      mark: 'pass',
    });
    expect(row(rows, 'Return Temperature')?.mark).toBe('fail');
    expect(row(rows, 'Flow Rate')).toMatchObject({ value: 'Not entered', mark: 'pending' });
  });

  it('says an optional value was not recorded without judging it', () => {
    const rows = sectionRows('dhw', emptyWizardData(), DEFAULT_RANGES);
    expect(row(rows, 'CWS Temperature')).toEqual({
      label: 'CWS Temperature',
      item: 'cwsTemp',
      value: 'Not recorded',
      mark: undefined,
    });
    expect(row(rows, 'Reached 45°C in 45 seconds')).toMatchObject({ value: 'Not answered', mark: 'pending' });
  });

  it('lists a skipped radiator step as skipped, and rooms with their expected setting', () => {
    const d = emptyWizardData();
    expect(sectionRows('radiators', d, DEFAULT_RANGES)).toEqual([{ label: 'Step skipped', value: 'No rooms checked' }]);
    d.radiators.roomChecks = {
      Hall: { valveSetting: '2', expectedValveSetting: '2.5' },
      Kitchen: { valveSetting: '3', expectedValveSetting: '' },
    };
    expect(sectionRows('radiators', d, DEFAULT_RANGES)).toEqual([
      { label: 'Hall', value: '2 (expected 2.5)', mark: 'fail' },
      { label: 'Kitchen', value: '3', mark: 'pass' },
    ]);
  });

  it('says why step 4, or a room of it, is not applicable', () => {
    const d = emptyWizardData();
    d.radiators = { roomChecks: {}, notApplicable: true, notApplicableReason: 'Underfloor heating only' };
    expect(sectionRows('radiators', d, DEFAULT_RANGES)).toEqual([
      { label: 'Step not applicable', value: 'Underfloor heating only' },
    ]);
    d.radiators = {
      roomChecks: {
        Hall: { valveSetting: '', expectedValveSetting: '2.5', notApplicable: true, notApplicableReason: 'Boxed in' },
      },
    };
    expect(sectionRows('radiators', d, DEFAULT_RANGES)).toEqual([{ label: 'Hall', value: 'Not applicable: Boxed in' }]);
  });

  it("shows a CP1/TS1 radiator's flow and return with its ΔT, and an underfloor zone's flow", () => {
    const d = emptyWizardData();
    d.testPack = { id: 'cp1-ts1', version: 3 };
    d.cp1 = {
      issues: [],
      radiatorTemps: { Hall: { flow: '55', return: '45' } },
      underfloorZones: [{ name: 'Bathroom', flowRate: '2.5' }],
    } as unknown as NonNullable<typeof d.cp1>;
    d.radiators.roomChecks = { Hall: { valveSetting: '2.5', expectedValveSetting: '2.5' } };
    expect(row(sectionRows('radiators', d, DEFAULT_RANGES), 'Hall radiator flow / return')).toEqual({
      label: 'Hall radiator flow / return',
      value: '55 / 45 °C, ΔT 10 K',
      mark: 'pass',
    });
    expect(row(sectionRows('heating', d, DEFAULT_RANGES), 'Underfloor zone Bathroom flow')).toEqual({
      label: 'Underfloor zone Bathroom flow',
      value: '2.5 L/min',
    });
  });

  it('answers yes/no questions in words', () => {
    const d = emptyWizardData();
    d.initialChecks.meterOk = false;
    d.initialChecks.bypassClosed = true;
    const rows = sectionRows('initialChecks', d, DEFAULT_RANGES);
    expect(row(rows, 'Meter OK')).toMatchObject({ value: 'No', mark: 'fail' });
    expect(row(rows, 'Bypass valve closed')).toMatchObject({ value: 'Yes', mark: 'pass' });
    expect(row(rows, 'Strainer clean')).toMatchObject({ value: 'Not answered', mark: 'pending' });
  });
});
