import { describe, expect, it } from 'vitest';
import { approvedWorkOnly, buildSiteDashboard, DEFAULT_RANGES, flatState, type DashboardReport } from '../src/index.js';

const at = '2026-03-02T10:00:00.000Z';
const before = '2026-03-01T10:00:00.000Z';
const after = '2026-03-03T10:00:00.000Z';
const latest = (overallStatus: 'PASS' | 'FAIL' | 'PENDING', reviewState: DashboardReport['reviewState']) => ({
  overallStatus,
  reviewState,
  completedAt: at,
});

describe("a flat's state", () => {
  it('is not started, or in progress with a draft, before any report', () => {
    expect(flatState(null, undefined)).toBe('not_started');
    expect(flatState(at, undefined)).toBe('in_progress');
  });

  it('awaits review whatever the verdict until the office decides', () => {
    expect(flatState(null, latest('PASS', 'awaiting_review'))).toBe('awaiting_review');
    expect(flatState(null, latest('FAIL', 'awaiting_review'))).toBe('awaiting_review');
    expect(flatState(after, latest('FAIL', 'awaiting_review'))).toBe('awaiting_review');
  });

  it('counts an approved failure (a device failure) as failed, never approved', () => {
    expect(flatState(null, latest('PASS', 'approved'))).toBe('approved');
    expect(flatState(null, latest('FAIL', 'approved'))).toBe('failed');
  });

  it('keeps a sent-back flat apart from a failed one', () => {
    expect(flatState(null, latest('PASS', 'sent_back'))).toBe('sent_back');
    expect(flatState(null, latest('FAIL', 'sent_back'))).toBe('sent_back');
  });

  it('is in progress once a re-test is saved after the report, not for a draft left from before it', () => {
    expect(flatState(after, latest('PASS', 'sent_back'))).toBe('in_progress');
    expect(flatState(after, latest('FAIL', 'approved'))).toBe('in_progress');
    expect(flatState(before, latest('PASS', 'sent_back'))).toBe('sent_back');
    expect(flatState(before, latest('FAIL', 'approved'))).toBe('failed');
    expect(flatState(after, latest('PASS', 'approved'))).toBe('approved');
  });

  it('is the same for a client, who sees no verdict before approval', () => {
    for (const [status, review] of [
      ['FAIL', 'awaiting_review'],
      ['PASS', 'awaiting_review'],
      ['FAIL', 'sent_back'],
      ['FAIL', 'approved'],
    ] as const) {
      const r: DashboardReport = {
        id: 'r',
        propertyId: 'p',
        engineerId: null,
        engineerName: 'Erin',
        completedAt: at,
        overallStatus: status,
        reviewState: review,
        reviewedAt: null,
        failureReasons: [],
        readings: {},
      };
      expect(flatState(null, approvedWorkOnly([r])[0])).toBe(flatState(null, r));
    }
  });
});

describe('approved flats over time', () => {
  it('ends at the Approved count: an approved failure and a flat approved twice count once, as the tile does', () => {
    const report = (id: string, propertyId: string, over: Partial<DashboardReport>): DashboardReport => ({
      id,
      propertyId,
      engineerId: 'e1',
      engineerName: 'Erin',
      completedAt: before,
      overallStatus: 'PASS',
      reviewState: 'approved',
      reviewedAt: at,
      failureReasons: [],
      readings: {},
      ...over,
    });
    const flats = ['a', 'b', 'c'].map((id) => ({ id, block: '', floor: '', draftSavedAt: null }));
    const d = buildSiteDashboard(
      flats,
      [
        report('r1', 'a', {}),
        // b: a device failure approved: failed, not on the approved chart.
        report('r2', 'b', { overallStatus: 'FAIL' }),
        // c: a failure approved, then re-tested and approved the next day: one approved flat.
        report('r3', 'c', { overallStatus: 'FAIL' }),
        report('r4', 'c', { completedAt: at, reviewedAt: after }),
      ],
      DEFAULT_RANGES,
    );
    expect(d.states).toMatchObject({ approved: 2, failed: 1 });
    expect(d.approvedOverTime).toEqual([
      { day: '2026-03-02', approved: 1, total: 1 },
      { day: '2026-03-03', approved: 1, total: 2 },
    ]);
  });
});
