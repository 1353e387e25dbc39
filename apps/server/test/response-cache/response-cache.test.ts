import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { responseCache, EVERYTHING, noticeTags } from '../../src/response-cache/cache.js';

const answer = (payload: string) => ({ payload, etag: `"${payload}"` });

describe('response cache (decision 203)', () => {
  it('serves an answer until a change names one of its tags, and keeps others', () => {
    const cache = responseCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    cache.setLive(true);
    const begun = cache.begin();
    expect(cache.keep('a', begun, ['s:1', 'u:1'], answer('A'))).toBe(true);
    expect(cache.keep('b', begun, ['s:2'], answer('B'))).toBe(true);
    expect(cache.get('a')?.payload).toBe('A');
    cache.changed(['s:1']);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.payload).toBe('B');
    cache.changed([EVERYTHING]);
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not keep what a read found when a change to its tags was heard while it was under way', () => {
    const cache = responseCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    cache.setLive(true);
    const begun = cache.begin();
    cache.changed(['u:1']);
    expect(cache.keep('a', begun, ['u:1'], answer('stale'))).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    // A change heard before the read began does not concern it.
    expect(cache.keep('a', cache.begin(), ['u:1'], answer('fresh'))).toBe(true);
    expect(cache.get('a')?.payload).toBe('fresh');
  });

  it('keeps and serves nothing while changes are not heard, and forgets everything when they stop', () => {
    const cache = responseCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    expect(cache.begin()).toBe(0);
    expect(cache.keep('a', cache.begin(), [], answer('A'))).toBe(false);
    cache.setLive(true);
    const begun = cache.begin();
    cache.keep('a', begun, [], answer('A'));
    cache.setLive(false);
    expect(cache.get('a')).toBeUndefined();
    cache.setLive(true);
    expect(cache.keep('b', begun, [], answer('B'))).toBe(false); // begun before the gap
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently used past its memory, refuses one answer too big, and drops what is too old', () => {
    let now = 0;
    const body = (key: string) => answer(key.padEnd(1_000, '.')); // 1,000 + 2 + 300 bytes with its key
    const cache = responseCache({ maxBytes: 16 * 1_302, ttlMs: 1_000, now: () => now });
    cache.setLive(true);
    const keys = Array.from({ length: 16 }, (_, i) => `k${i.toString(16)}`);
    for (const key of keys) expect(cache.keep(key, cache.begin(), [], body(key))).toBe(true);
    expect(cache.size).toEqual({ answers: 16, bytes: 16 * 1_302 });
    expect(cache.get('k0')).toBeDefined(); // k1 is now the least recently used
    cache.keep('kg', cache.begin(), [], body('kg'));
    expect([cache.get('k0'), cache.get('k1'), cache.get('kg')].map(Boolean)).toEqual([true, false, true]);
    expect(cache.keep('big', cache.begin(), [], answer('x'.repeat(2_000)))).toBe(false);
    now = 1_000;
    expect(cache.get('k0')).toBeUndefined();
  });

  it('keeps nothing when sized 0', () => {
    const cache = responseCache({ maxBytes: 0, ttlMs: 60_000 });
    cache.setLive(true);
    expect(cache.enabled).toBe(false);
    expect(cache.keep('a', cache.begin(), [], answer('A'))).toBe(false);
  });

  it('reads the tags of a notice as the database writes them', () => {
    expect(noticeTags('s:1,u:2,sites')).toEqual(['s:1', 'u:2', 'sites']);
    expect(noticeTags('*')).toEqual([EVERYTHING]);
  });

  // Model: a served answer's read began after the last change to each of its tags; an answer nothing has
  // made stale, evicted or timed out is served.
  it('never serves an answer made stale by a change heard after its read began, whatever the order', () => {
    const tags = ['s:1', 's:2', 'u:1', 'u:2', 'sites'];
    const op = fc.oneof(
      fc.record({ kind: fc.constant('begin' as const), key: fc.constantFrom('a', 'b', 'c') }),
      fc.record({ kind: fc.constant('finish' as const), key: fc.constantFrom('a', 'b', 'c'), tags: fc.subarray(tags) }),
      fc.record({ kind: fc.constant('change' as const), tags: fc.subarray([...tags, EVERYTHING], { minLength: 1 }) }),
      fc.record({ kind: fc.constant('get' as const), key: fc.constantFrom('a', 'b', 'c') }),
      fc.record({ kind: fc.constant('gap' as const) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const cache = responseCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
        cache.setLive(true);
        let step = 0;
        const lastChange = new Map<string, number>();
        let lastEverything = 0;
        const reading = new Map<string, { begun: number; step: number }>();
        const kept = new Map<string, { step: number; tags: string[]; payload: string }>();
        const staleSince = (t: string[], since: number) =>
          lastEverything >= since || t.some((x) => (lastChange.get(x) ?? 0) >= since);
        for (const o of ops) {
          step++;
          if (o.kind === 'begin') reading.set(o.key, { begun: cache.begin(), step });
          else if (o.kind === 'finish') {
            const r = reading.get(o.key);
            if (!r) continue;
            reading.delete(o.key);
            const payload = `${o.key}@${step}`;
            const stored = cache.keep(o.key, r.begun, o.tags, answer(payload));
            expect(stored).toBe(!staleSince(o.tags, r.step));
            if (stored) kept.set(o.key, { step: r.step, tags: o.tags, payload });
          } else if (o.kind === 'change') {
            cache.changed(o.tags);
            if (o.tags.includes(EVERYTHING)) lastEverything = step;
            for (const t of o.tags) lastChange.set(t, step);
          } else if (o.kind === 'gap') {
            cache.setLive(false);
            cache.setLive(true);
            lastEverything = step;
          } else {
            const served = cache.get(o.key);
            const k = kept.get(o.key);
            const fresh = k && !staleSince(k.tags, k.step);
            expect(served?.payload).toBe(fresh ? k.payload : undefined);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
