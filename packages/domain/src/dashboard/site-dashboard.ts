import { z } from 'zod';
import { MEASUREMENTS } from '../rules/catalogue.js';
import { compareFloors } from './floor-order.js';
import { FLAT_STATES, flatState, noFlats, type FlatState } from './flat-state.js';
import { FORTY_FIVE_LIMIT_SECONDS } from '../rules/forty-five.js';
import type { Range } from '../rules/range-and-verdict.js';
import { formatRange, rangesFor, type Ranges } from '../rules/ranges.js';
import { designForType } from '../rules/design-for-type.js';
import type { DesignParameters } from '../schemas/design-parameters.js';
import type { PackIssue } from '../packs/pack-issue-schema.js';
import type { TestPackRef } from '../packs/test-pack-types.js';
import { findTestPack, packMeasurementId } from '../packs/test-packs.js';
import type { RangedMeasurementId } from '../rules/catalogue.js';
import { parseDecimal } from '../numbers.js';
import { calendarDate } from '../schemas/common.js';

/** The readings whose spread across the flats an assessor looks at, low return temperatures first. */
export const DISTRIBUTIONS = [
  { id: 'heatingPrimaryReturn', label: 'Heating primary return' },
  { id: 'dhwPrimaryReturn', label: 'DHW primary return' },
  { id: 'standbyReturnTemp', label: 'Standby return' },
  { id: 'dhwKitchenTap', label: 'DHW at the kitchen tap' },
  { id: 'fortyFiveSeconds', label: 'Time to 45 °C' },
] as const;
export type DistributionId = (typeof DISTRIBUTIONS)[number]['id'];

/** A reading whose spread is drawn: one of the checklist's above, or a test pack's (`cp1.<key>`). */
export interface DistributionReading {
  id: string;
  label: string;
  unit: string;
}

/**
 * The readings a site's dashboard and evidence pack draw: the checklist's, then, under a test pack, each of the
 * pack's own numbers judged against a range of the site's design (design flow, kitchen tap flow, the two-outlet peak
 * return). A reading held to a set-point recorded on each flat's unit has no range to shade, so is not drawn.
 */
export function distributionReadings(pack?: TestPackRef): DistributionReading[] {
  const own = pack && pack.id !== 'standard' ? findTestPack(pack) : undefined;
  return [
    ...DISTRIBUTIONS.map((d) => ({ ...d, unit: unitOf(d.id) })),
    ...(own?.fields ?? [])
      .filter((f) => f.kind === 'number' && f.range)
      .map((f) => ({ id: packMeasurementId(f), label: f.label, unit: f.unit ?? '' })),
  ];
}

export interface DashboardFlat {
  id: string;
  /** For the open issues list; absent where only figures are needed. */
  address?: string;
  block: string;
  floor: string;
  /** Its property type, whose design values judge its readings; absent where only figures are needed. */
  type?: string;
  /** When the flat's newest draft was saved (by the engineer filtered by, if any); null without one. */
  draftSavedAt: string | null;
}

export interface DashboardReport {
  id: string;
  propertyId: string | null;
  engineerId: string | null;
  engineerName: string;
  completedAt: string;
  overallStatus: 'PASS' | 'FAIL' | 'PENDING';
  reviewState: 'awaiting_review' | 'approved' | 'sent_back';
  reviewedAt: string | null;
  failureReasons: string[];
  /** The distribution readings as recorded (text), by id (`distributionReadings`). */
  readings: Partial<Record<string, string>>;
  /** A test-pack report's issues list, as the check stores it; absent on standard reports. */
  issues?: readonly PackIssue[];
}

const countsSchema = z.object(
  Object.fromEntries(FLAT_STATES.map((s) => [s, z.number().int()])) as Record<FlatState, z.ZodNumber>,
);
const rangeSchema = z.object({ min: z.number().nullable(), max: z.number().nullable() });

