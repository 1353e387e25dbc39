import type { UnitOfWork } from '../db/unit-of-work.js';
import { runCommand } from '../db/unit-of-work.js';
import { sha256Of } from './object-store.js';
import type { FileLocation, ServerFile, ServerFileRow, StoredBytes } from './repository.js';
import { dropObjectsNoLongerNamed, fileBytes, offloadJob, type FileDeps } from './commands.js';

/**
 * Where report PDFs and evidence packs' files are kept (docs/product.md#files): in the `files` table, or, with
 * FILE_STORE=s3, in the object store under their SHA-256 with only their row in the table. Writing one puts its
 * bytes first (`place`), then the caller's command writes the row (calling `writing` in it), then `written`
 * checks the object is still there. A store that does not answer keeps the bytes in the row, moved later by a job,
 * so a PDF or a pack is never refused for it.
 */
export interface ServerFiles {
  place(file: ServerFile): Promise<ServerFileRow>;
  /**
   * Call in the command that writes a placed row: a row naming an object holds that object's lock, so the
   * object is not deleted under it (`dropObjectsNoLongerNamed`); a row kept in the database because the store did
   * not answer queues the job that moves it there later [244].
   */
  writing(uow: Pick<UnitOfWork, 'repos' | 'enqueue'>, row: ServerFileRow): Promise<void>;
  /**
   * Call after that command committed: an object deleted between `place` and the row (a clean-up that saw no row
   * naming it) is written again; a store that fails then keeps the bytes in the row, moved later by the job.
   */
  written(row: ServerFileRow, data: Buffer): Promise<void>;
  /** The bytes of a stored row, from wherever they are; those from the object store are checked against its hash. */
  bytesOf(file: StoredBytes): Promise<Buffer | undefined>;
  /** Deletes the objects of these removed rows that no remaining row names (a failure leaves space, not data). */
  release(removed: { sha256: string | null; location: FileLocation }[]): Promise<void>;
}

export function serverFiles(deps: FileDeps): ServerFiles {
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
    async writing({ repos, enqueue }, row) {
      if (!objects) return;
      if (row.location === 's3') await repos.files.lockObject(row.sha256);
      else enqueue(offloadJob(row.id));
    },
    async written(row, data) {
      if (!objects || row.location !== 's3') return;
      try {
        if (await objects.exists(row.sha256)) return;
        await objects.put(row.sha256, data);
      } catch (err) {
        log.warn({ err, fileId: row.id }, 'file store unavailable; the file is kept in the database');
        await runCommand(deps.db, null, async ({ repos, enqueue }) => {
          if (await repos.files.markInDatabase(row.id, row.sha256, data)) enqueue(offloadJob(row.id));
        });
      }
    },
    bytesOf: async (file) => (file.location === 'database' && !file.data ? undefined : fileBytes(deps, file)),
    release: (removed) => dropObjectsNoLongerNamed(deps, removed),
  };
}
