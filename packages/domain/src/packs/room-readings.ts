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

/** The range a radiator's ΔT is judged against, as the exports print it: at least 0 K, no maximum. */
export const RADIATOR_DELTA_T = { unit: 'K', range: { min: 0, max: null } } as const;

/**
 * The rule a radiator's ΔT is held to: its return is not hotter than its flow (ΔT at least 0 K). A radiator gives
 * heat out, so a hotter return means the probes are on the wrong pipes; no code of practice sets a per-radiator
 * ΔT, so that is the one rule.
 */
export const judgeRadiatorDeltaT = (deltaT: number | null): 'pass' | 'fail' | 'pending' =>
  deltaT === null ? 'pending' : deltaT >= RADIATOR_DELTA_T.range.min ? 'pass' : 'fail';

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

/** One radiator as the exports list it (docs/product.md#test-packs): its room, readings, ΔT and verdict. */
export interface RadiatorReading {
  room: string;
  flow: number | null;
  return: number | null;
  deltaT: number | null;
  verdict: 'pass' | 'fail' | 'not_entered';
}

/** Every radiator with a reading, in step 4's order, each judged by the ΔT rule (not entered until both are). */
export function radiatorReadings(data: RoomReadingsData): RadiatorReading[] {
  return Object.entries(data.radiatorTemps ?? {})
    .filter(([, t]) => (t.flow ?? '').trim() !== '' || (t.return ?? '').trim() !== '')
    .map(([room, t]) => {
      const deltaT = radiatorDeltaT(t);
      const verdict = judgeRadiatorDeltaT(deltaT);
      return {
        room,
        flow: parseDecimal((t.flow ?? '').trim()),
        return: parseDecimal((t.return ?? '').trim()),
        deltaT,
        verdict: verdict === 'pending' ? 'not_entered' : verdict,
      };
    });
}

/**
 * The lowest ΔT of a flat's radiators, the one the rule turns on (a single hotter return fails them): the
 * analysis export's number beside its range and verdict. Null until a radiator has both readings.
 */
export function lowestRadiatorDeltaT(data: RoomReadingsData): number | null {
  const all = radiatorReadings(data).flatMap((r) => (r.deltaT === null ? [] : [r.deltaT]));
  return all.length ? Math.min(...all) : null;
}

/** One underfloor zone as the exports list it: recorded, not judged. */
export interface ZoneReading {
  name: string;
  flowRate: number | null;
}

/** Every zone with a name or a flow, in the order the engineer added them. */
export function zoneReadings(data: RoomReadingsData): ZoneReading[] {
  return (data.underfloorZones ?? [])
    .filter((z) => (z.flowRate ?? '').trim() !== '' || (z.name ?? '').trim() !== '')
    .map((z) => ({ name: (z.name ?? '').trim(), flowRate: parseDecimal((z.flowRate ?? '').trim()) }));
}

/** What a radiator is held to, in the words the report and the pack print beside it. */
export const RADIATOR_RULE_TEXT = 'Return not above flow (ΔT ≥ 0 K)';

/** "Hall radiator flow / return: 55 / 45 °C, ΔT 10 K", a line of the pack's flat by flat. */
export function radiatorReadingText(r: Pick<RadiatorReading, 'room' | 'flow' | 'return' | 'deltaT'>): string {
  const value = (n: number | null) => (n === null ? '—' : String(n));
  const deltaT = r.deltaT === null ? '' : `, ${deltaTText(r.deltaT)}`;
  return `${r.room} radiator flow / return: ${value(r.flow)} / ${value(r.return)} ${RADIATOR_TEMP.unit}${deltaT}`;
}

/** "Underfloor zone Bathroom flow: 2.5 L/min" */
export const zoneReadingText = (z: ZoneReading): string =>
  `Underfloor zone ${z.name || 'unnamed'} flow: ${z.flowRate === null ? '—' : `${z.flowRate} ${ZONE_FLOW.unit}`}`;
