import type { SiteIssue } from '../schemas/site-issues.js';

/**
 * How a network-wide issue is marked wherever it sits beside a flat's own issues (the check, the report PDF, the
 * evidence pack): it is the site's, recorded once by the office, and applies to every flat
 * (docs/product.md#network-wide-issues).
 */
export const APPLIES_TO_EVERY_FLAT = 'Applies to every flat';

/** The site's issues still open, oldest first: what an engineer's check shows. */
export function openSiteIssues(issues: readonly SiteIssue[]): SiteIssue[] {
  return issues.filter((i) => !i.resolved);
}

/**
 * The site's issues open at `at` (a report's completion, as the engineer submitted it), as they stood then: raised
 * by that moment and not yet resolved, so with no closing record. A report's PDF prints these, and prints the same
 * whenever it is built again, whatever the office has raised or resolved since.
 */
export function siteIssuesOpenAt(issues: readonly SiteIssue[], at: string): SiteIssue[] {
  const moment = Date.parse(at);
  if (Number.isNaN(moment)) return [];
  return issues
    .filter((i) => Date.parse(i.raisedAt) <= moment && (i.closedAt === null || Date.parse(i.closedAt) > moment))
    .map((i) => ({ ...i, resolved: false, closingComment: null, closedBy: null, closedAt: null }));
}
