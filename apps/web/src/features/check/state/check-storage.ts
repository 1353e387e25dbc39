import type { User } from '@hiu/domain';
import { TOAST_DURATION_MS } from '../../../lib/toast';
import type { CheckHost } from './check-host';
import { acceptLocalCache, cacheHoldsNewer, isQuotaError, peekLocalCache, writeLocalCache } from './local-cache';
import { hasWizardData, initialWizardState, newerState, type WizardState } from './wizard-state';

const STORAGE_FULL = 'This phone’s local cache is full. Your check is still kept in the app’s own storage.';
const STORAGE_REFUSED =
  'This phone refused to store the check. Keep the app open and connected until it is saved to the cloud.';
const DEVICE_FULL =
  'This phone is out of storage space, so the check could not be written to the app’s storage. What you typed is kept on this screen: free some space (old photos, videos or apps) and keep the app open until it says Saved to cloud.';

/** What to tell the engineer when the device store refused a write: full, or refused for another reason. */
export function storageMessage(error: unknown): string {
  return isQuotaError(error) ? DEVICE_FULL : STORAGE_REFUSED;
}

/**
 * The check's copies on this phone: the local cache (localStorage, written at once) and IndexedDB (written
 * after, coalesced), read back on sign-in and when another tab of the app changed them.
 */
export class CheckStorage {
  /** The IndexedDB write in flight; at most one, and the latest state is always written last. */
  private writing: Promise<void> | null = null;
  private stale = false;
  private catchUpTimer: ReturnType<typeof setTimeout> | undefined;
  private tabNoticeAt = -Infinity;

  constructor(private readonly host: CheckHost) {}

  /** Whether an IndexedDB write is under way. */
  get busy(): boolean {
    return this.writing !== null;
  }

  commit(state: WizardState): void {
    const written = writeLocalCache(this.host.deps.storage, state);
    const full = written === 'quota-exceeded' && this.host.snap.storageWarning !== STORAGE_FULL;
    this.host.setSnap(full ? { state, storageWarning: STORAGE_FULL } : { state });
    this.host.tasks.own('writing the check to the device', this.persist());
  }

  /** Writes the current state to IndexedDB (never rejects: a refusal is shown to the engineer). */
  persist(): Promise<void> {
    if (this.writing) {
      this.stale = true;
      return this.writing;
    }
    this.writing = (async () => {
      const { host } = this;
      try {
        do {
          this.stale = false;
          const user = host.user;
          const state = host.snap.state;
          if (!user) break;
          if (hasWizardData(state.wizardData) || state.flowStatus === 'failed') {
            await host.deps.store.saveWizard(user.id, state);
          } else {
            await host.deps.store.clearWizard(user.id);
          }
        } while (this.stale);
        // Space was freed (or storage came back): the warning about the device store no longer holds.
        const w = host.snap.storageWarning;
        if (w === DEVICE_FULL || w === STORAGE_REFUSED) host.setSnap({ storageWarning: undefined });
      } catch (error) {
        // The state stays in memory (and in the local cache where that still fits); the engineer is told.
        host.setSnap({ storageWarning: storageMessage(error) });
        host.saveStatus.settle('error');
      } finally {
        this.writing = null;
      }
    })();
    return this.writing;
  }

