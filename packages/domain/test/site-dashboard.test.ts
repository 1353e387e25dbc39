import { describe, expect, it } from 'vitest';
import {
  buildSiteDashboard,
  currentTestPack,
  DEFAULT_RANGES,
  defaultDesignParameters,
  designParametersSchema,
  rangesByType,
  type DashboardReport,
} from '../src/index.js';

const flat = (id: string, block = '', floor = '', draftSavedAt: string | null = null, type?: string) => ({
  id,
  block,
  floor,
  draftSavedAt,
  ...(type ? { type } : {}),
});
let n = 0;
const report = (propertyId: string, over: Partial<DashboardReport> = {}): DashboardReport => ({
  id: `r${++n}`,
  propertyId,
  engineerId: 'e1',
  engineerName: 'Erin',
  completedAt: `2026-03-0${n % 9 || 1}T10:00:00.000Z`,
  overallStatus: 'PASS',
  reviewState: 'approved',
  reviewedAt: '2026-03-10T09:00:00.000Z',
  failureReasons: [],
  readings: {},
  ...over,
});

describe('site dashboard', () => {
  it('counts states by block and floor, first-time passes, re-tests, reasons and spreads by hand', () => {
    const flats = [
      flat('a', 'A', '1'),
      flat('b', 'A', '2'),
      flat('c', 'B', '1'),
      flat('d', 'B', '1', '2026-03-04T08:00:00.000Z'),
      flat('e'),
    ];
    const reports = [
      // a: failed first, then passed and approved: not a first-time pass, one re-test.
      report('a', {
        completedAt: '2026-03-01T09:00:00.000Z',
        overallStatus: 'FAIL',
        reviewState: 'sent_back',
        failureReasons: ['Primary Return Temperature out of range'],
        readings: { heatingPrimaryReturn: '61' },
      }),
      report('a', {
        completedAt: '2026-03-02T09:00:00.000Z',
        readings: { heatingPrimaryReturn: '38' },
        reviewedAt: '2026-03-03T08:00:00.000Z',
      }),
      // b: passed first time, approved.
      report('b', {
        completedAt: '2026-03-02T10:00:00.000Z',
        readings: { heatingPrimaryReturn: '42', fortyFiveSeconds: '30' },
      }),
      // c: passed, awaiting review.
      report('c', {
        completedAt: '2026-03-02T11:00:00.000Z',
        reviewState: 'awaiting_review',
        reviewedAt: null,
        engineerId: 'e2',
        engineerName: 'Eli',
        readings: { heatingPrimaryReturn: '40', fortyFiveSeconds: '50' },
      }),
      // c's attempt fails on the same reason twice over.
      report('c', {
        completedAt: '2026-03-01T11:00:00.000Z',
        overallStatus: 'FAIL',
        reviewState: 'sent_back',
        reviewedAt: null,
        engineerId: 'e2',
        engineerName: 'Eli',
        failureReasons: ['Primary Return Temperature out of range', 'Failed to reach 45°C in 45 seconds'],
      }),
    ];
    const d = buildSiteDashboard(flats, reports, DEFAULT_RANGES);
    expect(d.flats).toBe(5);
    expect(d.states).toEqual({
      not_started: 1,
      in_progress: 1,
      awaiting_review: 1,
      sent_back: 0,
      failed: 0,
      approved: 2,
    });
    expect(d.byBlock).toEqual([
      {
        block: '',
        states: { not_started: 1, in_progress: 0, awaiting_review: 0, sent_back: 0, failed: 0, approved: 0 },
      },
      {
        block: 'A',
        states: { not_started: 0, in_progress: 0, awaiting_review: 0, sent_back: 0, failed: 0, approved: 2 },
      },
      {
        block: 'B',
        states: { not_started: 0, in_progress: 1, awaiting_review: 1, sent_back: 0, failed: 0, approved: 0 },
      },
    ]);
    expect(d.byFloor.map((f) => [f.floor, f.states.approved])).toEqual([
      ['', 0],
      ['1', 1],
      ['2', 1],
    ]);
    expect({ reports: d.reports, tested: d.flatsTested, first: d.firstTimePasses, retests: d.retests }).toEqual({
      reports: 5,
      tested: 3,
      first: 1,
      retests: 2,
    });
    expect(d.firstTimePassRate).toBeCloseTo(1 / 3);
    expect(d.failureReasons).toEqual([
      { reason: 'Primary Return Temperature out of range', count: 2 },
      { reason: 'Failed to reach 45°C in 45 seconds', count: 1 },
    ]);
    const heating = d.distributions.find((x) => x.id === 'heatingPrimaryReturn')!;
    // The latest of each flat only: 38, 42, 40 (a's first 61 is not counted).
    expect({ count: heating.count, median: heating.median }).toEqual({ count: 3, median: 40 });
    // One set of ranges for every flat: one chart.
    expect(heating.groups).toHaveLength(1);
    expect(heating.groups[0]!.range).toEqual(DEFAULT_RANGES.heatingPrimaryReturn);
    expect(heating.groups[0]!.bins.reduce((s, b) => s + b.count, 0)).toBe(3);
    const fortyFive = d.distributions.find((x) => x.id === 'fortyFiveSeconds')!;
    expect(fortyFive).toMatchObject({ count: 2, inRange: 1, unit: 's' });
    expect(fortyFive.groups.map((g) => g.range)).toEqual([{ min: null, max: 45 }]);
    expect(d.approvedOverTime).toEqual([
      { day: '2026-03-03', approved: 1, total: 1 },
      { day: '2026-03-10', approved: 1, total: 2 },
    ]);
    expect(d.perEngineerPerDay).toEqual([
      { day: '2026-03-01', engineerId: 'e2', engineerName: 'Eli', reports: 1 },
      { day: '2026-03-01', engineerId: 'e1', engineerName: 'Erin', reports: 1 },
      { day: '2026-03-02', engineerId: 'e2', engineerName: 'Eli', reports: 1 },
      { day: '2026-03-02', engineerId: 'e1', engineerName: 'Erin', reports: 2 },
    ]);
  });
});

