import type { WizardData } from '../schemas/wizard-data.js';
import { MEASUREMENTS, type Measurement, type RangedMeasurementId } from './catalogue.js';
import { judgeMeasurement } from './evaluate.js';
import { formatRange, type Ranges } from './ranges.js';
import { readMeasurement } from './read-measurement.js';

const withIssue = (MEASUREMENTS as readonly Measurement[]).filter((m) => m.issue && m.range);

const reading = (m: Measurement, value: string) => (m.unit ? `${value} ${m.unit}` : value);

/**
 * A report's stored failure reasons as an office reads them on the reports table: an
 * out-of-range reason gets the reading and the range it was judged against, from the report's own data and
 * ranges. The stored reasons stay the record of what failed; one whose reading the data no longer shows as
 * failing (two steps share a wording, or data of an older shape) is kept as stored.
 */
export function failuresWithValues(reasons: string[], data: WizardData, ranges: Ranges): string[] {
  return reasons.flatMap((reason) => {
    const failing = withIssue.filter(
      (m) => reason.startsWith(m.issue!) && judgeMeasurement(data, m, ranges) === 'fail',
    );
    if (failing.length === 0) return [reason];
    return failing.map((m) => {
      const range = formatRange(ranges[m.id as RangedMeasurementId]);
      const value = readMeasurement(data, m).trim();
      return `${m.issue}: ${reading(m, value)}${range ? ` (expected ${reading(m, range)})` : ''}`;
    });
  });
}