  /** Resolves when the check is written to the device. */
  async written(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Writes the local cache now (the page is being hidden or closed); IndexedDB's write is under way. */
  flush(): Promise<void> {
    const { host } = this;
    // A tab left behind never writes its older copy over the one another tab wrote.
    if (host.user && !cacheHoldsNewer(host.deps.storage, host.snap.state)) {
      writeLocalCache(host.deps.storage, host.snap.state);
    }
    return this.writing ?? Promise.resolve();
  }

  /**
   * Restores `user`'s check: the local cache's copy at once (checked by the schemas, on a worker thread, so
   * it shows a moment later, still before IndexedDB's), then IndexedDB's if newer. With nothing stored on the
   * phone the schemas are never loaded. True when restored; false when a later sign-in took over or the
   * device refused.
   */
  async restore(user: User, seq: number, fresh: WizardState): Promise<boolean> {
    const { host } = this;
    const copy = peekLocalCache(host.deps.storage);
    const mine = (state: WizardState | undefined) => (state?.ownerId === user.id ? state : undefined);
    try {
      if (copy) {
        const checked = await host.schemas.parseWizardState(copy.value);
        if (!host.current(seq)) return false;
        const late = mine(acceptLocalCache(host.deps.storage, copy, checked));
        if (late && host.snap.state === fresh) {
          host.setSnap({ state: late });
          if (hasWizardData(late.wizardData)) host.saveStatus.settle('saved-local');
        }
      }
      const stored = await host.deps.store.loadWizard(user.id);
      const fromStore = stored == null ? undefined : await host.schemas.parseWizardState(stored);
      if (!host.current(seq)) return false;
      // An untouched fresh state is no copy at all: the stored one wins whatever the clocks say.
      const current = host.snap.state === fresh ? undefined : host.snap.state;
      const newer = newerState(current, fromStore) ?? host.snap.state;
      if (newer && newer !== host.snap.state) {
        host.setSnap({ state: newer, hydrated: true });
        writeLocalCache(host.deps.storage, newer);
        if (hasWizardData(newer.wizardData)) host.saveStatus.settle('saved-local');
      } else {
        host.setSnap({ hydrated: true });
      }
      return true;
    } catch (error) {
      if (host.current(seq)) host.setSnap({ hydrated: true, storageWarning: storageMessage(error) });
      return false;
    }
  }

  /**
   * Another tab of the app on this phone changed the check (its quick-cache write fired a storage event) or
   * this tab is shown again: a newer stored copy replaces this tab's, so a change typed here never writes an
   * older check over readings taken there. A person takes longer to switch tabs than this takes.
   */
  catchUpSoon(delayMs = 250): void {
    this.stopCatchUp();
    if (this.host.lifecycle.phase === 'disposed') return;
    // After the other tab's IndexedDB write, which follows its quick-cache write (photos live only there).
    this.catchUpTimer = setTimeout(() => {
      this.catchUpTimer = undefined;
      this.host.tasks.own('taking up another tab’s check', this.catchUp());
    }, delayMs);
  }

  stopCatchUp(): void {
    if (this.catchUpTimer) clearTimeout(this.catchUpTimer);
    this.catchUpTimer = undefined;
  }

  private async catchUp(): Promise<void> {
    const { host } = this;
    const user = host.user;
    const mine = host.snap.state;
    const life = host.lifecycle;
    if (!user || !host.snap.hydrated || this.writing || !('seq' in life)) return;
    const seq = life.seq;
    try {
      const stored = await host.deps.store.loadWizard(user.id);
      // Only a newer copy is read back (the schemas load for it): the usual case is this tab's own copy.
      const storedAt = (stored as { updatedAt?: unknown } | undefined)?.updatedAt;
      if (stored != null && !(typeof storedAt === 'string' && Date.parse(storedAt) > Date.parse(mine.updatedAt)))
        return;
      // Nothing stored while this tab holds a check: another tab submitted, cancelled or discarded it.
      const theirs =
        stored == null
          ? hasWizardData(mine.wizardData) && !host.snap.storageWarning
            ? initialWizardState(user.id, new Date(host.now()))
            : undefined
          : await host.schemas.parseWizardState(stored);
      if (!host.current(seq) || host.snap.state !== mine) return; // this tab moved on: its change stands
      if (!theirs || theirs.ownerId !== user.id) return;
      if (!(Date.parse(theirs.updatedAt) > Date.parse(mine.updatedAt))) return;
      // The other tab has written the local cache already; a draft save due here now sends its copy.
      host.setSnap({ state: theirs });
      const changed = JSON.stringify(theirs.wizardData) !== JSON.stringify(mine.wizardData);
      // One message for a burst of changes there (each answer is a change), not one per catch-up.
      if (hasWizardData(mine.wizardData) && changed && host.now() - this.tabNoticeAt > TOAST_DURATION_MS) {
        this.tabNoticeAt = host.now();
        host.deps.notify.info?.(
          'Updated from another tab',
          'This check was changed in another tab of the app. This tab now shows those changes.',
        );
      }
    } catch {
      // This tab keeps what it has; the stored copy is read again on the next change elsewhere.
    }
  }
}
