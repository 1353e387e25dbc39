import { describe, expect, it } from 'vitest';
import { buildSiteDashboard, DEFAULT_RANGES, type DashboardReport } from '../src/index.js';

const flat = (id: string, block = '', floor = '', draftSavedAt: string | null = null) => ({
  id,
  block,
  floor,
  draftSavedAt,
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
    expect(heating.range).toEqual(DEFAULT_RANGES.heatingPrimaryReturn);
    expect(heating.bins.reduce((s, b) => s + b.count, 0)).toBe(3);
    const fortyFive = d.distributions.find((x) => x.id === 'fortyFiveSeconds')!;
    expect(fortyFive).toMatchObject({ count: 2, inRange: 1, range: { min: null, max: 45 }, unit: 's' });
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
