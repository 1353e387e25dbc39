import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import type { FilesRepository } from '../files/repository.js';
import { dropObjectsNoLongerNamed } from '../files/commands.js';
import type { ObjectStore } from '../files/object-store.js';

const HOUR_MS = 3600_000;

/**
 * Deletes photos and signatures that no report claims and no draft refers to (taken out of a check or
 * replaced before submit) once they are older than the grace period, in batches until none are left.
 * A phone that still holds such a photo in a check uploads it again when its report is refused with 409.
 */
export async function cleanUpOrphanFiles(
  files: FilesRepository,
  graceHours: number,
  now: Date = new Date(),
  store?: { db: Db; objects: ObjectStore | undefined; log: FastifyInstance['log'] },
): Promise<number> {
  const olderThan = new Date(now.getTime() - graceHours * HOUR_MS);
  // Pieces of an upload whose server stopped before it was whole (docs/product.md#files).
  await files.dropPiecesOlderThan(olderThan);
  let total = 0;
  for (;;) {
    const deleted = await files.deleteOrphans({ olderThan, limit: 500 });
    // Their rows are gone first: a crash here leaves an unnamed object (space), never a row without bytes.
    if (store) await dropObjectsNoLongerNamed({ files, ...store }, deleted);
    total += deleted.length;
    if (deleted.length < 500) return total;
  }
}

/**
 * Runs the clean-up on every app server, a minute after start and then hourly. Nothing is kept in
 * memory between runs and the SQL skips rows another server is working on, so any number may run it.
 */
export function scheduleOrphanFileCleanup(
  app: FastifyInstance,
  db: Db,
  files: FilesRepository,
  graceHours: number,
  objects?: ObjectStore,
): void {
  const run = async () => {
    try {
      const deleted = await cleanUpOrphanFiles(files, graceHours, new Date(), { db, objects, log: app.log });
      if (deleted > 0) app.log.info({ deleted }, 'deleted orphan photos and signatures');
    } catch (err) {
      app.log.warn({ err }, 'orphan file clean-up failed; tried again in an hour');
    }
  };
  const first = setTimeout(() => void run(), 60_000);
  const every = setInterval(() => void run(), HOUR_MS);
  first.unref();
  every.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
  });
}
