import { describe, expect, it } from 'vitest';
import { emptyWizardData, MEASUREMENTS, readMeasurement } from '@hiu/domain';
import { writeMeasurement } from './write-measurement';

describe('writeMeasurement', () => {
  it.each(MEASUREMENTS.map((m) => [m.id, m] as const))('writes %s where readMeasurement reads it', (_id, m) => {
    const d = emptyWizardData();
    writeMeasurement(d, m, '12.5');
    expect(readMeasurement(d, m)).toBe('12.5');
    // Nothing else changed.
    const others = MEASUREMENTS.filter((o) => o.id !== m.id && o.path.join('.') !== m.path.join('.'));
    expect(others.every((o) => readMeasurement(d, o) === '')).toBe(true);
  });
});
