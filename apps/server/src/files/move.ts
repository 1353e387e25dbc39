import { runCommand } from '../db/unit-of-work.js';
import { dropObjectsNoLongerNamed, markMoved, type FileDeps } from './commands.js';
import { StoreUnavailableError, sha256Of } from './object-store.js';
import type { FileLocation } from './repository.js';

export interface MoveReport {
  moved: number;
  /** Files left where they were, with why (their bytes do not match their recorded hash or size). */
  failed: { id: string; reason: string }[];
  total: number;
  /** Objects in the store that no file names, deleted after the files were moved. */
  unnamedDeleted: number;
}

const BATCH = 20;
const NO_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Moves every file's bytes (uploads, report PDFs, packs' files) to `to` (`npm run files:move`, docs/product.md#files). One file at a time:
 * its bytes are written to the target and read back and checked (size and SHA-256) before the source copy is
 * dropped, in one UPDATE that only applies while the row is still as read. A crash leaves each file either where
 * it was (perhaps with a spare object, which the next run reuses, being keyed by content) or moved, so a second
 * run carries on, and a run with nothing left to move changes nothing. Each run ends by deleting the objects no
 * file names, such as the one a crash after a file's move to the database left.
 */
export async function moveFiles(
  deps: Omit<FileDeps, 'objects'> & { objects: NonNullable<FileDeps['objects']> },
  to: FileLocation,
  progress: (done: number, total: number) => void = () => {},
): Promise<MoveReport> {
  const from: FileLocation = to === 's3' ? 'database' : 's3';
  const total = (await deps.files.countIn(from)).count;
  const report: MoveReport = { moved: 0, failed: [], total, unnamedDeleted: 0 };
  let after = NO_ID;
  for (;;) {
    const batch = await deps.files.toMove(from, after, BATCH);
    if (batch.length === 0) break;
    for (const file of batch) {
      after = file.id;
      const reason = to === 's3' ? await toStore(deps, file) : await toDatabase(deps, file);
      if (reason) report.failed.push({ id: file.id, reason });
      else report.moved++;
      progress(report.moved + report.failed.length, total);
    }
  }
  report.unnamedDeleted = await deleteUnnamedObjects(deps);
  return report;
}

type Deps = Parameters<typeof moveFiles>[0];
type File = Awaited<ReturnType<Deps['files']['toMove']>>[number];

async function toStore(deps: Deps, file: File): Promise<string | undefined> {
  if (!file.data) return 'no bytes in the database';
  const sha256 = sha256Of(file.data);
  if (file.sha256 && file.sha256 !== sha256) return 'its bytes do not match its recorded SHA-256; left in place';
  if (file.data.length !== file.size) return `its bytes are ${file.data.length}, not the ${file.size} recorded`;
  if (!file.sha256) await deps.files.setHash(file.id, sha256);
  await deps.objects.put(sha256, file.data);
  // Read back: a store that acknowledged but kept something else must not cost the only copy.
  const stored = await deps.objects.get(sha256);
  if (stored.length !== file.size) return `the store kept ${stored.length} bytes, not ${file.size}`;
  await markMoved(deps, file.id, sha256, file.data);
  return undefined;
}

async function toDatabase(deps: Deps, file: File): Promise<string | undefined> {
  if (!file.sha256) return 'no recorded SHA-256';
  let bytes: Buffer;
  try {
    bytes = await deps.objects.get(file.sha256); // checked against the hash
  } catch (error) {
    // A store that does not answer stops the run (run it again later); a missing or damaged object is this file's.
    if (error instanceof StoreUnavailableError) throw error;
    return `its object cannot be read from the store: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (bytes.length !== file.size) return `the store holds ${bytes.length} bytes, not the ${file.size} recorded`;
  if (await deps.files.markInDatabase(file.id, file.sha256, bytes)) {
    await dropObjectsNoLongerNamed(deps, [{ sha256: file.sha256, location: 's3' }]);
  }
  return undefined;
}

/**
 * Deletes the store's objects that no file names: what a run killed between a file's move to the database and its
 * object's deletion left behind, or a deletion that failed. Each is checked again under its lock as it is deleted,
 * and a file moved onto one meanwhile writes it again (decision 250), so no file loses its bytes. A store that does
 * not answer stops the run, as a move does. Answers how many were deleted.
 */
async function deleteUnnamedObjects(deps: Deps): Promise<number> {
  const unnamed: string[] = [];
  for await (const sha256 of deps.objects.names()) {
    if (!(await deps.files.storeHolds(sha256))) unnamed.push(sha256);
  }
  let deleted = 0;
  for (const sha256 of unnamed) {
    const gone = await runCommand(deps.db, null, async ({ repos }) => {
      await repos.files.lockObject(sha256);
      if (await repos.files.storeHolds(sha256)) return false;
      await deps.objects.delete(sha256);
      return true;
    });
    if (gone) deleted++;
  }
  return deleted;
}
