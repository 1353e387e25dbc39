// Plain data, no zod: the rule book, the screens and the PDF name a report's result without the schema library;
// the API's schema (`overallStatusSchema`) is built from this list.

/** A report's overall result: passed, failed, or incomplete (something still to record). */
export const OVERALL_STATUSES = ['PASS', 'FAIL', 'PENDING'] as const;
export type OverallStatus = (typeof OVERALL_STATUSES)[number];
