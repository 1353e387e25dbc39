// Readings taken once per radiator and once per underfloor zone (docs/product.md#test-packs): a pack field holds
// one value, so these are lists beside the pack's fields in `wizardData.cp1`, read by the same step, PDF and CSV.
import { parseDecimal } from '../numbers.js';

/** One radiator's flow and return temperatures (°C), by its room on step 4. */
export interface RadiatorTemps {
  flow: string;
  return: string;
}
/** One underfloor zone, named as its manifold is labelled, and its flow rate (L/min). */
export interface UnderfloorZone {
  name: string;
  flowRate: string;
}
/** What these rules read of a check's pack data. */
export interface RoomReadingsData {
  radiatorTemps?: Record<string, Partial<RadiatorTemps>> | undefined;
  underfloorZones?: readonly Partial<UnderfloorZone>[] | undefined;
}

/** What a radiator's temperature can possibly be, as every pack temperature. */
export const RADIATOR_TEMP = { unit: '°C', limits: { min: -20, max: 130 } } as const;
/** What a zone's flow meter can possibly read: a manifold's meters stop well below this. */
export const ZONE_FLOW = { unit: 'L/min', limits: { min: 0, max: 60 } } as const;
export const MAX_ZONES = 20;

const within = (value: string | undefined, limits: { min: number; max: number }, unit: string) => {
  const text = (value ?? '').trim();
  if (text === '') return null;
  const n = parseDecimal(text);
  if (n === null) return 'Must be a number';
  return n < limits.min || n > limits.max ? `Must be between ${limits.min} and ${limits.max} ${unit}` : null;
};

/** The radiator's ΔT in kelvin (flow less return), or null until both are numbers. */
export function radiatorDeltaT(t: Partial<RadiatorTemps> | undefined): number | null {
  const flow = parseDecimal(t?.flow ?? '');
  const ret = parseDecimal(t?.return ?? '');
  if (flow === null || ret === null) return null;
  // Decimals subtracted are a hair off (55.3 - 45.1); a reading has at most a few places.
  return Math.round((flow - ret) * 1000) / 1000;
}

/**
 * The rule a radiator's ΔT is held to: its return is not hotter than its flow (ΔT at least 0 K). A radiator gives
 * heat out, so a hotter return means the probes are on the wrong pipes; no code of practice sets a per-radiator
 * ΔT, so that is the one rule.
 */
export const judgeRadiatorDeltaT = (deltaT: number | null): 'pass' | 'fail' | 'pending' =>
  deltaT === null ? 'pending' : deltaT >= 0 ? 'pass' : 'fail';

/** "Hall radiator: flow 55 °C, return 45 °C, ΔT 10 K" and the like, for rows, the CSV and the step. */
export const deltaTText = (deltaT: number) => `ΔT ${deltaT} K`;

/** The message of a radiator whose return reads hotter than its flow, with both values. */
export const hotterReturnMessage = (room: string, t: Partial<RadiatorTemps>) =>
  `${room} radiator return (${t.return?.trim()} °C) is hotter than its flow (${t.flow?.trim()} °C): the probes may ` +
  'be on the wrong pipes. Measure both again.';

/** Values outside what their unit allows, or a zone with a flow and no name: paths under `cp1`. */
export function roomReadingProblems(data: RoomReadingsData): { path: string[]; message: string }[] {
  const out: { path: string[]; message: string }[] = [];
  for (const [room, t] of Object.entries(data.radiatorTemps ?? {}))
    for (const side of ['flow', 'return'] as const) {
      const message = within(t[side], RADIATOR_TEMP.limits, RADIATOR_TEMP.unit);
      if (message) out.push({ path: ['radiatorTemps', room, side], message });
    }
  (data.underfloorZones ?? []).forEach((zone, i) => {
    const message = within(zone.flowRate, ZONE_FLOW.limits, ZONE_FLOW.unit);
    if (message) out.push({ path: ['underfloorZones', String(i), 'flowRate'], message });
    if ((zone.name ?? '').trim() === '' && (zone.flowRate ?? '').trim() !== '')
      out.push({ path: ['underfloorZones', String(i), 'name'], message: 'Name the zone' });
  });
  return out;
}

/** The zones as the CSV and the report print them: "Zone 1: 2.5 L/min; Bathroom: 1.2 L/min" */
export function zoneFlowsText(data: RoomReadingsData): string {
  return (data.underfloorZones ?? [])
    .filter((z) => (z.flowRate ?? '').trim() !== '' || (z.name ?? '').trim() !== '')
    .map((z) => `${(z.name ?? '').trim()}: ${(z.flowRate ?? '').trim() || '—'} ${ZONE_FLOW.unit}`)
    .join('; ');
}

/** The radiators as the CSV prints them: "Hall: 55/45 °C, ΔT 10 K; Kitchen: 50/52 °C, ΔT -2 K" */
export function radiatorTempsText(data: RoomReadingsData): string {
  return Object.entries(data.radiatorTemps ?? {})
    .filter(([, t]) => (t.flow ?? '').trim() !== '' || (t.return ?? '').trim() !== '')
    .map(([room, t]) => {
      const d = radiatorDeltaT(t);
      return `${room}: ${(t.flow ?? '').trim() || '—'}/${(t.return ?? '').trim() || '—'} °C${d === null ? '' : `, ${deltaTText(d)}`}`;
    })
    .join('; ');
}
