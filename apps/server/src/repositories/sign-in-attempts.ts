import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { signInAttempts } from '../db/schema.js';

export interface AttemptLimit {
  key: string;
  /** Attempts allowed in one window. */
  max: number;
}

class Refused extends Error {
  constructor(readonly key: string) {
    super('refused');
  }
}

/**
 * Sign-in attempt counters, one row per key, taken before the password is checked (decision 110). Taking is
 * one upsert per key that adds 1 only while the row is under its limit (or its window has passed), decided
 * under the row's lock, so concurrent attempts cannot all see room; the keys of one attempt are taken in one
 * transaction, all or none, always in the caller's order, so two attempts never wait on each other in a cycle.
 */
export function signInAttemptsRepository(db: Db, windowSeconds: number) {
  const window = sql.raw(`interval '${Math.trunc(windowSeconds)} seconds'`);
  const expired = sql`${signInAttempts.windowStart} <= now() - ${window}`;
  return {
    /** Counts one attempt against every limit, or none; `refusedBy` names the first limit that is full. */
    async take(
      limits: AttemptLimit[],
    ): Promise<{ counts: number[] } | { refusedBy: string; retryAfterSeconds: number }> {
      try {
        const counts = await db.transaction(async (tx) => {
          const taken: number[] = [];
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
              .returning({ count: signInAttempts.count });
            if (!row) throw new Refused(key);
            taken.push(row.count);
          }
          return taken;
        });
        return { counts };
      } catch (err) {
        if (!(err instanceof Refused)) throw err;
        return { refusedBy: err.key, retryAfterSeconds: await this.secondsLeft(err.key) };
      }
    },
    /** Seconds until the key's window ends. */
    async secondsLeft(key: string): Promise<number> {
      const [row] = await db
        .select({ s: sql<number>`ceil(extract(epoch from (${signInAttempts.windowStart} + ${window} - now())))::int` })
        .from(signInAttempts)
        .where(sql`${signInAttempts.key} = ${key}`);
      return Math.max(1, row?.s ?? 1);
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
