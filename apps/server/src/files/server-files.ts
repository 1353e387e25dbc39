import { sha256Of } from './object-store.js';
import type { FileLocation, ServerFile, ServerFileRow, StoredBytes } from './repository.js';
import type { NewJob } from '../jobs/queue/store.js';
import { dropObjectsNoLongerNamed, fileBytes, offloadJob, type FileDeps } from './commands.js';

/**
 * Where report PDFs and evidence packs' files are kept (docs/product.md#files): in the `files` table, or, with
 * FILE_STORE=s3, in the object store under their SHA-256 with only their row in the table. Writing one puts its
 * bytes first and answers the row to write in the caller's transaction; a store that does not answer keeps them in
 * the row, so a PDF or a pack is never refused for it.
 */
export interface ServerFiles {
  place(file: ServerFile): Promise<ServerFileRow>;
  /**
   * The job that moves a placed row's bytes to the store later, when the store did not answer at `place`: the
   * command that writes the row queues it with the row, so it runs only once the row exists.
   */
  moveLater(row: ServerFileRow): NewJob | undefined;
  /** The bytes of a stored row, from wherever they are; those from the object store are checked against its hash. */
  bytesOf(file: StoredBytes): Promise<Buffer | undefined>;
  /** Deletes the objects of these removed rows that no remaining row names (a failure leaves space, not data). */
  release(removed: { sha256: string | null; location: FileLocation }[]): Promise<void>;
}

export function serverFiles(deps: Omit<FileDeps, 'db'>): ServerFiles {
  const { objects, log } = deps;
  return {
    async place(file) {
      const sha256 = sha256Of(file.data);
      const row = { ...file, size: file.data.length, sha256 };
      if (!objects) return { ...row, location: 'database' };
      try {
        await objects.put(sha256, file.data);
        return { ...row, location: 's3', data: null };
      } catch (err) {
        log.warn({ err, fileId: file.id }, 'file store unavailable; the file is kept in the database');
        return { ...row, location: 'database' };
      }
    },
    moveLater: (row) => (objects && row.location === 'database' ? offloadJob(row.id) : undefined),
    bytesOf: async (file) => (file.location === 'database' && !file.data ? undefined : fileBytes(deps, file)),
    release: (removed) => dropObjectsNoLongerNamed(deps, removed),
  };
}
