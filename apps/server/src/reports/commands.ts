import type { ReviewState } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { runCommand } from '../db/unit-of-work.js';
import type { BuiltPdf } from './pdf-repository.js';

/**
 * Keeps a report's built PDF unless another build kept one first (a job and a download at once), and answers
 * the kept copy; it also replaces a lost one (its file row deleted). 'stale' when the report was corrected or
 * reviewed while it was built: the PDF shows the report as it no longer is.
 */
export function keepReportPdf(
  db: Db,
  reportId: string,
  pdf: BuiltPdf,
  builtFrom: { revision: number; reviewState: ReviewState },
): Promise<Buffer | 'stale'> {
  return runCommand(db, null, async ({ repos: { reports } }) => {
    // The report's row lock orders overlapping builds: the second finds the first's copy.
    const row = await reports.lockPdfState(reportId);
    if (!row) return pdf.data; // deleted meanwhile: nothing to keep
    const current = row.pdfFileId ? await reports.pdfBytes(row.pdfFileId) : undefined;
    if (current) return current;
    if (row.revision !== builtFrom.revision || row.reviewState !== builtFrom.reviewState) return 'stale';
    await reports.insertPdfFile(pdf);
    await reports.setPdfFile(reportId, pdf.id);
    return pdf.data;
  });
}

/** Keeps the PDF built for an earlier revision, one copy when two builds overlap, and answers the kept copy. */
export function keepRevisionPdf(db: Db, reportId: string, revision: number, pdf: BuiltPdf): Promise<Buffer> {
  return runCommand(db, null, async ({ repos: { reports } }) => {
    const row = await reports.lockRevisionPdf(reportId, revision);
    if (!row) return pdf.data;
    const current = row.pdfFileId ? await reports.pdfBytes(row.pdfFileId) : undefined;
    if (current) return current;
    await reports.insertPdfFile(pdf);
    await reports.setRevisionPdfFile(reportId, revision, pdf.id);
    return pdf.data;
  });
}
