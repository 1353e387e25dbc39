import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from '../../src/jobs/queue/backoff.js';

describe('retryDelaySeconds', () => {
  it('doubles from ten seconds to at most an hour', () => {
    const none = () => 0;
    expect([1, 2, 3, 4, 12, 40].map((a) => retryDelaySeconds(a, none))).toEqual([10, 20, 40, 80, 3600, 3600]);
  });

  it('adds up to a fifth at random', () => {
    expect(retryDelaySeconds(1, () => 0.999)).toBe(12);
    expect(retryDelaySeconds(20, () => 1)).toBe(4320);
  });
});
