import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { LRUCache } from 'lru-cache';

/** Callers counted at once per server; past this the longest idle one is forgotten (starts again at 0). */
const CALLERS = 10_000;

/**
 * Counts per caller in fixed windows, in this server's memory. The plugin's own store hands every
 * request of a caller the same live counter, read only after an await: reads of one caller arriving together
 * all saw the last one's count and were all refused, the first ones too. Each answer here is its own copy.
 */
export class ReadLimitStore implements FastifyRateLimitStore {
  private readonly windows = new LRUCache<string, { count: number; startedAt: number }>({ max: CALLERS });

  /** The plugin constructs it with its options (unused); tests give a clock. */
  constructor(
    _options?: unknown,
    private readonly now: () => number = Date.now,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    windowMs: number,
  ) {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.startedAt + windowMs <= now) {
      window = { count: 0, startedAt: now };
      this.windows.set(key, window);
    }
    window.count++;
    callback(null, { current: window.count, ttl: window.startedAt + windowMs - now });
  }

  child(): FastifyRateLimitStore {
    return new ReadLimitStore(undefined, this.now);
  }
}
