import type { WizardData } from '../schemas/wizard-data.js';
import {
  INITIAL_CHECKS,
  MEASUREMENTS,
  type InitialCheckKey,
  type Measurement,
  type RangedMeasurementId,
} from './catalogue.js';
import type { Range } from './range-and-verdict.js';
import { formatRange, judge, type Ranges } from './ranges.js';
import { readMeasurement } from './read-measurement.js';
import { answerRemedies } from '../packs/answer-rules.js';

/** A judged reading outside its range: what the engineer entered and what the site expects. */
export interface OutOfRangeReading {
  id: RangedMeasurementId;
  label: string;
  unit: Measurement['unit'];
  value: string;
  range: Range;
}

/** "60 °C", "2.5 L/min", "1234" (no unit). */
export function withUnit(value: string, unit: string): string {
  return unit ? `${value} ${unit}` : value;
}

/** "45-48 °C", "≤ 3 L/min". */
export function rangeWithUnit(range: Range | undefined, unit: string): string {
  return withUnit(formatRange(range), unit);
}

/** The readings of one step that are outside the site's ranges, in the catalogue's order. */
export function outOfRangeReadings(step: number, data: WizardData, ranges: Ranges): OutOfRangeReading[] {
  return (MEASUREMENTS as readonly Measurement[])
    .filter((m) => m.step === step && m.range)
    .flatMap((m) => {
      const id = m.id as RangedMeasurementId;
      const value = readMeasurement(data, m).trim();
      return judge(value, ranges[id]) === 'fail'
        ? [{ id, label: m.label, unit: m.unit, value, range: ranges[id] }]
        : [];
    });
}

/** "60 °C is outside 45-48 °C" */
export function outsideText(r: OutOfRangeReading): string {
  return `${withUnit(r.value, r.unit)} is outside ${rangeWithUnit(r.range, r.unit)}`;
}

/**
 * What Next asks before a reading out of range fails the device, so a typo never files a failure:
 * "60 °C is outside 45-48 °C: re-measure, or record the HIU as failed?"
 */
export function outOfRangeQuestion(readings: OutOfRangeReading[]): string {
  const what =
    readings.length === 1 ? outsideText(readings[0]!) : readings.map((r) => `${r.label} ${outsideText(r)}`).join('; ');
  return `${what}: re-measure, or record the HIU as failed?`;
}

/** What puts each initial check right (the Failed page's next steps). */
const REMEDIES: Record<InitialCheckKey, string> = {
  bypassClosed: 'Close the bypass valve.',
  strainerClean: 'Clean the strainer.',
  clipsRemoved: 'Remove the transit clips.',
  meterOk: 'Repair or replace the heat meter.',
};

/**
 * What to put right after a device failure, naming only the checks that failed: one line per
 * No at step 2, one per standby reading out of range at step 3.
 */
export function failureRemedies(step: number, data: WizardData, ranges: Ranges): string[] {
  if (step === 2)
    return [
      ...INITIAL_CHECKS.filter((c) => data.initialChecks[c.key] === false).map((c) => REMEDIES[c.key]),
      ...answerRemedies(data, 2),
    ];
  if (step === 3)
    return outOfRangeReadings(3, data, ranges).map(
      (r) =>
        `Find why the standby ${r.label} reads ${withUnit(r.value, r.unit)} (expected ${rangeWithUnit(r.range, r.unit)}): check the HIU settings, the primary supply and any valve left open.`,
    );
  return [];
}
