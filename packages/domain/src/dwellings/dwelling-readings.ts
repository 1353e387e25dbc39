import { parseDecimal } from '../numbers.js';
import { judgeMeasurement, measurementsOf } from '../rules/evaluate.js';
import type { Range } from '../rules/range-and-verdict.js';
import type { Ranges } from '../rules/ranges.js';
import { readMeasurement } from '../rules/read-measurement.js';
import type { WizardData } from '../schemas/wizard-data.js';
import type { DwellingRadiator, DwellingReading, DwellingZone } from './dwellings-schema.js';
import {
  RADIATOR_DELTA_T,
  RADIATOR_TEMP,
  radiatorReadings,
  ZONE_FLOW,
  zoneReadings,
  type RoomReadingsData,
} from '../packs/room-readings.js';

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

/**
 * The readings a test pack takes per radiator and per underfloor zone (docs/product.md#test-packs): each radiator
 * with its ΔT judged by the rule book's one rule for it, each zone's flow recorded. Empty for a check without them.
 */
export function dwellingRoomReadings(data: WizardData): {
  radiators: DwellingRadiator[];
  underfloorZones: DwellingZone[];
} {
  const rooms = (data.cp1 ?? {}) as RoomReadingsData;
  return {
    radiators: radiatorReadings(rooms).map((r) => ({
      room: r.room,
      flow: r.flow,
      return: r.return,
      unit: RADIATOR_TEMP.unit,
      deltaT: r.deltaT,
      deltaTUnit: RADIATOR_DELTA_T.unit,
      range: { ...RADIATOR_DELTA_T.range },
      verdict: r.verdict,
    })),
    underfloorZones: zoneReadings(rooms).map((z) => ({ ...z, unit: ZONE_FLOW.unit })),
  };
}
