/** The save badge and its timings (docs/product.md#save-status). */
export type SaveStatus = 'idle' | 'saving' | 'saved-local' | 'saved-server' | 'error';

export const AUTOSAVE_DELAY_MS = 30_000;
export const SAVED_TO_IDLE_MS = 2_000;
export const BADGE_LINGER_MS = 3_000;

/** The badge's texts (docs/product.md#save-status); `lingering` is the 3 s after returning to idle. Null when the badge is hidden. */
export function saveBadgeText(status: SaveStatus, lingering: boolean, signedOut = false): string | null {
  switch (status) {
    case 'saving':
      return 'Saving...';
    case 'saved-local':
      // Signed out, a save can only stay on the phone: say why, not just where.
      return signedOut ? 'Signed out: saved on phone' : 'Saved locally';
    case 'saved-server':
      return 'Saved to cloud';
    case 'error':
      return 'Save failed - cached locally';
    case 'idle':
      return lingering ? 'All changes saved' : null;
  }
}

export interface SaveStatusSnapshot {
  saveStatus: SaveStatus;
  /** True while not idle and for 3 s after returning to idle. */
  badgeVisible: boolean;
  lingering: boolean;
}

/**
 * The badge's state machine. A change or a save attempt shows saving; a server save shows saved-server
 * and a local-only one saved-local, each returning to idle after 2 s; the badge lingers 3 s more.
 * 'error' (the device itself could not keep the data, or the server refused it for good) stays until
 * the next change, so it is not missed.
 */
export class SaveStatusTracker {
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private snap: SaveStatusSnapshot = { saveStatus: 'idle', badgeVisible: false, lingering: false };
  private readonly listeners = new Set<() => void>();

  snapshot = (): SaveStatusSnapshot => this.snap;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Any wizard data change, and the start of a save. */
  saving(): void {
    this.set('saving', false);
  }

  /** The outcome of a save: saved-server / saved-local return to idle after 2 s; error stays. */
  settle(result: 'saved-server' | 'saved-local' | 'error'): void {
    this.set(result, false);
    if (result !== 'error') {
      this.idleTimer = setTimeout(() => {
        this.idleTimer = undefined;
        this.set('idle', true);
        this.lingerTimer = setTimeout(() => {
          this.lingerTimer = undefined;
          this.set('idle', false);
        }, BADGE_LINGER_MS);
      }, SAVED_TO_IDLE_MS);
    }
  }

  /** Back to a hidden idle badge at once (a reset). */
  clear(): void {
    this.set('idle', false);
  }

  dispose(): void {
    this.clearTimers();
    this.listeners.clear();
  }

  private clearTimers() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.idleTimer = undefined;
    this.lingerTimer = undefined;
  }

  private set(status: SaveStatus, lingering: boolean) {
    // Timers belong to the state they were set in; a later transition cancels them.
    if (!(status === 'idle' && lingering)) this.clearTimers();
    const next = { saveStatus: status, badgeVisible: status !== 'idle' || lingering, lingering };
    if (next.saveStatus === this.snap.saveStatus && next.lingering === this.snap.lingering) return;
    this.snap = next;
    for (const l of this.listeners) l();
  }
}
