import { describe, expect, it } from 'vitest';
import {
  canProceed,
  contradictionOf,
  contradictions,
  missingForNext,
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
      'Meter end reading (100.49) is lower than the meter start reading (100.5): a meter never counts backwards. Check both readings.',
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
