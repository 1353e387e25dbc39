import { formatDateTime, REVIEW_STATE_LABELS, type ReportRevision, type ReviewState } from '@hiu/domain';
import { COLOURS, CONTENT_WIDTH, MARGIN, PAGE, type TextStyle, type Writer } from './layout.js';

/** The review of a filed report, as the PDF prints it. */
export interface ReportReview {
  state: ReviewState;
  reviewerName: string | null;
  reviewedAt: string | null;
  reason: string | null;
}

/** The review and the corrections that made this revision, so a reader sees who accepted what, and when. */
export function drawReview(w: Writer, review: ReportReview | undefined, revisions: ReportRevision[] | undefined) {
  const corrections = (revisions ?? []).filter((r) => r.change);
  if (!review && corrections.length === 0) return;
  const label: TextStyle = { size: 9.5 };
  const value: TextStyle = { size: 9.5, font: 'bold' };
  const labelWidth = CONTENT_WIDTH * 0.3;
  const valueWidth = CONTENT_WIDTH - labelWidth - 7;
  const rows: { label: string; value: string }[] = [];
  if (review) {
    rows.push({ label: 'Review', value: REVIEW_STATE_LABELS[review.state] });
    if (review.state !== 'awaiting_review') {
      rows.push({ label: 'Reviewer', value: review.reviewerName ?? 'A former user' });
      rows.push({ label: 'Decided', value: formatDateTime(review.reviewedAt ?? '') });
      if (review.reason) rows.push({ label: 'Reason', value: review.reason });
    }
  }
  for (const r of corrections) {
    const c = r.change!;
    rows.push({
      label: `Revision ${r.revision}`,
      value: `${c.label} corrected from "${c.before}" to "${c.after}" by ${r.madeBy} on ${formatDateTime(r.madeAt)}. Reason: ${c.reason}`,
    });
  }
  w.ensure(22 + 6 + 40);
  w.lineAt('Review', MARGIN.left, w.y - 13, CONTENT_WIDTH, { font: 'bold', size: 12.5, color: COLOURS.brand });
  w.y -= 20;
  w.hline(w.y, MARGIN.left, PAGE.width - MARGIN.right, COLOURS.brand, 0.8);
  w.gap(4);
  rows.forEach((r, i) => {
    const lines = w.lines(r.value, valueWidth, value);
    const height = lines.length * w.lineHeight(value) + 7;
    w.ensure(height);
    const top = w.y;
    if (i % 2 === 1) w.rect(MARGIN.left, top, CONTENT_WIDTH, height, { fill: COLOURS.stripe });
    w.lineAt(r.label, MARGIN.left + 7, top - w.lineHeight(label) - 1, labelWidth - 14, label);
    w.textAt(r.value, MARGIN.left + labelWidth, top - 3.5, valueWidth, value);
    w.y = top - height;
  });
  w.gap(18);
}
