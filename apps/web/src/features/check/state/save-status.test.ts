import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveBadgeText, SaveStatusTracker } from './save-status';

describe('saveBadgeText (ruling 9)', () => {
  it.each([
    ['saving', false, 'Saving...'],
    ['saved-local', false, 'Saved locally'],
    ['saved-server', false, 'Saved to cloud'],
    ['error', false, 'Save failed - cached locally'],
    ['idle', true, 'All changes saved'],
    ['idle', false, null],
  ] as const)('%s (lingering %s) -> %s', (status, lingering, text) => {
    expect(saveBadgeText(status, lingering)).toBe(text);
  });

  it('says why a save stayed on the phone when the engineer was signed out', () => {
    expect(saveBadgeText('saved-local', false, true)).toBe('Signed out: saved on phone');
    expect(saveBadgeText('saved-server', false, true)).toBe('Saved to cloud');
  });
});

describe('SaveStatusTracker timings', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each(['saved-server', 'saved-local'] as const)(
    '%s returns to idle after 2 s and the badge lingers 3 s more',
    (result) => {
      const t = new SaveStatusTracker();
      t.saving();
      expect(t.snapshot()).toEqual({ saveStatus: 'saving', badgeVisible: true, lingering: false });
      t.settle(result);
      vi.advanceTimersByTime(1_999);
      expect(t.snapshot().saveStatus).toBe(result);
      vi.advanceTimersByTime(1);
      expect(t.snapshot()).toEqual({ saveStatus: 'idle', badgeVisible: true, lingering: true });
      vi.advanceTimersByTime(2_999);
      expect(t.snapshot().badgeVisible).toBe(true);
      vi.advanceTimersByTime(1);
      expect(t.snapshot()).toEqual({ saveStatus: 'idle', badgeVisible: false, lingering: false });
    },
  );

  it('keeps an error showing until the next change', () => {
    const t = new SaveStatusTracker();
    t.settle('error');
    vi.advanceTimersByTime(60_000);
    expect(t.snapshot()).toMatchObject({ saveStatus: 'error', badgeVisible: true });
    t.saving();
    expect(t.snapshot().saveStatus).toBe('saving');
  });

  it('a change while a saved badge counts down cancels the countdown', () => {
    const t = new SaveStatusTracker();
    t.settle('saved-server');
    vi.advanceTimersByTime(1_500);
    t.saving();
    vi.advanceTimersByTime(10_000);
    expect(t.snapshot()).toMatchObject({ saveStatus: 'saving', badgeVisible: true });
  });

  it('tells subscribers of each change, once', () => {
    const t = new SaveStatusTracker();
    const seen: string[] = [];
    t.subscribe(() => seen.push(`${t.snapshot().saveStatus}${t.snapshot().lingering ? '+' : ''}`));
    t.saving();
    t.saving();
    t.settle('saved-local');
    vi.advanceTimersByTime(5_000);
    expect(seen).toEqual(['saving', 'saved-local', 'idle+', 'idle']);
  });
});
