import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { NewJob } from '../jobs/queue/store.js';
import { runCommand } from '../db/unit-of-work.js';
import type { JobHandler } from '../jobs/queue/runner.js';
import { StoreUnavailableError, checkedAgainst, sha256Of, type ObjectStore } from './object-store.js';
import type { FilesRepository, StoredFile } from './repository.js';

/** What the file commands work with: the rows, and the object store when FILE_STORE=s3. */
export interface FileDeps {
  db: Db;
  files: FilesRepository;
  objects: ObjectStore | undefined;
  log: FastifyBaseLogger;
}

/** Moves one file's bytes from the database into the object store, later, when the store was down at upload. */
export const FILE_OFFLOAD_JOB = 'file.offload';

/**
 * The job that moves one file kept in the database into the store: keyed by the file, so it is queued once. Many
 * attempts with the queue's backoff: a store may be down for hours; the file is served from the database meanwhile.
 */
export const offloadJob = (id: string): NewJob => ({
  kind: FILE_OFFLOAD_JOB,
  key: `${FILE_OFFLOAD_JOB}:${id}`,
  payload: { id },
  maxAttempts: 50,
});

/** The job that moves a file kept in the database into the store; nothing to do when it is there already. */
export function fileOffloadJob(deps: FileDeps): JobHandler {
  return async (job) => {
    const id = String(job.payload.id);
    const file = await deps.files.get(id);
    if (!deps.objects || !file || file.location !== 'database' || !file.data) return;
    const sha256 = file.sha256 ?? sha256Of(file.data);
    if (!file.sha256) await deps.files.setHash(id, sha256);
    await deps.objects.put(sha256, file.data);
    await markMoved(deps, id, sha256, file.data);
  };
}

/**
 * Names a file's object from its row once its bytes were written to the store (docs/product.md#files), and drops
 * the database's copy. The object may have been deleted between that write and this (the orphan clean-up of an
 * earlier file with the same bytes decided it was no file's): the row is changed under the object's lock, which a
 * deletion holds from its check to its delete, and the object is looked for after; if it is gone it is written
 * again from the bytes still in hand. A store that fails then leaves the bytes in the database. True when moved.
 */
export async function markMoved(deps: FileDeps, id: string, sha256: string, data: Buffer): Promise<boolean> {
  const marked = await runCommand(deps.db, null, async ({ repos }) => {
    await repos.files.lockObject(sha256);
    return repos.files.markInStore(id, sha256);
  });
  if (!marked) return false;
  try {
    if (!(await deps.objects!.exists(sha256))) await deps.objects!.put(sha256, data);
  } catch (error) {
    await deps.files.markInDatabase(id, sha256, data);
    throw error;
  }
  return true;
}

/** Deletes a stored object once no file names its hash, after the change that dropped its file has committed. */
export const FILE_RELEASE_JOB = 'file.release';

export const releaseObjectJob = (sha256: string): NewJob => ({
  // No key: the same bytes may be dropped again later, and deleting an object twice is harmless.
  kind: FILE_RELEASE_JOB,
  payload: { sha256 },
  maxAttempts: 8,
});

/** The job that deletes an object no file names any more; nothing to do without an object store. */
export function fileReleaseJob(deps: FileDeps): JobHandler {
  return async (job) => {
    await dropObjectsNoLongerNamed(deps, [{ sha256: String(job.payload.sha256), location: 's3' }]);
  };
}

/** A file's bytes from wherever they are; those from the store are checked against the file's hash. */
export async function fileBytes(
  deps: Pick<FileDeps, 'objects'>,
  file: Pick<StoredFile, 'id' | 'location' | 'data' | 'sha256'>,
): Promise<Buffer> {
  if (file.location === 'database' && file.data) return file.data;
  if (!deps.objects || !file.sha256) {
    throw new Error(`File ${file.id} is in the object store, but FILE_STORE is not s3`);
  }
  return deps.objects.get(file.sha256);
}

