import type { CheckHost, SubmitResult } from './check-host';

// What Submit tells the engineer and how long it waits: shared by submission and report-sending.

/** How long Submit waits for the server before telling the engineer the report is queued. */
export const SUBMIT_WAIT_MS = 45_000;

export const TOASTS = {
  submitted: ['Report Submitted', 'Commissioning report has been successfully submitted and saved.'],
  submissionFailed: ['Submission Failed', 'Failed to submit the commissioning report. Please try again.'],
  draftNotRemoved: [
    'Draft Not Removed',
    'The report was saved successfully, but the draft could not be removed. You may need to delete it manually.',
  ],
} as const;

export interface ReportOptions {
  failedStep: 2 | 3 | null;
  notes: string;
  /** Submit's toasts (not for the device failure's report, whose page says what happened). */
  toasts: boolean;
}

/** The report was not queued: the check still holds everything, and says so, so it can be sent again. */
export function notQueued(host: CheckHost, reportId: string, opts: ReportOptions, message: string): SubmitResult {
  if (opts.toasts) host.deps.notify.error(...TOASTS.submissionFailed);
  host.commit(host.next({ submission: { status: 'rejected', message } }));
  return { status: 'rejected', reportId, message };
}
