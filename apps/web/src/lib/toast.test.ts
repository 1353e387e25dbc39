import { afterEach, describe, expect, it, vi } from 'vitest';
import { markToasterFailed, notify, plainToast } from './toast';

afterEach(() => void vi.useRealTimers());

describe('toasts when the toast library cannot be fetched', () => {
  it('shows each message as plain words, the newest one, for 5 s', () => {
    vi.useFakeTimers();
    markToasterFailed();
    notify.error('Submission Failed', 'Failed to submit the commissioning report. Please try again.');
    expect(plainToast.get()).toEqual({
      title: 'Submission Failed',
      description: 'Failed to submit the commissioning report. Please try again.',
    });
    vi.advanceTimersByTime(3000);
    notify.success('Report Submitted');
    expect(plainToast.get()?.title).toBe('Report Submitted');
    vi.advanceTimersByTime(3000);
    expect(plainToast.get()?.title).toBe('Report Submitted');
    vi.advanceTimersByTime(2000);
    expect(plainToast.get()).toBeNull();
  });
});
