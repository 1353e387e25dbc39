import { randomUUID } from 'node:crypto';
import { runCommand, type UnitOfWork } from '../db/unit-of-work.js';
import { runQueuedNow } from '../jobs/queue/store.js';
import { FILE_OFFLOAD_JOB, dropObjectsNoLongerNamed, offloadJob, type FileDeps } from './commands.js';
import type { IncomingFile } from './incoming-file.js';
import { StoreUnavailableError, type ReceivedObject } from './object-store.js';
import type { PutFileResult, ReceivedFile, UnclaimedLimit, UnclaimedUploads } from './repository.js';

/** An upload before its bytes have arrived: who sends it and what it is. */
export type UploadOf = Omit<ReceivedFile, 'size' | 'sha256'>;

export type UploadResult = PutFileResult | { overLimit: UnclaimedUploads };

/** Whether the last upload reached the object store: the first that does after an outage wakes the waiting moves. */
let storeAnswering = true;

/**
 * Stores an upload under its id as it arrives (docs/product.md#files). One that came whole in its first piece (a
 * photo, a signature) goes to the object store, or to the database when there is none or it does not answer
 * (moved later by a job). A larger one (a camera original) streams into the object store a part at a time, or into
 * the database a piece at a time, joined there once it has all arrived. Resending a stored id only compares it.
 */
export async function receiveUpload(
  deps: FileDeps,
  file: UploadOf,
  body: IncomingFile,
  limit: UnclaimedLimit,
): Promise<UploadResult> {
  if (await deps.files.describe(file.id)) {
    await body.drain();
    return deps.files.sameAs({ ...file, sha256: body.sha256 }, body.whole ? body.first : undefined);
  }
  if (body.whole)
    return deps.objects ? wholeIntoStore(deps, file, body, limit) : wholeIntoDatabase(deps, file, body, limit);
  if (deps.objects && storeAnswering) return streamIntoStore(deps, file, body, limit);
  return streamIntoDatabase(deps, file, body, limit);
}

/**
 * Writes an upload's row unless it would take its owner's unclaimed files over `limit`, answering the owner's
 * current holding then. The owner's row is locked meanwhile, so concurrent uploads are counted one after another
 * and cannot pass the limit together.
 */
function storeWithinLimit(
  deps: FileDeps,
  file: Pick<ReceivedFile, 'ownerId' | 'size'>,
  limit: UnclaimedLimit,
  write: (uow: UnitOfWork) => Promise<PutFileResult>,
): Promise<UploadResult> {
  return runCommand(deps.db, null, async (uow) => {
    if (file.ownerId) {
      await uow.repos.files.lockOwner(file.ownerId);
      const holding = await uow.repos.files.unclaimedOf(file.ownerId);
      if (holding.count + 1 > limit.count || holding.bytes + file.size > limit.bytes) return { overLimit: holding };
    }
    return write(uow);
  });
}

const received = (file: UploadOf, body: IncomingFile): ReceivedFile => ({
  ...file,
  size: body.size,
  sha256: body.sha256,
});

/** Without an object store, or when it does not answer: in the row, as it always was (moved later by a job). */
function wholeIntoDatabase(deps: FileDeps, file: UploadOf, body: IncomingFile, limit: UnclaimedLimit) {
  const row = received(file, body);
  return storeWithinLimit(deps, row, limit, async ({ repos, enqueue }) => {
    const result = await repos.files.put({ ...row, data: body.first });
    if (result === 'created' && deps.objects) enqueue(offloadJob(row.id));
    return result;
  });
}

async function wholeIntoStore(deps: FileDeps, file: UploadOf, body: IncomingFile, limit: UnclaimedLimit) {
  const row = received(file, body);
  const data = body.first;
  try {
    await deps.objects!.put(row.sha256, data);
  } catch (err) {
    storeAnswering = false;
    deps.log.warn(
      { err, fileId: row.id },
      'file store unavailable; the upload is kept in the database and moved later',
    );
    return wholeIntoDatabase(deps, file, body, limit);
  }
  await storeAnswers(deps);
  const result = await nameInStore(deps, row, limit);
  if (result !== 'created') return result;
  try {
    if (!(await deps.objects!.exists(row.sha256))) await deps.objects!.put(row.sha256, data);
  } catch (err) {
    // The object was deleted meanwhile and the store fails now: the bytes in hand go to the row, moved later.
    deps.log.warn(
      { err, fileId: row.id },
      'file store unavailable; the upload is kept in the database and moved later',
    );
    await runCommand(deps.db, null, async ({ repos, enqueue }) => {
      if (await repos.files.markInDatabase(row.id, row.sha256, data)) enqueue(offloadJob(row.id));
    });
  }
  return result;
}

/**
 * Streamed into the store under a name of its own, then kept under its hash once the whole is known. A store that
 * fails part way answers 503 (the phone sends it again) and the next large uploads go to the database until an
 * upload reaches the store again.
 */
async function streamIntoStore(deps: FileDeps, file: UploadOf, body: IncomingFile, limit: UnclaimedLimit) {
  let object: ReceivedObject;
  try {
    object = await deps.objects!.receive(file.id, body.all());
  } catch (err) {
    if (err instanceof StoreUnavailableError) storeAnswering = false;
    throw err;
  }
  try {
    const row = received(file, body);
    await object.keep(row.sha256);
    const result = await nameInStore(deps, row, limit);
    // Deleted meanwhile by a clean-up that saw no row naming it: kept again from the upload's own copy.
    if (result === 'created') await object.keep(row.sha256);
    return result;
  } finally {
    await object.discard().catch((err: unknown) => deps.log.warn({ err }, 'could not delete an upload in the store'));
  }
}

/**
 * Names an object from a new row under the object's lock, which a deletion of an object no row names holds from its
 * check to its delete; the caller looks for the object after. A row not written (a conflict, over the limit) leaves
 * the object to be deleted unless another file names it.
 */
async function nameInStore(deps: FileDeps, row: ReceivedFile, limit: UnclaimedLimit): Promise<UploadResult> {
  const result = await storeWithinLimit(deps, row, limit, async ({ repos }) => {
    await repos.files.lockObject(row.sha256);
    return repos.files.putInStore(row);
  });
  if (result !== 'created') await dropObjectsNoLongerNamed(deps, [{ sha256: row.sha256, location: 's3' }]);
  return result;
}

/** Kept a piece at a time while it arrives, then joined into its row by the database, the pieces deleted. */
async function streamIntoDatabase(deps: FileDeps, file: UploadOf, body: IncomingFile, limit: UnclaimedLimit) {
  const uploadId = randomUUID();
  let seq = 0;
  try {
    for await (const data of body.all()) await deps.files.putPiece({ uploadId, fileId: file.id, seq: seq++, data });
    const row = received(file, body);
    return await storeWithinLimit(deps, row, limit, async ({ repos, enqueue }) => {
      const result = await repos.files.putFromPieces(uploadId, row);
      if (result === 'created' && deps.objects) enqueue(offloadJob(row.id));
      return result;
    });
  } finally {
    // Refused, cut off or kept: nothing of the upload stays behind.
    await deps.files.dropPieces(uploadId);
  }
}

async function storeAnswers(deps: FileDeps) {
  if (storeAnswering) return;
  storeAnswering = true;
  await runQueuedNow(deps.db, FILE_OFFLOAD_JOB);
}
