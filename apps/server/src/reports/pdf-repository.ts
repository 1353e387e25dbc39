import { and, eq, sql } from 'drizzle-orm';
import { isUuid, UPLOAD_LIMITS } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { files, reportRevisions, reports } from '../db/schema.js';
import type { ServerFileRow, StoredBytes } from '../files/repository.js';

/** A PDF built for a report or one of its earlier revisions, to be stored as a file of its own. */
export interface BuiltPdf {
  id: string;
  data: Buffer;
  ownerId: string | null;
}

/** Both drivers' bytea (a Buffer from pg, a Uint8Array from PGlite) as a Buffer, without a copy. */
const asBuffer = (v: Uint8Array | null): Buffer | null =>
  v == null ? null : Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength);

const revisionIs = (reportId: string, revision: number) =>
  and(eq(reportRevisions.reportId, reportId), eq(reportRevisions.revision, revision));

/** The SQL of reports' PDFs: the files they are stored in and the images they are built from. */
export function reportPdfRepository(db: Db) {
  return {
    /**
     * One image's bytes, for a PDF that reads its images one at a time; undefined when there is
     * no such file, null when it is larger than uploads may be (stored before the limits): a report of thirty
     * 8 MB photos would otherwise be read into this process at every build.
     */
    async imageBytes(id: string): Promise<Buffer | null | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({
          data: sql<Buffer | null>`CASE WHEN ${files.size} <= ${UPLOAD_LIMITS.photo.maxBytes} THEN ${files.data} END`.mapWith(
            asBuffer,
          ),
        })
        .from(files)
        .where(eq(files.id, id));
      return row ? row.data : undefined;
    },

    /** A stored PDF's row: its bytes, or where the file store keeps them (files/server-files.ts reads either). */
    async pdfFile(fileId: string): Promise<StoredBytes | undefined> {
      const [row] = await db
        .select({ id: files.id, data: files.data, sha256: files.sha256, location: files.location })
        .from(files)
        .where(eq(files.id, fileId));
      return row;
    },

    /** The row of a PDF the file store has placed (files/server-files.ts). */
    async insertPdfFile(row: ServerFileRow) {
      await db.insert(files).values(row);
    },

    /** The report's stored PDF and what it shows, its row locked until the transaction ends. */
    async lockPdfState(reportId: string) {
      const [row] = await db
        .select({ pdfFileId: reports.pdfFileId, revision: reports.revision, reviewState: reports.reviewState })
        .from(reports)
        .where(eq(reports.id, reportId))
        .for('update');
      return row;
    },

    async setPdfFile(reportId: string, fileId: string) {
      await db.update(reports).set({ pdfFileId: fileId }).where(eq(reports.id, reportId));
    },

    /** An earlier revision's stored PDF, its row locked until the transaction ends. */
    async lockRevisionPdf(reportId: string, revision: number) {
      const [row] = await db
        .select({ pdfFileId: reportRevisions.pdfFileId })
        .from(reportRevisions)
        .where(revisionIs(reportId, revision))
        .for('update');
      return row;
    },

    async setRevisionPdfFile(reportId: string, revision: number, fileId: string) {
      await db.update(reportRevisions).set({ pdfFileId: fileId }).where(revisionIs(reportId, revision));
    },
  };
}
