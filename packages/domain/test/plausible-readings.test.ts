import { describe, expect, it } from 'vitest';
import { implausibleReading, measurement } from '@hiu/domain';

describe('a reading no flat can give', () => {
  const tap = measurement('dhwKitchenTap');

  it('466 °C at the kitchen tap is not a plausible reading, and asks whether 46.6 °C was meant', () => {
    const r = implausibleReading(tap, '466');
    expect(r?.message).toBe('466 °C is not a plausible reading: water at a tap is 0-100 °C.');
    expect(r?.suggestion).toBe('46.6');
    expect(r?.question).toBe('Did you mean 46.6 °C?');
  });

  it('a reading within what the quantity can be is plausible, even when it is out of the site range', () => {
    expect(implausibleReading(tap, '46.6')).toBeUndefined();
    expect(implausibleReading(tap, '90')).toBeUndefined();
    expect(implausibleReading(tap, '')).toBeUndefined();
  });

  it('suggests the largest value a missed decimal point could give that is plausible', () => {
    expect(implausibleReading(tap, '4660')?.suggestion).toBe('46.6');
    expect(implausibleReading(measurement('standbyFlowRate'), '250')?.question).toBe('Did you mean 25 L/min?');
  });

  it('asks only to re-measure when no decimal point would make it plausible', () => {
    const r = implausibleReading(tap, '-5');
    expect(r?.message).toBe('-5 °C is not a plausible reading: water at a tap is 0-100 °C.');
    expect(r?.suggestion).toBeUndefined();
    expect(r?.question).toBe('Re-measure and enter the reading again.');
  });

  it('leaves meter registers alone: any total is possible', () => {
    expect(implausibleReading(measurement('meterStart'), '98765432')).toBeUndefined();
  });
});
