// Who closed an issue and when (docs/product.md#test-packs): the record an assessor reads, so the server writes
// it, not the phone.
import type { PackIssue } from './pack-data.js';

/**
 * The issues as a report stores them: each one marked resolved names the engineer who sent the report and keeps
 * the moment the phone marked it, unless that is missing or after the report was completed (then it is the
 * completion); an open one carries no closing record.
 */
export function withClosingRecord(issues: readonly PackIssue[], engineer: string, completedAt: string): PackIssue[] {
  const completed = Date.parse(completedAt);
  return issues.map((issue) => {
    const { closedBy: _by, closedAt, ...rest } = issue;
    if (!issue.resolved) {
      const { closingComment: _comment, closingPhotoId: _photo, ...open } = rest;
      return open;
    }
    const marked = closedAt === undefined ? NaN : Date.parse(closedAt);
    const at = Number.isNaN(marked) || marked > completed ? new Date(completed).toISOString() : closedAt!;
    return { ...rest, closedBy: engineer, closedAt: at };
  });
}
