import { describe, expect, it } from 'vitest';
import { ReadLimitStore } from '../../src/http/read-limit-store.js';

function counting() {
  let now = 1_000_000;
  const store = new ReadLimitStore(undefined, () => now);
  const incr = (key: string, windowMs = 10_000) => {
    let answer: { current: number; ttl: number } | undefined;
    store.incr(key, (_error, result) => (answer = result), windowMs);
    return answer!;
  };
  return { incr, later: (ms: number) => (now += ms), store };
}

describe('the read limit store', () => {
  it('counts each caller in its own fixed window and says how long is left of it', () => {
    const { incr, later } = counting();
    expect(incr('a')).toEqual({ current: 1, ttl: 10_000 });
    later(4_000);
    expect(incr('a')).toEqual({ current: 2, ttl: 6_000 });
    expect(incr('b')).toEqual({ current: 1, ttl: 10_000 });
    later(6_000);
    expect(incr('a')).toEqual({ current: 1, ttl: 10_000 });
    expect(incr('b')).toEqual({ current: 2, ttl: 4_000 });
  });

  it('gives each request its own count, so requests answered together are not all judged by the last', () => {
    const { incr } = counting();
    const answers = Array.from({ length: 4 }, () => incr('a'));
    expect(answers.map((a) => a.current)).toEqual([1, 2, 3, 4]);
  });

  it('starts a child (the limiter the app makes) with counts of its own', () => {
    const { store, incr } = counting();
    incr('a');
    let answer: { current: number; ttl: number } | undefined;
    store.child().incr('a', (_e, r) => (answer = r), 10_000, 5);
    expect(answer!.current).toBe(1);
  });
});
