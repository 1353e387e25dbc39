import { describe, expect, it } from 'vitest';
import {
  canProceed,
  contradictionOf,
  contradictions,
  defaultDesignParameters,
  energyWarning,
  evaluate,
  missingForNext,
  rangesFor,
  SAME_MOMENT_TOLERANCE_PERCENT,
  wizardDataSchema,
  type WizardData,
} from '@hiu/domain';
import { passingCheck, passingCp1Check, PASSING_CP1 } from '@hiu/domain/testing';

const standard = (meterStart: string, meterEnd: string): WizardData => {
  const d = wizardDataSchema.parse(passingCheck());
  return { ...d, meterStart, photosSignature: { ...d.photosSignature, meterEnd } };
};
const cp1 = (values: Partial<typeof PASSING_CP1>) => wizardDataSchema.parse(passingCp1Check({ cp1: values }));

describe('readings that contradict each other', () => {
  it('takes a meter end at or above its start, and names one just below it on step 7', () => {
    expect(contradictions(standard('100.5', '100.5'))).toEqual([]);
    expect(contradictions(standard('100.5', '100.51'))).toEqual([]);
    const [c] = contradictions(standard('100.5', '100.49'));
    expect(c).toMatchObject({ step: 7, field: 'photosSignature.meterEnd', other: 'meterStart' });
    expect(c!.message).toBe(
      'Meter end reading (100.49 kWh) is lower than the meter start reading (100.5 kWh): a meter never counts backwards. Check both readings.',
    );
    const below = standard('100.5', '99');
    expect(canProceed(7, below)).toBe(false);
    expect(missingForNext(7, below)).toEqual(['Meter End Reading']);
    expect(contradictionOf(below, 'photosSignature.meterEnd')).toMatch(/never counts backwards/);
    // An empty reading contradicts nothing yet.
    expect(contradictions(standard('100.5', ''))).toEqual([]);
  });

  it('holds the heat meter totals in the order they are read: baseline, heating peak, hot-water peak, final', () => {
    expect(contradictions(cp1({}))).toEqual([]);
    expect(contradictions(cp1({ finalEnergy: PASSING_CP1.dhwPeakEnergy }))).toEqual([]);
    const final = contradictions(cp1({ finalEnergy: '1520.3' }));
    expect(final).toEqual([expect.objectContaining({ step: 7, field: 'cp1.finalEnergy', other: 'cp1.dhwPeakEnergy' })]);
    expect(final[0]!.message).toMatch(/^Final energy reading \(1520.3 kWh\) is lower than the hot-water peak energy/);
    const volume = contradictions(cp1({ heatingPeakVolume: '48.2' }));
    expect(volume).toEqual([
      expect.objectContaining({ step: 5, field: 'cp1.heatingPeakVolume', other: 'cp1.baselineVolume' }),
    ]);
    // A standard check never reads the pack's values.
    expect(contradictions({ ...cp1({ finalEnergy: '1' }), testPack: { id: 'standard', version: 1 } })).toEqual([]);
  });

  it('holds the flow at design load within the tolerance of the meter set read at the same moment', () => {
    const t = SAME_MOMENT_TOLERANCE_PERCENT / 100;
    expect(contradictions(cp1({ meterFlowAtDesign: '1', heatingPeakFlow: String(1 - t) }))).toEqual([]);
    expect(contradictions(cp1({ meterFlowAtDesign: '1', heatingPeakFlow: '0.95' }))).toEqual([]);
    const apart = contradictions(cp1({ meterFlowAtDesign: '0.77', heatingPeakFlow: '0.21' }));
    expect(apart).toEqual([
      expect.objectContaining({ step: 5, field: 'cp1.meterFlowAtDesign', other: 'cp1.heatingPeakFlow' }),
    ]);
    expect(contradictions(cp1({ meterFlowAtDesign: '1', heatingPeakFlow: '0.899' }))).toHaveLength(1);
    expect(canProceed(5, cp1({ meterFlowAtDesign: '0.77', heatingPeakFlow: '0.21' }))).toBe(false);
  });
});

/** A site whose design-flow tolerance is `tolerance` per cent (its other design parameters the defaults). */
const siteWith = (tolerance: string) => {
  const design = defaultDesignParameters();
  return { ...design, cp1: { ...design.cp1, designFlowTolerance: tolerance } };
};