// docs/product.md#dashboard: each flat's reading is judged and drawn against its own property type's range.
describe("the dashboard's spreads by property type", () => {
  /** A CP1/TS1 site: heating primary return at most 60 °C, at most 50 °C for its 3b5p flats. */
  const ranges = rangesByType(
    designParametersSchema.parse({
      ...defaultDesignParameters(),
      byPropertyType: { '3b5p': { heating: { primaryReturnTempMax: '50' } } },
    }),
    currentTestPack('cp1-ts1'),
  );
  const flats = [
    flat('a', 'A', '1', null, '1b2p'),
    flat('b', 'A', '2', null, '2b4p'),
    flat('c', 'A', '3', null, '3b5p'),
    flat('d', 'A', '4', null, '3b5p'),
    flat('e', 'A', '5', null, '3b5p'),
  ];
  const returns = (values: Record<string, string>) =>
    buildSiteDashboard(
      flats,
      Object.entries(values).map(([id, v]) => report(id, { readings: { heatingPrimaryReturn: v } })),
      ranges,
    ).distributions.find((x) => x.id === 'heatingPrimaryReturn')!;

  it.each([
    ['at', '50', 1],
    ['just inside', '49.9', 1],
    ['just outside', '50.1', 0],
  ])("judges a 3b5p flat %s its type's maximum (%s °C) by its type's range, not the site's", (_w, value, inRange) => {
    const heating = returns({ c: value });
    expect(heating.groups.find((g) => g.types.includes('3b5p'))).toMatchObject({ count: 1, inRange });
    expect(heating).toMatchObject({ count: 1, inRange });
  });

  it('groups the flats by the range their type holds them to, one chart each, with low returns (no minimum)', () => {
    const heating = returns({ a: '55', b: '58', c: '45', d: '55', e: '30' });
    expect(heating.groups.map((g) => ({ types: g.types, range: g.range, count: g.count, inRange: g.inRange }))).toEqual(
      [
        { types: ['1b2p', '2b4p'], range: { min: null, max: 60 }, count: 2, inRange: 2 },
        { types: ['3b5p'], range: { min: null, max: 50 }, count: 3, inRange: 2 },
      ],
    );
    // 55 °C passes a 1b2p flat and fails a 3b5p one: four of five flats are within their own type's range.
    expect(heating).toMatchObject({ count: 5, inRange: 4, median: 55 });
    // Each chart spans its own values and its own range, so the shaded range is its types' own.
    const own = heating.groups[1]!;
    expect(own.bins[0]!.from).toBe(30);
    expect(own.bins.at(-1)!.to).toBe(55);
    expect(own.bins.reduce((n, b) => n + b.count, 0)).toBe(3);
  });

  it("shows a type's range before any of its flats has a reading, and the site's on a site of no flats", () => {
    expect(returns({}).groups.map((g) => [g.types, g.range.max, g.count])).toEqual([
      [['1b2p', '2b4p'], 60, 0],
      [['3b5p'], 50, 0],
    ]);
    const empty = buildSiteDashboard([], [], ranges).distributions.find((x) => x.id === 'heatingPrimaryReturn')!;
    expect(empty.groups).toEqual([
      { types: [], range: { min: null, max: 60 }, count: 0, inRange: 0, median: null, bins: [] },
    ]);
  });
});

