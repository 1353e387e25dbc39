// Plain data and wording, no zod: the reports screen shows them without loading the schemas.

/**
 * A flat's current result on the reports table: its latest report's, or not tested. A failure
 * superseded by a later pass is history: the flat counts as passed.
 */
export const REPORT_VERDICTS = ['failed', 'pending', 'passed', 'not_tested'] as const;
export type ReportVerdict = (typeof REPORT_VERDICTS)[number];
export const REPORT_VERDICT_LABELS: Record<ReportVerdict, string> = {
  failed: 'Failed',
  pending: 'Incomplete',
  passed: 'Passed',
  not_tested: 'Not tested',
};

export const REPORT_TABLE_SORTS = ['address', 'verdict', 'engineer', 'completed', 'serial'] as const;
export type ReportTableSort = (typeof REPORT_TABLE_SORTS)[number];
