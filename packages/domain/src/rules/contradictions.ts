// Readings that cannot all be true at once (docs/product.md#readings-that-agree): the phone names them on the
// step, the server refuses a report holding one (422 naming both fields). Plain data, no zod: the check's
// screens read it on every keystroke.
import { parseDecimal } from '../numbers.js';
import { CP1_FIELDS_V1 } from '../packs/cp1-ts1.js';
import {
  hotterReturnMessage,
  judgeRadiatorDeltaT,
  radiatorDeltaT,
  type RoomReadingsData,
} from '../packs/room-readings.js';
import type { DesignParameters } from '../schemas/design-parameters.js';
import { withDesignDefaults } from '../schemas/design-defaults.js';

/** What the rules read: the standard meter readings and, under a test pack, its values by key. */
export interface ReadingsData {
  meterStart: string;
  photosSignature: { meterEnd: string };
  cp1?: Record<string, unknown> | undefined;
  testPack?: { id: string; version: number } | undefined;
}

export interface Contradiction {
  /** The step the later reading is on: where the engineer sees the message. */
  step: number;
  /** The later reading's path in the check's data (`photosSignature.meterEnd`, `cp1.finalEnergy`). */
  field: string;
  /** The reading it contradicts. */
  other: string;
  /** In the engineer's words, with both values. */
  message: string;
  /** The later reading's label on its step: the list of what stops Next names it, and goes to it. */
  summary: string;
}

/** How far apart, in per cent of the larger, two meters read at the same moment may be by default. */
export const SAME_MOMENT_TOLERANCE_PERCENT = 10;

/** The site's design parameters, as the check's screens and the server hold them; absent: the defaults. */
export type SiteDesign = Partial<DesignParameters> | null | undefined;

/**
 * How far apart, in per cent of the larger, the flow at design load and the meter set's flow may be: the
 * site's design-flow tolerance (Design Parameters > CP1/TS1), the default when the admin left it empty.
 */
export function designFlowTolerance(design: SiteDesign): number {
  const set = parseDecimal((withDesignDefaults(design).cp1 as Record<string, string>).designFlowTolerance);
  return set === null || set < 0 ? SAME_MOMENT_TOLERANCE_PERCENT : set;
}

/** Decimal readings subtracted are a hair off (1 - 0.8 = 0.19999...): a limit is met within this. */
const EPSILON = 1e-9;

interface Reading {
  path: string;
  step: number;
  /** As the messages say it: "final energy reading". */
  label: string;
  unit: string;
}

/** The label the step shows for a reading. */
const shownLabel = (r: Reading) =>
  r.path === 'photosSignature.meterEnd'
    ? 'Meter End Reading'
    : (CP1_FIELDS_V1.find((f) => `cp1.${f.key}` === r.path)?.label ?? r.label);

const meterStart: Reading = { path: 'meterStart', step: 1, label: 'meter start reading', unit: 'kWh' };
const meterEnd: Reading = { path: 'photosSignature.meterEnd', step: 7, label: 'meter end reading', unit: 'kWh' };
const pack = (key: string, step: number, label: string, unit: string): Reading => ({
  path: `cp1.${key}`,
  step,
  label,
  unit,
});

/** A heat meter's totals, in the order they are read: a total never goes down. */
const ENERGY = [
  pack('baselineEnergy', 1, 'baseline energy', 'kWh'),
  pack('heatingPeakEnergy', 5, 'heating peak energy', 'kWh'),
  pack('dhwPeakEnergy', 6, 'hot-water peak energy', 'kWh'),
  pack('finalEnergy', 7, 'final energy reading', 'kWh'),
];
const VOLUME = [
  pack('baselineVolume', 1, 'baseline volume', 'm³'),
  pack('heatingPeakVolume', 5, 'heating peak volume', 'm³'),
  pack('dhwPeakVolume', 6, 'hot-water peak volume', 'm³'),
];
const designFlow = pack('meterFlowAtDesign', 5, 'heat meter flow at design load', 'm³/h');
const peakFlow = pack('heatingPeakFlow', 5, 'heating peak flow', 'm³/h');

