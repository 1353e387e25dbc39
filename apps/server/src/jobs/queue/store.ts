import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema.js';
import type { Tx } from '../../repositories/audit.js';
import { retryDelaySeconds } from './backoff.js';

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** This attempt's number, from 1; it also fences the job: only this attempt may finish it. */
  attempt: number;
  maxAttempts: number;
}

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  /** One job per key: a second enqueue of the same key is ignored. */
  key?: string;
  maxAttempts?: number;
}

/** Queues a job in the caller's transaction, so it exists exactly when the change that asks for it does. */
export async function enqueueJob(tx: Tx, job: NewJob): Promise<void> {
  await tx
    .insert(jobs)
    .values({ kind: job.kind, key: job.key ?? null, payload: job.payload, maxAttempts: job.maxAttempts ?? 5 })
    .onConflictDoNothing({ target: jobs.key });
}

export type JobStore = ReturnType<typeof jobStore>;

export function jobStore(db: Db) {
  return {
    /**
     * Takes up to `limit` due jobs of these kinds for `leaseSeconds`: queued ones whose time has come, and
     * running ones whose lease ran out (their server stopped). SKIP LOCKED lets every server claim at once.
     */
    async claim(kinds: string[], limit: number, leaseSeconds: number): Promise<ClaimedJob[]> {
      if (kinds.length === 0 || limit <= 0) return [];
      const { rows } = (await db.execute(sql`
        UPDATE jobs SET state = 'running', attempts = attempts + 1,
          locked_until = now() + make_interval(secs => ${leaseSeconds})
        WHERE id IN (
          SELECT id FROM jobs
          WHERE kind IN (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
            AND ((state = 'queued' AND run_at <= now()) OR (state = 'running' AND locked_until < now()))
          ORDER BY run_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, kind, payload, attempts, max_attempts`)) as unknown as {
        rows: { id: string; kind: string; payload: Record<string, unknown>; attempts: number; max_attempts: number }[];
      };
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        payload: r.payload,
        attempt: Number(r.attempts),
        maxAttempts: Number(r.max_attempts),
      }));
    },

    /**
     * A long job (an evidence pack) keeps its lease while it works: false when the lease was lost to a later
     * attempt, which then owns the job.
     */
    async extend(job: ClaimedJob, leaseSeconds: number): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.attempts, job.attempt)))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** Done, unless the lease ran out and a later attempt has the job now (then that attempt finishes it). */
    async complete(job: ClaimedJob): Promise<void> {
      await db
        .update(jobs)
        .set({ state: 'done', lockedUntil: null, finishedAt: sql`now()`, lastError: null })
        .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.attempts, job.attempt)));
    },

    /** Tried again after a growing delay, or failed for good with its reason once out of attempts. */
    async fail(job: ClaimedJob, reason: string): Promise<'retry' | 'failed'> {
      const last = job.attempt >= job.maxAttempts;
      const delay = retryDelaySeconds(job.attempt);
      await db
        .update(jobs)
        .set(
          last
            ? { state: 'failed', lockedUntil: null, finishedAt: sql`now()`, lastError: reason.slice(0, 2000) }
            : {
                state: 'queued',
                lockedUntil: null,
                runAt: sql`now() + make_interval(secs => ${delay})`,
                lastError: reason.slice(0, 2000),
              },
        )
        .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.attempts, job.attempt)));
      return last ? 'failed' : 'retry';
    },

    /** The job for `key`, as it stands (null once cleaned up, or never queued). */
    async byKey(key: string) {
      const [row] = await db
        .select({ state: jobs.state, attempts: jobs.attempts, lastError: jobs.lastError, runAt: jobs.runAt })
        .from(jobs)
        .where(eq(jobs.key, key));
      return row ?? null;
    },

    /** Finished jobs are kept a day (failed ones thirty), for whoever asks why. */
    async cleanUp(): Promise<number> {
      const gone = await db
        .delete(jobs)
        .where(
          sql`(${jobs.state} = 'done' AND ${jobs.finishedAt} < now() - interval '1 day')
            OR (${jobs.state} = 'failed' AND ${jobs.finishedAt} < now() - interval '30 days')`,
        )
        .returning({ id: jobs.id });
      return gone.length;
    },
  };
}
