import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { signInAttempts } from '../db/schema.js';

export interface AttemptLimit {
  key: string;
  /** Attempts allowed in one window. */
  max: number;
}

/** One key's count after an attempt was taken, and the seconds left of its window. */
export interface Taken {
  count: number;
  secondsLeft: number;
}

class Refused extends Error {
  constructor(
    readonly key: string,
    readonly secondsLeft: number,
  ) {
    super('refused');
  }
}

/**
 * Sign-in attempt counters, one row per key, taken before the password is checked. Taking is
 * one upsert per key that adds 1 only while the row is under its limit (or its window has passed), decided
 * under the row's lock, so concurrent attempts cannot all see room; the keys of one attempt are taken in one
 * transaction, all or none, always in the caller's order, so two attempts never wait on each other in a cycle.
 * Each key says how long its window has left, so the server can remember a full one until then.
 */
export function signInAttemptsRepository(db: Db, windowSeconds: number) {
  const window = sql.raw(`interval '${Math.trunc(windowSeconds)} seconds'`);
  const expired = sql`${signInAttempts.windowStart} <= now() - ${window}`;
  const secondsLeft = sql<number>`greatest(1, ceil(extract(epoch from (${signInAttempts.windowStart} + ${window} - now()))))::int`;
  return {
    /**
     * Counts one attempt against every limit, or none; `refusedBy` names the first limit that is full. One key is
     * one statement, without a transaction: what a flood's attempts mostly cost.
     */
    async take(limits: AttemptLimit[]): Promise<{ taken: Taken[] } | { refusedBy: string; retryAfterSeconds: number }> {
      const inOne = <T>(work: (tx: Db) => Promise<T>) =>
        limits.length === 1 ? work(db) : db.transaction((tx) => work(tx as unknown as Db));
      try {
        const taken = await inOne(async (tx) => {
          const taken: Taken[] = [];
          for (const { key, max } of limits) {
            const [row] = await tx
              .insert(signInAttempts)
              .values({ key, count: 1 })
              .onConflictDoUpdate({
                target: signInAttempts.key,
                set: {
                  count: sql`CASE WHEN ${expired} THEN 1 ELSE ${signInAttempts.count} + 1 END`,
                  windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${signInAttempts.windowStart} END`,
                },
                setWhere: sql`${expired} OR ${signInAttempts.count} < ${max}`,
              })
              .returning({ count: signInAttempts.count, secondsLeft });
            if (row) {
              taken.push(row);
              continue;
            }
            // Full: how long for, asked in the same transaction (where there is one, the upsert locked the row).
            const [full] = await tx
              .select({ secondsLeft })
              .from(signInAttempts)
              .where(sql`${signInAttempts.key} = ${key}`);
            throw new Refused(key, full?.secondsLeft ?? 1);
          }
          return taken;
        });
        return { taken };
      } catch (err) {
        if (!(err instanceof Refused)) throw err;
        return { refusedBy: err.key, retryAfterSeconds: err.secondsLeft };
      }
    },
    /** Gives back one attempt on each key: one that was not a failure (signed in, or never checked). */
    async giveBack(keys: string[]) {
      if (keys.length === 0) return;
      await db
        .update(signInAttempts)
        .set({ count: sql`greatest(${signInAttempts.count} - 1, 0)` })
        .where(inArray(signInAttempts.key, keys));
    },
    async clear(keys: string[]) {
      if (keys.length > 0) await db.delete(signInAttempts).where(inArray(signInAttempts.key, keys));
    },
    /** Rows whose window has passed count for nothing; removed now and then so the table stays small. */
    async removeExpired() {
      await db.delete(signInAttempts).where(lt(signInAttempts.windowStart, sql`now() - ${window}`));
    },
  };
}
export type SignInAttemptsRepository = ReturnType<typeof signInAttemptsRepository>;