// docs/product.md#dashboard: under a test pack, its own judged readings are drawn too, each flat against its type's.
describe("the dashboard's spreads of the test pack's own readings", () => {
  const pack = currentTestPack('cp1-ts1');
  /** A CP1/TS1 site with no design flow of its own: 0.5 m³/h for its 2b4p flats, 0.9 m³/h for its 3b5p ones. */
  const ranges = rangesByType(
    designParametersSchema.parse({
      ...defaultDesignParameters(),
      byPropertyType: { '2b4p': { cp1: { designFlow: '0.5' } }, '3b5p': { cp1: { designFlow: '0.9' } } },
    }),
    pack,
  );
  const flats = [
    flat('a', 'A', '1', null, '1b2p'),
    flat('b', 'A', '2', null, '2b4p'),
    flat('c', 'A', '3', null, '3b5p'),
    flat('d', 'A', '4', null, '3b5p'),
  ];
  const dashboard = (readings: Record<string, Record<string, string>>) =>
    buildSiteDashboard(
      flats,
      Object.entries(readings).map(([id, r]) => report(id, { readings: r })),
      ranges,
      pack,
    );

  it("draws each flat's design flow against its own type's design flow, one chart per type's range", () => {
    const d = dashboard({
      a: { 'cp1.heatingPeakFlow': '0.7' },
      b: { 'cp1.heatingPeakFlow': '0.52' },
      c: { 'cp1.heatingPeakFlow': '0.5' },
      d: { 'cp1.heatingPeakFlow': '0.95' },
    });
    const flow = d.distributions.find((x) => x.id === 'cp1.heatingPeakFlow')!;
    expect(flow).toMatchObject({ label: 'Heating peak flow', unit: 'm³/h', count: 4 });
    expect(flow.groups.map((g) => ({ types: g.types, range: g.range, count: g.count, inRange: g.inRange }))).toEqual([
      // A type without a design flow is not judged on it: its flats are drawn, none counted in range.
      { types: ['1b2p'], range: { min: null, max: null }, count: 1, inRange: 0 },
      { types: ['2b4p'], range: { min: 0.45, max: 0.55 }, count: 1, inRange: 1 },
      // 0.5 m³/h passes a 2b4p flat and fails a 3b5p one.
      { types: ['3b5p'], range: { min: 0.81, max: 0.99 }, count: 2, inRange: 1 },
    ]);
    expect(flow.inRange).toBe(2);
  });

  it("draws the pack's other ranged readings after the checklist's, and none on a standard site", () => {
    const d = dashboard({ a: { 'cp1.kitchenTapFlow': '7', 'cp1.peakReturn': '31' }, b: { 'cp1.peakReturn': '22' } });
    expect(d.distributions.map((x) => x.id)).toEqual([
      'heatingPrimaryReturn',
      'dhwPrimaryReturn',
      'standbyReturnTemp',
      'dhwKitchenTap',
      'fortyFiveSeconds',
      'cp1.heatingPeakFlow',
      'cp1.kitchenTapFlow',
      'cp1.peakReturn',
    ]);
    expect(d.distributions.find((x) => x.id === 'cp1.kitchenTapFlow')).toMatchObject({
      label: 'Kitchen tap flow',
      unit: 'L/min',
      count: 1,
      inRange: 1,
      groups: [{ range: { min: 5, max: 9 } }],
    });
    expect(d.distributions.find((x) => x.id === 'cp1.peakReturn')).toMatchObject({
      unit: '°C',
      count: 2,
      inRange: 1,
      groups: [{ range: { min: null, max: 25 } }],
    });
    expect(buildSiteDashboard(flats, [], DEFAULT_RANGES).distributions).toHaveLength(5);
  });
});
