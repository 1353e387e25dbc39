import { afterEach, describe, expect, it, vi } from 'vitest';
import { within } from './within';

afterEach(() => void vi.useRealTimers());

describe('within', () => {
  it('gives the answer when it comes in time, the fallback when not, and passes a failure on', async () => {
    vi.useFakeTimers();
    await expect(within(Promise.resolve(3), 100, 0)).resolves.toBe(3);
    const late = within(new Promise<number>(() => {}), 100, 'timeout' as const);
    vi.advanceTimersByTime(100);
    await expect(late).resolves.toBe('timeout');
    await expect(within(Promise.reject(new Error('no')), 100, 0)).rejects.toThrow('no');
    expect(vi.getTimerCount()).toBe(0);
  });
});
