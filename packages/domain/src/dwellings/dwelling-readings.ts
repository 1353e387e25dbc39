import { parseDecimal } from '../numbers.js';
import { judgeMeasurement, measurementsOf } from '../rules/evaluate.js';
import type { Range } from '../rules/range-and-verdict.js';
import type { Ranges } from '../rules/ranges.js';
import { readMeasurement } from '../rules/read-measurement.js';
import type { WizardData } from '../schemas/wizard-data.js';
import type { DwellingReading } from './dwellings-schema.js';

/**
 * Every reading of a report, the standard ones and its test pack's, with its unit and the range the report was
 * judged against (stored with it), judged by the rule book as the report was.
 */
export function dwellingReadings(data: WizardData, ranges: Ranges): DwellingReading[] {
  const stored = ranges as Partial<Record<string, Range>>;
  return measurementsOf(data).map((m) => {
    const text = readMeasurement(data, m).trim();
    const value = parseDecimal(text);
    const range = m.range || m.judged ? (stored[m.id] ?? null) : null;
    const verdict = value === null ? 'not_entered' : range === null ? 'not_judged' : judgeMeasurement(data, m, ranges);
    return {
      id: m.id,
      step: m.step,
      label: m.label,
      value,
      unit: m.unit,
      range: range && { min: range.min, max: range.max },
      verdict: verdict === 'pending' ? 'not_entered' : verdict,
    };
  });
}
