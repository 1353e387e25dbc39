import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import { retryDelaySeconds } from './backoff.js';

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** This attempt's number, from 1; it also fences the job: only this attempt may finish it. */
  attempt: number;
  maxAttempts: number;
  /** Whose work it is, if anyone's. */
  ownerId: string | null;
}

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  /** One job per key: a second enqueue of the same key is ignored. */
  key?: string;
  maxAttempts?: number;
  /**
   * Whose work it is (a report's engineer): owners take turns. Jobs without one take turns
   * together, one queue per kind.
   */
  ownerId?: string | null;
}

/** Queues a job in the caller's transaction, so it exists exactly when the change that asks for it does. */
export async function enqueueJob(tx: Tx, job: NewJob): Promise<void> {
  await tx
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key ?? null,
      payload: job.payload,
      maxAttempts: job.maxAttempts ?? 5,
      ownerId: job.ownerId ?? null,
    })
    .onConflictDoNothing({ target: jobs.key });
}

/**
 * Makes every queued job of `kind` due now, whatever its backoff: for a resource that has been seen to work again
 * (the file store answered an upload), so the work that waited on it need not sit out an hour's backoff.
 */
export async function runQueuedNow(db: Tx, kind: string): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.kind, kind), eq(jobs.state, 'queued'), sql`${jobs.runAt} > now()`));
}

/** Why a job taken by `takeLost` failed: what its kind's failure path and `jobs.last_error` say. */
export const lostLeaseReason = (job: Pick<ClaimedJob, 'attempt' | 'maxAttempts'>) =>
  `Its server stopped while running it (attempt ${job.attempt} of ${job.maxAttempts}), so it is not tried again.`;

/** How long a finished job still counts against its owner's turn. */
export const RECENT_JOB_SECONDS = 60;
/**
 * The work one turn is worth: a job quicker than this (an ordinary report's PDF) costs its owner one turn, a
 * slower one a turn for each quarter second it took (docs/product.md#report-pdf).
 */
export const TURN_SECONDS = 0.25;

export type JobStore = ReturnType<typeof jobStore>;

export function jobStore(db: Db) {
  return {
    /**
     * Takes up to `limit` due jobs of these kinds for `leaseSeconds`: queued ones whose time has come, and
     * running ones whose lease ran out (their server stopped) with attempts left; those without are `takeLost`'s.
     * SKIP LOCKED lets every server claim at once.
     *
     * Owners take turns, paid for in time. A due job's turn is the work of its owner's jobs running or
     * finished in the last minute, in quarter seconds (each job at least one: a long one costs its time, so
     * heavy PDFs cost their engineer many turns and a quick one one), plus its place among that owner's due
     * jobs, oldest first; the lowest turns are taken, the oldest first among equals, so one engineer's hundred
     * queued PDFs, or a few slow ones, never delay another's next. A claim takes at
     * most one job per owner, and none of `ownersInHand` (those this server is running already: one user's
     * PDFs are built one after another on a server, so a second would only hold a place another could use).
     * Jobs without an owner take turns together, per kind, and any number may be taken at once.
     */
    async claim(
      kinds: string[],
      limit: number,
      leaseSeconds: number,
      ownersInHand: string[] = [],
    ): Promise<ClaimedJob[]> {
      if (kinds.length === 0 || limit <= 0) return [];
      const due = (t: 'jobs' | 'j') =>
        sql.raw(
          `((${t}.state = 'queued' AND ${t}.run_at <= now()) OR (${t}.state = 'running' AND ${t}.locked_until < now() AND ${t}.attempts < ${t}.max_attempts))`,
        );
      const list = (values: string[]) =>
        sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        );
      const { rows } = (await db.execute(sql`
        WITH due AS (
          SELECT id, kind, owner_id, run_at FROM jobs
          WHERE kind IN (${list(kinds)}) AND ${due('jobs')}
            ${ownersInHand.length ? sql`AND (owner_id IS NULL OR owner_id::text NOT IN (${list(ownersInHand)}))` : sql``}
        ), busy AS (
          -- Jobs running (a few: the lease index) and finished in the last minute (the finished index's end),
          -- each costing its time so far in turns of TURN_SECONDS, at least one.
          SELECT owner_id, sum(greatest(1, floor(
            extract(epoch FROM coalesce(finished_at, now()) - coalesce(started_at, finished_at, now()))
            / ${TURN_SECONDS}::float8))) AS n FROM (
            SELECT owner_id, started_at, NULL::timestamptz AS finished_at FROM jobs
            WHERE state = 'running' AND locked_until >= now() AND owner_id IS NOT NULL
            UNION ALL
            SELECT owner_id, started_at, finished_at FROM jobs
            WHERE finished_at > now() - make_interval(secs => ${RECENT_JOB_SECONDS}) AND owner_id IS NOT NULL
          ) recent
          GROUP BY owner_id
        ), turns AS (
          SELECT due.id, due.owner_id, due.run_at, coalesce(busy.n, 0) AS busy,
            row_number() OVER (PARTITION BY coalesce(due.owner_id::text, due.kind) ORDER BY due.run_at, due.id) AS place
          FROM due LEFT JOIN busy ON busy.owner_id = due.owner_id
        )
        UPDATE jobs SET state = 'running', attempts = attempts + 1, started_at = now(),
          locked_until = now() + make_interval(secs => ${leaseSeconds})
        FROM (
          SELECT j.id, turns.busy + turns.place AS turn, turns.run_at FROM jobs j JOIN turns ON turns.id = j.id
          -- Again on the row as locked: another server may have taken it since this statement began.
          WHERE ${due('j')} AND (turns.owner_id IS NULL OR turns.place = 1)
          ORDER BY turns.busy + turns.place, turns.run_at, j.id
          LIMIT ${limit}
          FOR UPDATE OF j SKIP LOCKED
        ) taken
        WHERE jobs.id = taken.id
        RETURNING jobs.id, jobs.kind, jobs.payload, jobs.attempts, jobs.max_attempts, jobs.owner_id, taken.turn,
          taken.run_at`)) as unknown as {
        rows: {
          id: string;
          kind: string;
          payload: Record<string, unknown>;
          attempts: number;
          max_attempts: number;
          owner_id: string | null;
          turn: number | string;
          run_at: string | Date;
        }[];
      };
      // In turn order, so a runner starts them as the turns say.
      rows.sort(
        (a, b) => Number(a.turn) - Number(b.turn) || new Date(a.run_at).getTime() - new Date(b.run_at).getTime(),
      );
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        payload: r.payload,
        attempt: Number(r.attempts),
        maxAttempts: Number(r.max_attempts),
        ownerId: r.owner_id,
      }));
    },

    /**
     * Running jobs of these kinds whose server stopped on their last attempt (the lease ran out), taken for
     * `leaseSeconds` without a new attempt, to be failed through their kind's failure path and `fail`: run
     * again, a job that stops its server every time (a PDF that exhausts the memory) would be tried forever.
     */
    async takeLost(kinds: string[], leaseSeconds: number): Promise<ClaimedJob[]> {
      if (kinds.length === 0) return [];
      const rows = await db
        .update(jobs)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(
          and(
            inArray(jobs.kind, kinds),
            eq(jobs.state, 'running'),
            sql`${jobs.lockedUntil} < now()`,
            sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
          ),
        )
        .returning();
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        payload: r.payload as Record<string, unknown>,
        attempt: r.attempts,
        maxAttempts: r.maxAttempts,
        ownerId: r.ownerId,
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
