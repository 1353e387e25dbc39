import { LRUCache } from 'lru-cache';
import type { AttemptLimit } from '../auth/repository.js';
import type { SignInAttempts } from '../auth/commands.js';
import { tooManyAttempts } from './sign-in-limits.js';

/** Full keys remembered at once; past this the least recently refused is forgotten (the database is asked again). */
const KEYS = 10_000;

/**
 * The sign-in keys this server knows to be at their limit, each until its window ends: an attempt
 * on one is refused from here, so a flood past its limits costs the database nothing. The database stays the
 * judge across servers: a key filled through another server is learnt at its first refusal here, and a key this
 * server gives an attempt back to is asked of the database again.
 */
const full = new LRUCache<string, number>({ max: KEYS });

/** Seconds left of the first of `limits` known to be full, if any. */
function knownFull(limits: AttemptLimit[], now = Date.now()): number | undefined {
  for (const { key } of limits) {
    const until = full.get(key);
    if (until === undefined) continue;
    if (until > now) return Math.ceil((until - now) / 1000);
    full.delete(key);
  }
  return undefined;
}

const remember = (key: string, secondsLeft: number) => full.set(key, Date.now() + secondsLeft * 1000);

/** Forgets every full key: for tests, whose database is wiped between them. */
export const forgetFullSignInKeys = () => full.clear();

/** The attempt counters seen through what this server remembers of them. */
export function rememberingFullKeys(attempts: SignInAttempts) {
  return {
    /** Counts one attempt against every limit and returns the counts, or throws 429 (from memory when it can). */
    async take(limits: AttemptLimit[]): Promise<number[]> {
      const known = knownFull(limits);
      if (known !== undefined) throw tooManyAttempts(known);
      const result = await attempts.take(limits);
      if ('refusedBy' in result) {
        remember(result.refusedBy, result.retryAfterSeconds);
        throw tooManyAttempts(result.retryAfterSeconds);
      }
      // The attempt that fills a key is the last it lets in: the next is refused without asking.
      result.taken.forEach(({ count, secondsLeft }, i) => {
        if (count >= limits[i]!.max) remember(limits[i]!.key, secondsLeft);
      });
      return result.taken.map((t) => t.count);
    },
    /** Seconds left of the first of `limits` known to be full, if any: no database. */
    knownFull,
    async giveBack(keys: string[]) {
      await attempts.giveBack(keys);
      for (const key of keys) full.delete(key);
    },
    async clear(keys: string[]) {
      await attempts.clear(keys);
      for (const key of keys) full.delete(key);
    },
    removeExpired: () => attempts.removeExpired(),
  };
}
