import type { OverallStatus } from '../rules/overall-status.js';

/**
 * The review of a submitted report. Every report starts awaiting review, unless its site
 * approves passing reports automatically; a reviewer approves it or sends it back with a reason. A decision
 * is final: a report sent back is answered by a re-test, which is a new report of the same property.
 */
export const REVIEW_STATES = ['awaiting_review', 'approved', 'sent_back'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_DECISIONS = ['approve', 'send_back'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** The longest reason a reviewer may give for sending a report back. */
export const MAX_REVIEW_REASON = 2000;

/** The state a newly submitted report starts in. */
export function initialReviewState(report: { overallStatus: OverallStatus; autoApprovePassing: boolean }): ReviewState {
  return report.autoApprovePassing && report.overallStatus === 'PASS' ? 'approved' : 'awaiting_review';
}

export type ReviewOutcome = { ok: true; state: ReviewState } | { ok: false; state: ReviewState };

/** A reviewer's decision on a report in `state`: only a report awaiting review can be decided. */
export function decideReview(state: ReviewState, decision: ReviewDecision): ReviewOutcome {
  if (state !== 'awaiting_review') return { ok: false, state };
  return { ok: true, state: decision === 'approve' ? 'approved' : 'sent_back' };
}

/** How a state reads to a person. */
export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  awaiting_review: 'Awaiting review',
  approved: 'Approved',
  sent_back: 'Sent back',
};
