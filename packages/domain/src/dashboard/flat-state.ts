/**
 * Where a flat stands (docs/product.md#where-a-flat-stands): the one definition the dashboard's tiles, tables,
 * charts and filters, the evidence pack, its summary and dwellings.json all count by.
 */
export const FLAT_STATES = [
  'not_started',
  'in_progress',
  'awaiting_review',
  'sent_back',
  'failed',
  'approved',
] as const;
export type FlatState = (typeof FLAT_STATES)[number];
export const FLAT_STATE_LABELS: Record<FlatState, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  awaiting_review: 'Awaiting review',
  sent_back: 'Sent back',
  failed: 'Failed',
  approved: 'Approved',
};

/** What of a flat's latest report its state is judged from. */
export interface StateReport {
  overallStatus: 'PASS' | 'FAIL' | 'PENDING';
  reviewState: 'awaiting_review' | 'approved' | 'sent_back';
  completedAt: string;
}

/** Whether a draft saved at `draftSavedAt` is a check under way: none is counted that is older than the report. */
export function draftUnderWay(draftSavedAt: string | null, latest: Pick<StateReport, 'completedAt'> | undefined) {
  if (draftSavedAt === null) return false;
  return !latest || Date.parse(draftSavedAt) > Date.parse(latest.completedAt);
}

/**
 * A flat's state from its latest report and its newest draft. The review decides first: a report the office has
 * not decided is Awaiting review whatever its verdict (so a client, who sees no verdict before approval, counts
 * the same). An approved pass is Approved; an approved failure (a device failure too) stays Failed until a
 * re-test is approved. A flat sent back or failed with a draft saved after that report is In progress: the
 * re-test is under way.
 */
export function flatState(draftSavedAt: string | null, latest: StateReport | undefined): FlatState {
  if (!latest) return draftSavedAt === null ? 'not_started' : 'in_progress';
  if (latest.reviewState === 'awaiting_review') return 'awaiting_review';
  if (latest.reviewState === 'approved' && latest.overallStatus !== 'FAIL') return 'approved';
  if (draftUnderWay(draftSavedAt, latest)) return 'in_progress';
  return latest.reviewState === 'sent_back' ? 'sent_back' : 'failed';
}

/** Every state at nought, to count into. */
export const noFlats = (): Record<FlatState, number> =>
  Object.fromEntries(FLAT_STATES.map((s) => [s, 0])) as Record<FlatState, number>;
