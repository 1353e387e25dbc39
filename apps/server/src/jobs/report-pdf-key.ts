/** A submitted report's PDF is built by this job, after the submit is answered. */
export const REPORT_PDF_JOB = 'report.pdf';
/** One PDF job per report. */
export const reportPdfJobKey = (reportId: string) => `${REPORT_PDF_JOB}:${reportId.toLowerCase()}`;
