import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideReview,
  initialReviewState,
  REVIEW_DECISIONS,
  REVIEW_STATES,
  type ReviewDecision,
  type ReviewState,
} from '../src/index.js';

describe('review states', () => {
  it('starts a report awaiting review, or approved when its site approves passing reports automatically', () => {
    expect(initialReviewState({ overallStatus: 'PASS', autoApprovePassing: false })).toBe('awaiting_review');
    expect(initialReviewState({ overallStatus: 'PASS', autoApprovePassing: true })).toBe('approved');
    expect(initialReviewState({ overallStatus: 'FAIL', autoApprovePassing: true })).toBe('awaiting_review');
    expect(initialReviewState({ overallStatus: 'PENDING', autoApprovePassing: true })).toBe('awaiting_review');
  });

  it('decides only a report awaiting review; a decided report keeps its state', () => {
    expect(decideReview('awaiting_review', 'approve')).toEqual({ ok: true, state: 'approved' });
    expect(decideReview('awaiting_review', 'send_back')).toEqual({ ok: true, state: 'sent_back' });
    for (const state of ['approved', 'sent_back'] as const)
      for (const decision of REVIEW_DECISIONS) expect(decideReview(state, decision)).toEqual({ ok: false, state });
  });

  type Action =
    | { kind: 'retest'; status: 'PASS' | 'FAIL' | 'PENDING'; auto: boolean }
    | { kind: 'decide'; pick: number; decision: ReviewDecision };
  const action: fc.Arbitrary<Action> = fc.oneof(
    fc.record({
      kind: fc.constant('retest' as const),
      status: fc.constantFrom('PASS' as const, 'FAIL' as const, 'PENDING' as const),
      auto: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('decide' as const), pick: fc.nat(), decision: fc.constantFrom(...REVIEW_DECISIONS) }),
  );

  it('never reaches an undefined state or loses a report, whatever decisions and re-tests come in any order', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), (actions) => {
        // One property's reports, oldest first: a re-test adds a report, a decision changes one.
        const reports: ReviewState[] = [];
        let submitted = 0;
        for (const a of actions) {
          if (a.kind === 'retest') {
            reports.push(initialReviewState({ overallStatus: a.status, autoApprovePassing: a.auto }));
            submitted++;
            continue;
          }
          if (reports.length === 0) continue;
          const i = a.pick % reports.length;
          const before = reports[i]!;
          const outcome = decideReview(before, a.decision);
          if (outcome.ok) {
            expect(before).toBe('awaiting_review');
            expect(outcome.state).toBe(a.decision === 'approve' ? 'approved' : 'sent_back');
          } else {
            // A refused decision answers the current state and changes nothing.
            expect(outcome.state).toBe(before);
          }
          reports[i] = outcome.state;
        }
        expect(reports).toHaveLength(submitted);
        for (const state of reports) expect(REVIEW_STATES).toContain(state);
      }),
      { numRuns: 500 },
    );
  });

  it('lets exactly one of any number of reviewers deciding the same report at once win', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...REVIEW_DECISIONS), { minLength: 1, maxLength: 10 }), (decisions) => {
        let state: ReviewState = 'awaiting_review';
        let winners = 0;
        for (const d of decisions) {
          const outcome = decideReview(state, d);
          if (outcome.ok) winners++;
          state = outcome.state;
        }
        expect(winners).toBe(1);
        expect(state).toBe(decisions[0] === 'approve' ? 'approved' : 'sent_back');
      }),
    );
  });
});