/**
 * Deletes a stored object once no file names its hash any more; a failure leaves it (space, not data, is lost).
 * The check and the delete hold the object's lock, so no file is moved onto it meanwhile (`markMoved`). A store
 * that does not answer ends the round: each attempt would hold the lock for the store's whole timeout.
 * A removed file still held by the database counts too: an offload killed between writing its object and naming
 * it from the row left that object (docs/product.md#files).
 */
export async function dropObjectsNoLongerNamed(deps: FileDeps, removed: { sha256: string | null; location: string }[]) {
  const objects = deps.objects;
  if (!objects) return;
  for (const sha256 of new Set(removed.filter((f) => f.sha256).map((f) => f.sha256!))) {
    try {
      await runCommand(deps.db, null, async ({ repos }) => {
        await repos.files.lockObject(sha256);
        if (!(await repos.files.storeHolds(sha256))) await objects.delete(sha256);
      });
    } catch (err) {
      deps.log.warn({ err, sha256 }, 'could not delete a stored object');
      if (err instanceof StoreUnavailableError) return;
    }
  }
}

/** How much of a file held by the database a streamed download reads at a time. */
const PIECE_BYTES = 256 * 1024;

/** What a download needs to know of a file to send it, without its bytes. */
export interface FileToSend {
  id: string;
  location: string;
  sha256: string | null;
  size: number;
}

/**
 * A file's bytes as a stream from wherever they are (docs/product.md#files): a download of a photo, a signature, a
 * report PDF or an evidence pack's file never holds the whole file. From the store they are checked against the
 * hash as they pass; from the database they are read a piece at a time, and checked too when the hash is known.
 * A file moved into the store while it is read from the database (the offload job) goes on from the store.
 * The stream ends with a `CorruptObjectError` instead of its last piece when the bytes fail their hash [254].
 */
export async function fileStream(deps: Pick<FileDeps, 'files' | 'objects'>, file: FileToSend): Promise<Readable> {
  if (file.location === 's3') return storeStream(deps, file);
  const { files } = deps;
  async function* pieces() {
    for (let offset = 0; offset < file.size; offset += PIECE_BYTES) {
      const piece = await files.bytesAt(file.id, offset, PIECE_BYTES);
      if (!piece) {
        yield* from(await storeStream(deps, file), offset);
        return;
      }
      yield piece;
    }
  }
  // A byte stream that asks for the next piece only once this one is taken (an object stream would read 16 ahead).
  const stream = Readable.from(pieces(), { objectMode: false, highWaterMark: 1 });
  return file.sha256 ? checkedAgainst(file.sha256, stream) : stream;
}

async function storeStream(deps: Pick<FileDeps, 'objects'>, file: FileToSend): Promise<Readable> {
  if (!deps.objects || !file.sha256)
    throw new Error(`File ${file.id} is not in the database, and FILE_STORE is not s3`);
  return deps.objects.stream(file.sha256);
}

/** The bytes of `stream` from `offset` on. */
async function* from(stream: Readable, offset: number): AsyncGenerator<Buffer> {
  let skip = offset;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (skip >= chunk.length) {
      skip -= chunk.length;
      continue;
    }
    yield skip > 0 ? chunk.subarray(skip) : chunk;
    skip = 0;
  }
}

type ImageReader = {
  imageBytes(id: string): Promise<Buffer | null | undefined>;
};

/**
 * A report PDF's image reader that also reads images held by the object store. A store that does not answer
 * fails the build (the queue tries again later) rather than leaving the image out of a kept PDF.
 */
export function withStoredImages<R extends ImageReader>(
  repo: R,
  store: Pick<FileDeps, 'files' | 'objects'> | undefined,
): R {
  if (!store?.objects) return repo;
  return {
    ...repo,
    async imageBytes(id: string) {
      const bytes = await repo.imageBytes(id);
      if (bytes) return bytes;
      const file = await store.files.get(id);
      return file?.location === 's3' ? fileBytes(store, file) : bytes;
    },
  };
}
