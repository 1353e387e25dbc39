import type { ReviewState } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { runCommand } from '../db/unit-of-work.js';
import type { ServerFiles } from '../files/server-files.js';
import type { BuiltPdf } from './pdf-repository.js';

/**
 * Keeps a report's built PDF unless another build kept one first (a job and a download at once), and answers
 * the kept copy; it also replaces a lost one (its file row deleted). 'stale' when the report was corrected or
 * reviewed while it was built: the PDF shows the report as it no longer is. The file store places the bytes
 * first; the command writes the row, and a copy not kept is released from the store again.
 */
export async function keepReportPdf(
  db: Db,
  files: ServerFiles,
  reportId: string,
  pdf: BuiltPdf,
  builtFrom: { revision: number; reviewState: ReviewState },
): Promise<Buffer | 'stale'> {
  const row = await files.place({ ...pdf, kind: 'pdf', contentType: 'application/pdf' });
  const outcome = await runCommand(db, null, async (uow) => {
    const { reports } = uow.repos;
    // The report's row lock orders overlapping builds: the second finds the first's copy.
    const lock = await reports.lockPdfState(reportId);
    if (!lock) return { kept: false as const }; // deleted meanwhile: nothing to keep
    const current = lock.pdfFileId ? await reports.pdfFile(lock.pdfFileId) : undefined;
    if (current) return { kept: false as const, current };
    if (lock.revision !== builtFrom.revision || lock.reviewState !== builtFrom.reviewState) return 'stale' as const;
    await reports.insertPdfFile(row);
    await reports.setPdfFile(reportId, row.id);
    await files.writing(uow, row);
    return { kept: true as const };
  });
  if (outcome !== 'stale' && outcome.kept) {
    await files.written(row, pdf.data);
    return pdf.data;
  }
  await files.release([row]);
  if (outcome === 'stale') return 'stale';
  return (outcome.current && (await files.bytesOf(outcome.current))) ?? pdf.data;
}

/** Keeps the PDF built for an earlier revision, one copy when two builds overlap, and answers the kept copy. */
export async function keepRevisionPdf(
  db: Db,
  files: ServerFiles,
  reportId: string,
  revision: number,
  pdf: BuiltPdf,
): Promise<Buffer> {
  const row = await files.place({ ...pdf, kind: 'pdf', contentType: 'application/pdf' });
  const outcome = await runCommand(db, null, async (uow) => {
    const { reports } = uow.repos;
    const lock = await reports.lockRevisionPdf(reportId, revision);
    if (!lock) return { kept: false as const };
    const current = lock.pdfFileId ? await reports.pdfFile(lock.pdfFileId) : undefined;
    if (current) return { kept: false as const, current };
    await reports.insertPdfFile(row);
    await reports.setRevisionPdfFile(reportId, revision, row.id);
    await files.writing(uow, row);
    return { kept: true as const };
  });
  if (outcome.kept) {
    await files.written(row, pdf.data);
    return pdf.data;
  }
  await files.release([row]);
  return (outcome.current && (await files.bytesOf(outcome.current))) ?? pdf.data;
}
