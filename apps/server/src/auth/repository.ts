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

/**
 * Sign-in attempt counters, one row per key, taken before the password is checked (auth/commands.ts
 * `signInAttempts`). Taking is one upsert per key that adds 1 only while the row is under its limit (or its window
 * has passed), decided under the row's lock, so concurrent attempts cannot all see room. Each key says how long its
 * window has left, so the server can remember a full one until then.
 */
export function signInAttemptsRepository(db: Db, windowSeconds: number) {
  const window = sql.raw(`interval '${Math.trunc(windowSeconds)} seconds'`);
  const expired = sql`${signInAttempts.windowStart} <= now() - ${window}`;
  const secondsLeft = sql<number>`greatest(1, ceil(extract(epoch from (${signInAttempts.windowStart} + ${window} - now()))))::int`;
  return {
    /** Counts one attempt on the key, or nothing (undefined) when it is full: at `max` within its window. */
    async take({ key, max }: AttemptLimit): Promise<Taken | undefined> {
      const [row] = await db
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
      return row;
    },
    /** How long the key's window has left, in seconds. */
    async secondsLeft(key: string): Promise<number> {
      const [row] = await db
        .select({ secondsLeft })
        .from(signInAttempts)
        .where(sql`${signInAttempts.key} = ${key}`);
      return row?.secondsLeft ?? 1;
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
