import { describe, expect, it } from 'vitest';
import { DEFAULT_RANGES, evaluate, failuresWithValues, wizardDataSchema, type WizardDataInput } from '../src/index.js';
import { passingCheck } from '../testing/check-data.js';

const data = (input: WizardDataInput) => wizardDataSchema.parse(input);
const storedReasons = (d: ReturnType<typeof data>) =>
  evaluate(d, DEFAULT_RANGES)
    .issues.filter((i) => i.severity === 'fail')
    .map((i) => i.text);

describe('failuresWithValues', () => {
  it('gives each out-of-range reason its reading, unit and the range it was judged against', () => {
    const failing = data(passingCheck({ heatingMode: { tertiaryFlow: '90' }, initialChecks: { systemPressure: '9' } }));
    expect(failuresWithValues(storedReasons(failing), failing, DEFAULT_RANGES)).toEqual([
      'System Pressure out of range: 9 bar (expected 1-1.5 bar)',
      'Tertiary Flow Temperature out of range: 90 °C (expected 50-55 °C)',
    ]);
  });

  it('tells apart two steps that word a reason alike by which reading failed', () => {
    const failing = data(passingCheck({ dhwChecks: { primaryFlow: '80' } }));
    expect(failuresWithValues(storedReasons(failing), failing, DEFAULT_RANGES)).toEqual([
      'Primary Flow Temperature out of range: 80 °C (expected 55-65 °C)',
    ]);
  });

  it('keeps reasons without a reading, and reasons its data does not show, as stored', () => {
    const failing = data(passingCheck({ dhwChecks: { fortyFiveIn45: false, fortyFiveOverrideReason: 'Slow' } }));
    expect(failuresWithValues(storedReasons(failing), failing, DEFAULT_RANGES)).toEqual([
      'Failed to reach 45°C in 45 seconds',
    ]);
    expect(failuresWithValues(['Flow Rate out of range'], data({}), DEFAULT_RANGES)).toEqual([
      'Flow Rate out of range',
    ]);
  });
});