export const siteDashboardSchema = z.object({
  flats: z.number().int(),
  states: countsSchema,
  byBlock: z.array(z.object({ block: z.string(), states: countsSchema })),
  byFloor: z.array(z.object({ floor: z.string(), states: countsSchema })),
  reports: z.number().int(),
  flatsTested: z.number().int(),
  firstTimePasses: z.number().int(),
  /** First-time passes of the flats tested, 0 to 1; null before any. */
  firstTimePassRate: z.number().nullable(),
  retests: z.number().int(),
  failureReasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  distributions: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      unit: z.string(),
      /** Every flat's latest reading, each judged against its own type's range. */
      count: z.number().int(),
      inRange: z.number().int(),
      median: z.number().nullable(),
      /** The flats by the range their type holds them to: one chart each, so none is drawn against another's. */
      groups: z.array(
        z.object({
          /** The property types whose flats share this range; empty for flats of no type. */
          types: z.array(z.string()),
          range: rangeSchema,
          count: z.number().int(),
          inRange: z.number().int(),
          median: z.number().nullable(),
          bins: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
        }),
      ),
    }),
  ),
  approvedOverTime: z.array(z.object({ day: z.string(), approved: z.number().int(), total: z.number().int() })),
  /** Issues still open on each flat's latest report, oldest report first. */
  openIssues: z.array(
    z.object({
      propertyId: z.string(),
      address: z.string(),
      reportId: z.string(),
      description: z.string(),
      owner: z.string(),
      due: z.string(),
    }),
  ),
  perEngineerPerDay: z.array(
    z.object({
      day: z.string(),
      engineerId: z.string().nullable(),
      engineerName: z.string(),
      reports: z.number().int(),
    }),
  ),
});
export type SiteDashboard = z.infer<typeof siteDashboardSchema>;

