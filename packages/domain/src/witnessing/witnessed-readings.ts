import { measurementsOf } from '../rules/evaluate.js';
import type { Range } from '../rules/range-and-verdict.js';
import { judge, type Ranges } from '../rules/ranges.js';
import type { WizardData } from '../schemas/wizard-data.js';
import type { DwellingReading } from '../dwellings/dwellings-schema.js';

/** A reading the assessor can witness: one the report was judged on, with its range (stored with the report). */
export interface WitnessableReading {
  id: string;
  step: number;
  label: string;
  unit: string;
  range: Range;
}

/**
 * The readings of a report an assessor may witness: every judged one, the standard checklist's and its test
 * pack's, in step order, each with the range the report was judged against.
 */
export function witnessableReadings(data: Pick<WizardData, 'testPack'>, ranges: Ranges): WitnessableReading[] {
  const stored = ranges as Partial<Record<string, Range>>;
  return measurementsOf(data).flatMap((m) => {
    const range = m.range || m.judged ? stored[m.id] : undefined;
    return range ? [{ id: m.id, step: m.step, label: m.label, unit: m.unit, range }] : [];
  });
}

/**
 * The values an assessor saw, judged by the rule book against the report's ranges (docs/product.md#witnessing-and-sampling).
 * Answers the reading ids it does not know, so a caller can refuse them.
 */
export function judgeWitnessedReadings(
  data: Pick<WizardData, 'testPack'>,
  ranges: Ranges,
  entries: readonly { id: string; value: number }[],
): { readings: DwellingReading[]; unknown: string[] } {
  const known = new Map(witnessableReadings(data, ranges).map((r) => [r.id, r]));
  const unknown: string[] = [];
  const readings: DwellingReading[] = [];
  for (const e of entries) {
    const r = known.get(e.id);
    if (!r) {
      unknown.push(e.id);
      continue;
    }
    const verdict = judge(String(e.value), r.range);
    readings.push({
      id: r.id,
      step: r.step,
      label: r.label,
      value: e.value,
      unit: r.unit,
      range: { min: r.range.min, max: r.range.max },
      verdict: verdict === 'pending' ? 'not_entered' : verdict,
    });
  }
  return { readings, unknown };
}

/** A witness found a reading out of range: the sampling plan raises its rate for the flat's group. */
export const witnessFailed = (readings: readonly Pick<DwellingReading, 'verdict'>[]) =>
  readings.some((r) => r.verdict === 'fail');