function valueOf(data: ReadingsData, r: Reading): number | null {
  if (r.path === meterStart.path) return parseDecimal(data.meterStart);
  if (r.path === meterEnd.path) return parseDecimal(data.photosSignature.meterEnd);
  const v = data.cp1?.[r.path.slice('cp1.'.length)];
  return typeof v === 'string' ? parseDecimal(v) : null;
}

const withUnit = (n: number, unit: string) => (unit ? `${n} ${unit}` : String(n));
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Each pair of totals read in order, where the later is below the earlier one entered before it. */
function backwards(data: ReadingsData, totals: readonly Reading[]): Contradiction[] {
  const out: Contradiction[] = [];
  let earlier: { reading: Reading; value: number } | undefined;
  for (const r of totals) {
    const value = valueOf(data, r);
    if (value === null) continue;
    if (earlier && value < earlier.value) {
      out.push({
        step: r.step,
        field: r.path,
        other: earlier.reading.path,
        message:
          `${capital(r.label)} (${withUnit(value, r.unit)}) is lower than the ${earlier.reading.label} ` +
          `(${withUnit(earlier.value, earlier.reading.unit)}): a meter never counts backwards. Check both readings.`,
        summary: shownLabel(r),
      });
      continue; // judge the next total against the larger earlier one
    }
    earlier = { reading: r, value };
  }
  return out;
}

/**
 * The readings of a check that contradict each other, in step order, the flow at design load held to the
 * site's design-flow tolerance.
 */
export function contradictions(data: ReadingsData, design?: SiteDesign): Contradiction[] {
  const out = backwards(data, [meterStart, meterEnd]);
  if (data.testPack && data.testPack.id !== 'standard') {
    out.push(...backwards(data, ENERGY), ...backwards(data, VOLUME));
    const a = valueOf(data, designFlow);
    const b = valueOf(data, peakFlow);
    const tolerance = designFlowTolerance(design);
    if (a !== null && b !== null && Math.abs(a - b) - (Math.max(a, b) * tolerance) / 100 > EPSILON) {
      out.push({
        step: 5,
        field: designFlow.path,
        other: peakFlow.path,
        message:
          `The heat meter flow at design load (${withUnit(a, 'm³/h')}) and the heating peak flow ` +
          `(${withUnit(b, 'm³/h')}) are read at the same moment but differ by more than the site's design-flow ` +
          `tolerance (${tolerance}%). Read the meter again.`,
        summary: shownLabel(designFlow),
      });
    }
  }
  out.push(...hotterReturns(data));
  return out.sort((x, y) => x.step - y.step);
}

/** Radiators whose return reads hotter than their flow (step 4): the ΔT rule of the rule book. */
function hotterReturns(data: ReadingsData): Contradiction[] {
  const temps = (data.cp1 as RoomReadingsData | undefined)?.radiatorTemps ?? {};
  return Object.entries(temps)
    .filter(([, t]) => judgeRadiatorDeltaT(radiatorDeltaT(t)) === 'fail')
    .map(([room, t]) => ({
      step: 4,
      field: `cp1.radiatorTemps.${room}.return`,
      other: `cp1.radiatorTemps.${room}.flow`,
      message: hotterReturnMessage(room, t),
      summary: `${room} radiator return`,
    }));
}

/** The message of the contradiction a field is part of, for the step to show under it. */
export function contradictionOf(data: ReadingsData, path: string, design?: SiteDesign): string | undefined {
  return contradictions(data, design).find((c) => c.field === path)?.message;
}

/** The contradictions the engineer sees on a step (its later reading is there): they stop Next. */
export function stepContradictions(step: number, data: ReadingsData, design?: SiteDesign): Contradiction[] {
  return contradictions(data, design).filter((c) => c.step === step);
}