describe("the flow at design load held to the site's design-flow tolerance", () => {
  const flows = (meterFlowAtDesign: string, heatingPeakFlow: string) => cp1({ meterFlowAtDesign, heatingPeakFlow });

  it('takes a flow at, or just inside, 20 % of the larger on a site allowing 20 %, and names one just outside', () => {
    const site = siteWith('20');
    expect(contradictions(flows('1', '0.8'), site)).toEqual([]);
    expect(contradictions(flows('1', '0.801'), site)).toEqual([]);
    const [c] = contradictions(flows('1', '0.799'), site);
    expect(c).toMatchObject({ step: 5, field: 'cp1.meterFlowAtDesign', other: 'cp1.heatingPeakFlow' });
    expect(c!.message).toBe(
      'The heat meter flow at design load (1 m³/h) and the heating peak flow (0.799 m³/h) are read at the same ' +
        "moment but differ by more than the site's design-flow tolerance (20%). Read the meter again.",
    );
    // The step names it and waits, as the server refuses it.
    expect(canProceed(5, flows('1', '0.799'), site)).toBe(false);
    expect(missingForNext(5, flows('1', '0.799'), site)).toEqual(['Heat meter flow at design load']);
    expect(contradictionOf(flows('1', '0.799'), 'cp1.meterFlowAtDesign', site)).toMatch(/\(20%\)/);
    // 15 % apart: inside this site's 20 %, outside the default 10 %.
    expect(canProceed(5, flows('1', '0.85'), site)).toBe(true);
    expect(canProceed(5, flows('1', '0.85'))).toBe(false);
  });

  it('holds a site allowing 5 % to 5 %, and one with no tolerance set to the default 10 %', () => {
    expect(contradictions(flows('1', '0.95'), siteWith('5'))).toEqual([]);
    expect(contradictions(flows('1', '0.949'), siteWith('5'))).toHaveLength(1);
    expect(contradictions(flows('1', '0.9'), siteWith(''))).toEqual([]);
    expect(contradictions(flows('1', '0.899'), siteWith(''))).toHaveLength(1);
  });
});

describe('the energy used during the check against power x time', () => {
  // Started 09:00, step 7 done at 10:00: one hour. The meter's highest power is the hot-water peak's 38 kW, so
  // the meter can have counted at most 38 kWh, plus 1 kWh for the register's last digit at each end.
  const timed = (finalEnergy: string) =>
    wizardDataSchema.parse(
      passingCp1Check({
        cp1: { finalEnergy },
        stepCompletedAt: { 'photos-signature': '2026-03-02T10:00:00.000Z' },
      } as Parameters<typeof passingCp1Check>[0]),
    );
  const baseline = Number(PASSING_CP1.baselineEnergy);

  it('says nothing at or just inside 38 kW x 1 h (+1 kWh), and warns just outside it', () => {
    expect(energyWarning(timed(String(baseline + 39)))).toBeUndefined();
    expect(energyWarning(timed(String(baseline + 38.9)))).toBeUndefined();
    const warning = energyWarning(timed(String(baseline + 39.1)));
    expect(warning).toEqual({
      step: 7,
      field: 'cp1.finalEnergy',
      message:
        'The heat meter counted 39.1 kWh between the baseline and the final reading, more than its highest ' +
        'power (38 kW) could deliver in the time of the check (1h 0m: 39 kWh with the last digit). Check the ' +
        'final energy reading and the power readings.',
    });
  });

  it('is a warning: Next and the verdict are as before, and the review lists it', () => {
    const data = timed(String(baseline + 500));
    expect(canProceed(7, data)).toBe(true);
    const evaluation = evaluate(data, rangesFor(defaultDesignParameters(), data.testPack), null);
    expect(evaluation.overall).toBe('PASS');
    expect(evaluation.issues).toContainEqual({
      section: 'photosSignature',
      text: energyWarning(data)!.message,
      severity: 'warning',
    });
    expect(contradictions(data)).toEqual([]);
  });

  it('on the phone, before step 7 is done, counts the time up to now', () => {
    const data = { ...timed(String(baseline + 60)), stepCompletedAt: {} };
    expect(energyWarning(data)).toBeUndefined();
    expect(energyWarning(data, new Date('2026-03-02T11:00:00.000Z'))).toBeUndefined();
    expect(energyWarning(data, new Date('2026-03-02T10:00:00.000Z'))?.message).toMatch(/counted 60 kWh/);
  });

  it('judges nothing until both totals and a power are read, nor on a standard check', () => {
    expect(energyWarning(timed(''))).toBeUndefined();
    const noPower = timed(String(baseline + 500));
    noPower.cp1 = { ...noPower.cp1!, baselinePower: '', heatingPeakPower: '', dhwPeakPower: '' };
    expect(energyWarning(noPower)).toBeUndefined();
    expect(energyWarning({ ...timed(String(baseline + 500)), testPack: { id: 'standard', version: 1 } })).toBe(
      undefined,
    );
  });
});