export const dashboardQuery = z.object({
  from: calendarDate('From').optional(),
  to: calendarDate('To').optional(),
  engineerId: z.uuid().optional(),
  block: z.string().max(60).optional(),
  floor: z.string().max(60).optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/**
 * The reports as a client may see them (docs/product.md#clients): one not yet approved keeps its place and
 * review state, without its verdict, readings, failure reasons or issues.
 */
export function approvedWorkOnly(reports: readonly DashboardReport[]): DashboardReport[] {
  return reports.map((r) =>
    r.reviewState === 'approved'
      ? r
      : { ...r, overallStatus: 'PENDING', failureReasons: [], readings: {}, issues: undefined },
  );
}

function rangeOf(id: string, ranges: Ranges): Range {
  if (id === 'fortyFiveSeconds') return { min: null, max: FORTY_FIVE_LIMIT_SECONDS };
  return ranges[id as RangedMeasurementId] ?? { min: null, max: null };
}

function unitOf(id: DistributionId) {
  return id === 'fortyFiveSeconds' ? 's' : (MEASUREMENTS.find((m) => m.id === id)?.unit ?? '');
}

function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Ten equal bins over the values and the range together, so the range always shows on the chart. */
function bins(values: number[], range: Range): { from: number; to: number; count: number }[] {
  if (values.length === 0) return [];
  const lo = Math.min(...values, range.min ?? Infinity);
  const hi = Math.max(...values, range.max ?? -Infinity);
  const width = hi > lo ? (hi - lo) / 10 : 1;
  const out = Array.from({ length: hi > lo ? 10 : 1 }, (_, i) => ({
    from: lo + i * width,
    to: lo + (i + 1) * width,
    count: 0,
  }));
  for (const v of values) out[Math.min(out.length - 1, Math.floor((v - lo) / width))]!.count++;
  return out.map((b) => ({ from: round(b.from), to: round(b.to), count: b.count }));
}
const round = (n: number) => Math.round(n * 100) / 100;
const dayOf = (iso: string) => iso.slice(0, 10);

/** The ranges a flat of a property type is judged by: its type's design over the site's (`designForType`). */
export type RangesOfType = (type: string | undefined) => Ranges;

/**
 * A site's ranges per property type under its test pack (docs/product.md#values-per-property-type), each worked out
 * once: what the dashboard and the evidence pack judge and draw each flat's readings against.
 */
export function rangesByType(design: Partial<DesignParameters> | null | undefined, pack?: TestPackRef): RangesOfType {
  const known = new Map<string, Ranges>();
  return (type) => {
    const key = type ?? '';
    let ranges = known.get(key);
    if (!ranges) known.set(key, (ranges = rangesFor(designForType(design, type), pack)));
    return ranges;
  };
}

/** A range with neither limit judges nothing (a pack reading whose design value is not set): none is in it. */
export const isOpenRange = (range: Range) => range.min === null && range.max === null;
const within = (v: number, range: Range) =>
  !isOpenRange(range) && (range.min === null || v >= range.min) && (range.max === null || v <= range.max);

/**
 * A chart's figures in words: "2 in range ≤ 50 °C", or, where its flats' type sets no range for the reading,
 * that they are not judged on it.
 */
export function inRangeText(group: { inRange: number; range: Range }, unit: string): string {
  return isOpenRange(group.range)
    ? 'not judged (no design value set)'
    : `${group.inRange} in range ${formatRange(group.range)} ${unit}`;
}

/**
 * One reading's spread (docs/product.md#dashboard): each flat's latest value judged against its own type's range,
 * the flats grouped by that range (types sharing one range share a chart), so no flat is drawn against another
 * type's limit.
 */
function distribution(
  d: DistributionReading,
  flats: readonly { type?: string; value: string | undefined }[],
  rangesOf: RangesOfType,
): SiteDashboard['distributions'][number] {
  const groups = new Map<string, { types: Set<string>; range: Range; values: number[] }>();
  for (const f of flats) {
    const range = rangeOf(d.id, rangesOf(f.type));
    const key = `${range.min}|${range.max}`;
    const group = groups.get(key) ?? { types: new Set<string>(), range, values: [] };
    if (f.type) group.types.add(f.type);
    const v = parseDecimal(f.value ?? '');
    if (v !== null && Number.isFinite(v)) group.values.push(v);
    groups.set(key, group);
  }
  // A site with no flats (in the filters) still shows its own range.
  if (groups.size === 0) groups.set('', { types: new Set(), range: rangeOf(d.id, rangesOf(undefined)), values: [] });
  const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
  const list = [...groups.values()]
    .map((g) => ({
      types: [...g.types].sort(byName),
      range: g.range,
      count: g.values.length,
      inRange: g.values.filter((v) => within(v, g.range)).length,
      median: median(g.values),
      bins: bins(g.values, g.range),
    }))
    .sort((a, b) => byName(a.types[0] ?? '', b.types[0] ?? ''));
  const all = [...groups.values()].flatMap((g) => g.values);
  return {
    id: d.id,
    label: d.label,
    unit: d.unit,
    count: all.length,
    inRange: list.reduce((n, g) => n + g.inRange, 0),
    median: median(all),
    groups: list,
  };
}

/**
 * The site dashboard's figures from its flats and reports (already filtered by date and engineer), each flat's
 * readings judged against its property type's ranges (or one set for every flat), the site's test pack's own readings
 * drawn too. Pure, so the figures are checked by hand in tests and the pack uses the same.
 */
export function buildSiteDashboard(
  flats: DashboardFlat[],
  reports: DashboardReport[],
  ranges: Ranges | RangesOfType,
  pack?: TestPackRef,
): SiteDashboard {
  const rangesOf: RangesOfType = typeof ranges === 'function' ? ranges : () => ranges;
  const byFlat = new Map<string, DashboardReport[]>();
  for (const r of [...reports].sort((a, b) => a.completedAt.localeCompare(b.completedAt) || a.id.localeCompare(b.id))) {
    if (!r.propertyId) continue;
    const list = byFlat.get(r.propertyId) ?? [];
    list.push(r);
    byFlat.set(r.propertyId, list);
  }
  const states = noFlats();
  const blocks = new Map<string, Record<FlatState, number>>();
  const floors = new Map<string, Record<FlatState, number>>();
  const latest: DashboardReport[] = [];
  const approvedFlats: DashboardReport[] = [];
  let firstTimePasses = 0;
  for (const f of flats) {
    const mine = byFlat.get(f.id) ?? [];
    const last = mine.at(-1);
    if (last) latest.push(last);
    if (mine[0]?.overallStatus === 'PASS') firstTimePasses++;
    const state = flatState(f.draftSavedAt, last);
    if (state === 'approved') approvedFlats.push(last!);
    states[state]++;
    const b = blocks.get(f.block) ?? noFlats();
    b[state]++;
    blocks.set(f.block, b);
    const fl = floors.get(f.floor) ?? noFlats();
    fl[state]++;
    floors.set(f.floor, fl);
  }
  const flatIds = new Set(flats.map((f) => f.id));
  const ofFlats = reports.filter((r) => r.propertyId && flatIds.has(r.propertyId));
  const flatsTested = flats.filter((f) => byFlat.has(f.id)).length;

  const reasons = new Map<string, number>();
  for (const r of ofFlats) for (const reason of r.failureReasons) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);

  // Flats approved, on the day their approved report was decided: its running total is the Approved tile.
  const approvedByDay = new Map<string, number>();
  for (const r of approvedFlats) {
    const day = dayOf(r.reviewedAt ?? r.completedAt);
    approvedByDay.set(day, (approvedByDay.get(day) ?? 0) + 1);
  }
  let running = 0;
  const approvedOverTime = [...approvedByDay.keys()].sort().map((d) => {
    running += approvedByDay.get(d)!;
    return { day: d, approved: approvedByDay.get(d)!, total: running };
  });

  const perDay = new Map<string, { day: string; engineerId: string | null; engineerName: string; reports: number }>();
  for (const r of ofFlats) {
    const key = `${dayOf(r.completedAt)}|${r.engineerId ?? r.engineerName}`;
    const row = perDay.get(key) ?? {
      day: dayOf(r.completedAt),
      engineerId: r.engineerId,
      engineerName: r.engineerName,
      reports: 0,
    };
    row.reports++;
    perDay.set(key, row);
  }

  // An issue is open until the flat's latest report says it is resolved (a re-test carries it).
  const address = new Map(flats.map((f) => [f.id, f.address ?? '']));
  const openIssues = latest.flatMap((r) =>
    (r.issues ?? [])
      .filter((i) => !i.resolved)
      .map((i) => ({
        propertyId: r.propertyId!,
        address: address.get(r.propertyId!) ?? '',
        reportId: r.id,
        description: i.description,
        owner: i.owner,
        due: i.due,
      })),
  );

  const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
  return {
    openIssues,
    flats: flats.length,
    states,
    byBlock: [...blocks.entries()].sort(([a], [b]) => byName(a, b)).map(([block, s]) => ({ block, states: s })),
    byFloor: [...floors.entries()].sort(([a], [b]) => compareFloors(a, b)).map(([floor, s]) => ({ floor, states: s })),
    reports: ofFlats.length,
    flatsTested,
    firstTimePasses,
    firstTimePassRate: flatsTested ? firstTimePasses / flatsTested : null,
    retests: ofFlats.length - flatsTested,
    failureReasons: [...reasons.entries()]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    distributions: distributionReadings(pack).map((d) =>
      distribution(
        d,
        flats.map((f) => ({ type: f.type, value: byFlat.get(f.id)?.at(-1)?.readings[d.id] })),
        rangesOf,
      ),
    ),
    approvedOverTime,
    perEngineerPerDay: [...perDay.values()].sort(
      (a, b) => a.day.localeCompare(b.day) || byName(a.engineerName, b.engineerName),
    ),
  };
}
