import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { JobStore } from './store.js';

/** As many jobs in hand as there are PDF threads (one fewer than the cores, at least two). */
export const JOB_CONCURRENCY = Math.max(2, availableParallelism() - 1);
/** Longer than the slowest job may take (a PDF build stops at 30 s), so a live server keeps its jobs. */
export const JOB_LEASE_SECONDS = 60;

/**
 * Finished jobs, and whatever is past its retention (webhook events, evidence packs), are deleted hourly on every server; the SQL is
 * the same whoever runs it.
 */
export function scheduleJobCleanup(
  app: FastifyInstance,
  store: JobStore,
  pruners: { prune(): Promise<number> }[],
): void {
  const every = setInterval(() => {
    store
      .cleanUp()
      .then((n) => n > 0 && app.log.info({ deleted: n }, 'deleted finished jobs'))
      .catch((err: unknown) => app.log.warn({ err }, 'finished-job clean-up failed; tried again in an hour'));
    for (const pruner of pruners)
      pruner
        .prune()
        .then((n) => n > 0 && app.log.info({ deleted: n }, 'deleted expired rows'))
        .catch((err: unknown) => app.log.warn({ err }, 'clean-up failed; tried again in an hour'));
  }, 3600_000);
  every.unref();
  app.addHook('onClose', async () => clearInterval(every));
}
