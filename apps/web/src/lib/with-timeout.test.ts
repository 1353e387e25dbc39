import { afterEach, describe, expect, it, vi } from 'vitest';
import { withTimeout } from './with-timeout';

afterEach(() => void vi.useRealTimers());

describe('withTimeout', () => {
  it('gives the answer when it comes in time, the fallback when not, and passes a failure on', async () => {
    vi.useFakeTimers();
    await expect(withTimeout(Promise.resolve(3), 100, 0)).resolves.toBe(3);
    const late = withTimeout(new Promise<number>(() => {}), 100, 'timeout' as const);
    vi.advanceTimersByTime(100);
    await expect(late).resolves.toBe('timeout');
    await expect(withTimeout(Promise.reject(new Error('no')), 100, 0)).rejects.toThrow('no');
    expect(vi.getTimerCount()).toBe(0);
  });
});
