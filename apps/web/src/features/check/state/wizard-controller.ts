import {
  DRAFT_VERSION_MAX,
  emptyWizardData,
  fileUrlFor,
  mergeWizardData,
  checkFileIds,
  UPLOAD_LIMITS,
  roomChecksFor,
  slugForStepName,
  stepBySlug,
  blankCp1,
  currentTestPack,
  type CreateReportBody,
  type Draft,
  type Photo,
  type Property,
  type Site,
  type StepSlug,
  type User,
  type WizardData,
} from '@hiu/domain';
import { TOAST_DURATION_MS } from '../../../lib/toast';
import { within } from '../../../lib/within';
import { PhotoError } from './photo-error';
import type { DeviceFile, DeviceStore } from './device-store';
import {
  acceptLocalCache,
  cacheHoldsNewer,
  clearLocalCache,
  isQuotaError,
  peekLocalCache,
  WIZARD_CACHE_KEY,
  writeLocalCache,
  type CacheStorage,
} from './local-cache';
import { addressesByOp, readSentLog, recordSent, type SentItem } from './outbox-log';
import { dependentsOf, describeOp, opId, plainError, type OutboxOp } from './outbox';
import { AUTOSAVE_DELAY_MS, SaveStatusTracker } from './save-status';
import { copyChecks, type CopyChecks } from './schemas';
import { SyncEngine, type OpOutcome } from './sync-engine';
import type { Transport } from './transport';
import {
  applyRecipe,
  hasUnsavedWork,
  hasWizardData,
  initialWizardState,
  newerState,
  type WizardRecipe,
  type WizardState,
} from './wizard-state';

export const MAX_PHOTOS = 30;
/** How long Submit waits for the server before telling the engineer the report is queued. */
export const SUBMIT_WAIT_MS = 45_000;
/** How long a Save waits for the server before counting as saved on the device. */
export const SAVE_WAIT_MS = 10_000;

export const TOASTS = {
  submitted: ['Report Submitted', 'Commissioning report has been successfully submitted and saved.'],
  submissionFailed: ['Submission Failed', 'Failed to submit the commissioning report. Please try again.'],
  draftNotRemoved: [
    'Draft Not Removed',
    'The report was saved successfully, but the draft could not be removed. You may need to delete it manually.',
  ],
} as const;

export type SaveResult = 'saved-server' | 'saved-local';

/**
 * What became of a submitted (or failed-device) report:
 * - sent: the server has it (and every photo it lists);
 * - queued: kept on this phone and sent automatically when the connection or server is back;
 * - rejected: the server refused it (kept on this phone; `message` says why).
 */
export type SubmitResult =
  | { status: 'sent'; reportId: string; draftRemoved: boolean }
  | { status: 'queued'; reportId: string; reason: 'offline' | 'signed-out' | 'server-error' | 'slow'; message: string }
  | { status: 'rejected'; reportId: string; message: string };

export interface OutboxItem {
  id: string;
  kind: OutboxOp['kind'];
  label: string;
  /** The property's address the operation belongs to, when known. */
  property?: string;
  createdAt: string;
  attempts: number;
  status: 'pending' | 'failed';
  lastError?: string;
  /** The last failure in plain words (what happened and what the app does about it). */
  problem?: string;
  nextAttemptAt: number;
  /** What waits for this one and goes with it if it is discarded (a report waiting for a photo). */
  dependents: { id: string; label: string; property?: string }[];
}

export type { SentItem } from './outbox-log';

export interface OutboxSnapshot {
  /** Operations still to reach the server (waiting or failed). */
  pending: number;
  failed: number;
  /** Failed ones the server itself refused (the rest wait for one of those). */
  refused: number;
  items: OutboxItem[];
  /** What this phone sent lately, newest first. */
  sent: SentItem[];
  online: boolean;
  /** The server answered "signed out" to something waiting: nothing goes until the engineer signs in. */
  signedOut: boolean;
  /** What other engineers left on this phone: sent only when each signs in here again. */
  othersWaiting: number;
}

export interface WizardSnapshot {
  state: WizardState;
  /** IndexedDB has been read (before that, the state is what the quick local cache held). */
  hydrated: boolean;
  /** Set when the phone's storage refused something; shown to the engineer, never silently ignored. */
  storageWarning?: string;
}

export interface StartInput {
  siteId: string;
  propertyId: string;
  /** Already loaded by the caller (home page): saves a call and works offline. */
  site?: Site;
  property?: Property;
  /** Aborted when the engineer leaves before the check has begun: then nothing is started. */
  signal?: AbortSignal;
}

export interface WizardControllerDeps {
  store: DeviceStore;
  transport: Transport;
  storage: CacheStorage | null;
  notify: {
    success(title: string, description?: string): unknown;
    error(title: string, description?: string): unknown;
    info?(title: string, description?: string): unknown;
  };
  isOnline: () => boolean;
  compress: (file: Blob) => Promise<Blob>;
  /** Reads that may come from a cache (site, property, signed-in user); defaults to the transport. */
  fetchJson?: <T>(path: string) => Promise<T>;
  now?: () => number;
  uuid?: () => string;
  random?: () => number;
  exclusive?: <T>(fn: () => Promise<T>) => Promise<T>;
  submitWaitMs?: number;
  saveWaitMs?: number;
  /** What reads back stored copies; the app's (a worker thread) by default. */
  schemas?: CopyChecks;
  /** Told when the server has stored a report, so screens showing server lists read them again. */
  onReportSent?: (reportId: string) => void;
}

const STORAGE_FULL = 'This phone’s quick cache is full. Your check is still kept in the app’s own storage.';
const STORAGE_REFUSED =
  'This phone refused to store the check. Keep the app open and connected until it is saved to the cloud.';
const DEVICE_FULL =
  'This phone is out of storage space, so the check could not be written to the app’s storage. What you typed is kept on this screen: free some space (old photos, videos or apps) and keep the app open until it says Saved to cloud.';

/** What to tell the engineer when the device store refused a write: full, or refused for another reason. */
export function storageMessage(error: unknown): string {
  return isQuotaError(error) ? DEVICE_FULL : STORAGE_REFUSED;
}

/**
 * The check in progress and everything that keeps it safe (ruling 8), with no React in it: the state,
 * its copies on the device (localStorage at once, IndexedDB after), the save badge, autosave, photos
 * and the outbox that the sync engine sends. The React provider only subscribes to it.
 */
export class WizardController {
  private user: User | null = null;
  private userSet = false;
  private snap: WizardSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly outboxListeners = new Set<() => void>();
  private outboxSnap: OutboxSnapshot;
  private autosaveTimer: ReturnType<typeof setTimeout> | undefined;
  private changeSeq = 0;
  private idbWrite: Promise<void> | null = null;
  private idbDirty = false;
  private submitting = false;
  private restoreSeq = 0;
  private catchUpTimer: ReturnType<typeof setTimeout> | undefined;
  private tabNoticeAt = -Infinity;
  /** Reports the server has stored since this page opened: one may be sent before its check is restored. */
  private readonly reportsSent = new Set<string>();
  /** Settles when the signed-in user's check has been restored from the device. */
  private restoring: Promise<void> = Promise.resolve();
  private readonly schemas: CopyChecks;
  readonly saveStatus = new SaveStatusTracker();
  readonly engine: SyncEngine;
  private readonly now: () => number;
  private readonly uuid: () => string;

  constructor(private readonly deps: WizardControllerDeps) {
    this.now = deps.now ?? Date.now;
    this.uuid = deps.uuid ?? (() => crypto.randomUUID());
    this.schemas = deps.schemas ?? copyChecks;
    this.snap = { state: initialWizardState(undefined, new Date(this.now())), hydrated: false };
    this.outboxSnap = {
      pending: 0,
      failed: 0,
      refused: 0,
      items: [],
      sent: [],
      online: deps.isOnline(),
      signedOut: false,
      othersWaiting: 0,
    };
    this.engine = new SyncEngine({
      store: deps.store,
      transport: deps.transport,
      isOnline: deps.isOnline,
      now: this.now,
      random: deps.random,
      exclusive: deps.exclusive,
    });
    this.engine.onOps((ops) => this.setOutbox(ops));
    this.engine.onOutcome((o) => this.onOutcome(o));
  }

  // ---- subscription (useSyncExternalStore) ----

  getSnapshot = (): WizardSnapshot => this.snap;
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getOutboxSnapshot = (): OutboxSnapshot => this.outboxSnap;
  subscribeOutbox = (listener: () => void): (() => void) => {
    this.outboxListeners.add(listener);
    return () => this.outboxListeners.delete(listener);
  };

  get state(): WizardState {
    return this.snap.state;
  }

  /** The signed-in user's id; undefined until the first setUser. */
  get userId(): string | null | undefined {
    return this.userSet ? (this.user?.id ?? null) : undefined;
  }

  private emit() {
    for (const l of this.listeners) l();
  }

  private setSnap(patch: Partial<WizardSnapshot>) {
    this.snap = { ...this.snap, ...patch };
    this.emit();
  }

  private setOutbox(ops: OutboxOp[]) {
    const mine = ops.filter((o) => o.userId === this.user?.id);
    const address = addressesByOp(mine, this.snap.state);
    const failed = new Set(mine.filter((o) => o.status === 'failed').map((o) => o.id));
    this.outboxSnap = {
      pending: mine.length,
      failed: failed.size,
      refused: mine.filter((o) => failed.has(o.id) && !o.dependsOn.some((d) => failed.has(d))).length,
      online: this.deps.isOnline(),
      signedOut: mine.some((o) => o.lastStatus === 401),
      othersWaiting: this.user ? ops.length - mine.length : 0,
      sent: this.user ? readSentLog(this.deps.storage, this.user.id) : [],
      items: mine.map((o) => ({
        id: o.id,
        kind: o.kind,
        label: describeOp(o),
        property: address.get(o.id),
        createdAt: o.createdAt,
        attempts: o.attempts,
        status: o.status,
        lastError: o.lastError,
        problem: plainError(o),
        nextAttemptAt: o.nextAttemptAt,
        dependents: dependentsOf(mine, o.id).map((d) => ({
          id: d.id,
          label: describeOp(d),
          property: address.get(d.id),
        })),
      })),
    };
    for (const l of this.outboxListeners) l();
  }

  // ---- who is signed in, and restoring their check ----

  /**
   * Sets the signed-in user and restores their check: from the quick cache at once, then from IndexedDB
   * if that copy is newer. Another user's check stays on the device, untouched and unsent.
   */
  setUser(user: User | null): void {
    if (this.userSet && user?.id === this.user?.id) {
      this.user = user;
      return;
    }
    this.userSet = true;
    this.flush();
    this.clearAutosave();
    this.user = user;
    this.engine.setUser(user?.id);
    const restore = ++this.restoreSeq;
    // Listeners hear of it after this call: the provider calls this while rendering.
    const emitSoon = () => queueMicrotask(() => this.emit());
    if (!user) {
      this.snap = { state: initialWizardState(undefined, new Date(this.now())), hydrated: true };
      emitSoon();
      return;
    }
    // The quick cache is read at once and checked by the schemas (zod, on a worker thread), so its copy
    // shows a moment later, still before IndexedDB's (the screens wait for `hydrated`). With nothing stored
    // on the phone the schemas are never loaded.
    const copy = peekLocalCache(this.deps.storage);
    const mine = (state: WizardState | undefined) => (state?.ownerId === user.id ? state : undefined);
    const fresh = initialWizardState(user.id, new Date(this.now()));
    this.snap = { state: fresh, hydrated: false };
    emitSoon();
    const restored = (async () => {
      try {
        if (copy) {
          const checked = await this.schemas.parseWizardState(copy.value);
          if (restore !== this.restoreSeq) return false;
          const late = mine(acceptLocalCache(this.deps.storage, copy, checked));
          if (late && this.snap.state === fresh) {
            this.setSnap({ state: late });
            if (hasWizardData(late.wizardData)) this.saveStatus.settle('saved-local');
          }
        }
        const stored = await this.deps.store.loadWizard(user.id);
        const fromStore = stored == null ? undefined : await this.schemas.parseWizardState(stored);
        if (restore !== this.restoreSeq) return false;
        // An untouched fresh state is no copy at all: the stored one wins whatever the clocks say.
        const current = this.snap.state === fresh ? undefined : this.snap.state;
        const newer = newerState(current, fromStore) ?? this.snap.state;
        if (newer && newer !== this.snap.state) {
          this.setSnap({ state: newer, hydrated: true });
          writeLocalCache(this.deps.storage, newer);
          if (hasWizardData(newer.wizardData)) this.saveStatus.settle('saved-local');
        } else {
          this.setSnap({ hydrated: true });
        }
        return true;
      } catch (error) {
        if (restore === this.restoreSeq) this.setSnap({ hydrated: true, storageWarning: storageMessage(error) });
        return false;
      }
    })();
    this.restoring = restored.then(() => undefined);
    void restored.then(async (ok) => {
      try {
        if (ok) await this.requeueLostSubmit(restore);
      } catch (error) {
        if (restore === this.restoreSeq) this.setSnap({ storageWarning: storageMessage(error) });
      }
    });
  }

  // ---- keeping the state on the device ----

  private commit(state: WizardState) {
    this.snap = { ...this.snap, state };
    const written = writeLocalCache(this.deps.storage, state);
    if (written === 'quota-exceeded' && this.snap.storageWarning !== STORAGE_FULL) {
      this.snap = { ...this.snap, storageWarning: STORAGE_FULL };
    }
    this.emit();
    void this.writeIdb();
  }

  /** Coalesced IndexedDB writes: at most one in flight, the latest state always written last. */
  private writeIdb(): Promise<void> {
    if (this.idbWrite) {
      this.idbDirty = true;
      return this.idbWrite;
    }
    this.idbWrite = (async () => {
      try {
        do {
          this.idbDirty = false;
          const user = this.user;
          const state = this.snap.state;
          if (!user) break;
          if (hasWizardData(state.wizardData) || state.flowStatus === 'failed') {
            await this.deps.store.saveWizard(user.id, state);
          } else {
            await this.deps.store.clearWizard(user.id);
          }
        } while (this.idbDirty);
        // Space was freed (or storage came back): the warning about the device store no longer holds.
        const w = this.snap.storageWarning;
        if (w === DEVICE_FULL || w === STORAGE_REFUSED) this.setSnap({ storageWarning: undefined });
      } catch (error) {
        // The state stays in memory (and in the quick cache where that still fits); the engineer is told.
        this.setSnap({ storageWarning: storageMessage(error) });
        this.saveStatus.settle('error');
      } finally {
        this.idbWrite = null;
      }
    })();
    return this.idbWrite;
  }

  /**
   * Another tab of the app on this phone changed the check (its quick-cache write fired a storage event) or
   * this tab is shown again: a newer device copy replaces this tab's, so a change typed here never writes an
   * older check over readings taken there. A person takes longer to switch tabs than this takes.
   */
  catchUpSoon(delayMs = 250): void {
    if (this.catchUpTimer) clearTimeout(this.catchUpTimer);
    // After the other tab's IndexedDB write, which follows its quick-cache write (photos live only there).
    this.catchUpTimer = setTimeout(() => {
      this.catchUpTimer = undefined;
      void this.catchUp();
    }, delayMs);
  }

  private async catchUp(): Promise<void> {
    const user = this.user;
    const mine = this.snap.state;
    if (!user || !this.snap.hydrated || this.idbWrite) return;
    const restore = this.restoreSeq;
    try {
      const stored = await this.deps.store.loadWizard(user.id);
      // Only a newer copy is read back (the schemas load for it): the usual case is this tab's own copy.
      const storedAt = (stored as { updatedAt?: unknown } | undefined)?.updatedAt;
      if (stored != null && !(typeof storedAt === 'string' && Date.parse(storedAt) > Date.parse(mine.updatedAt)))
        return;
      // Nothing stored while this tab holds a check: another tab submitted, cancelled or discarded it.
      const theirs =
        stored == null
          ? hasWizardData(mine.wizardData) && !this.snap.storageWarning
            ? initialWizardState(user.id, new Date(this.now()))
            : undefined
          : await this.schemas.parseWizardState(stored);
      if (restore !== this.restoreSeq || this.snap.state !== mine) return; // this tab moved on: its change stands
      if (!theirs || theirs.ownerId !== user.id) return;
      if (!(Date.parse(theirs.updatedAt) > Date.parse(mine.updatedAt))) return;
      // The other tab has written the quick cache already; a draft save due here now sends its copy.
      this.setSnap({ state: theirs });
      const changed = JSON.stringify(theirs.wizardData) !== JSON.stringify(mine.wizardData);
      // One message for a burst of changes there (each answer is a change), not one per catch-up.
      if (hasWizardData(mine.wizardData) && changed && this.now() - this.tabNoticeAt > TOAST_DURATION_MS) {
        this.tabNoticeAt = this.now();
        this.deps.notify.info?.(
          'Updated from another tab',
          'This check was changed in another tab of the app. This tab now shows those changes.',
        );
      }
    } catch {
      // This tab keeps what it has; the device copy is read again on the next change elsewhere.
    }
  }

  /** Writes everything now (the page is being hidden or closed). */
  flush(): Promise<void> {
    // A tab left behind never writes its older copy over the one another tab wrote.
    if (this.user && !cacheHoldsNewer(this.deps.storage, this.snap.state)) {
      writeLocalCache(this.deps.storage, this.snap.state);
    }
    return this.idbWrite ?? Promise.resolve();
  }

  /** Resolves when the device copy is written (for tests and for callers about to leave). */
  async settled(): Promise<void> {
    while (this.idbWrite) await this.idbWrite;
  }

  private next(patch: Partial<WizardState>): WizardState {
    return { ...this.snap.state, ...patch, updatedAt: new Date(this.now()).toISOString() };
  }

  // ---- wizard actions ----

  update = (recipe: WizardRecipe): void => {
    const wizardData = applyRecipe(this.snap.state.wizardData, recipe);
    this.commit(this.next({ wizardData, ...this.withdrawUnsentReport() }));
    this.dataChanged();
  };

  setCurrentStep = (slug: StepSlug): void => {
    if (this.snap.state.currentStep === slug) return;
    this.commit(this.next({ currentStep: slug }));
  };

  setNotes = (notes: string): void => {
    if (this.snap.state.notes === notes) return;
    this.commit(this.next({ notes, ...this.withdrawUnsentReport() }));
    this.dataChanged();
  };

  /**
   * The engineer changes a check whose report is queued or was refused: the unsent report (and its
   * draft removal) is taken back, so the old data cannot go later and the next Submit sends the new.
   * One already on its way cannot be stopped; it then arrives as it was.
   */
  private withdrawUnsentReport(): Partial<WizardState> {
    const s = this.snap.state;
    if (!s.submittedReportId || s.flowStatus !== 'active' || s.submission?.status === 'sent') return {};
    const reportOp = opId.submitReport(s.submittedReportId);
    const draftOp = s.draftId ? opId.deleteDraft(s.draftId) : undefined;
    void (async () => {
      if ((await this.engine.cancel(reportOp)) && draftOp) await this.engine.cancel(draftOp);
    })().catch(() => undefined);
    return { submittedReportId: undefined, submission: undefined };
  }

  private dataChanged() {
    this.changeSeq++;
    this.saveStatus.saving();
    this.clearAutosave();
    if (this.autosaveAllowed()) {
      this.autosaveTimer = setTimeout(() => {
        this.autosaveTimer = undefined;
        const step = stepBySlug(this.snap.state.currentStep) ?? stepBySlug('basic-info')!;
        void this.saveDraft(step.name);
      }, AUTOSAVE_DELAY_MS);
    }
  }

  private autosaveAllowed(): boolean {
    const s = this.snap.state;
    return !!this.user && s.flowStatus === 'active' && !s.submittedReportId && hasWizardData(s.wizardData);
  }

  private clearAutosave() {
    if (this.autosaveTimer) clearTimeout(this.autosaveTimer);
    this.autosaveTimer = undefined;
  }

  hasUnsavedWork = (): boolean => hasUnsavedWork(this.snap.state);

  /**
   * Starts a check for a property: site name and design (ranges), address, dwelling type, engineer,
   * start time and the rooms of step 4. Unsaved work of another check is first queued as a draft.
   */
  start = async ({ siteId, propertyId, site, property, signal }: StartInput): Promise<void> => {
    // Side by side: a check opened from a link (no site or property in hand) waits for one round trip, not one
    // per call.
    const [user, loadedSite, loadedProperty] = await Promise.all([
      this.user ?? this.fetch<User>('/api/auth/me'),
      site?.id === siteId ? site : this.fetch<Site>(`/api/sites/${siteId}`).catch(() => undefined),
      property?.id === propertyId
        ? property
        : this.fetch<Property>(`/api/properties/${propertyId}`).catch(() => undefined),
    ]);
    if (!loadedSite) throw new Error('Failed to fetch site');
    if (!loadedProperty || loadedProperty.siteId !== siteId) throw new Error('Failed to fetch property');
    if (signal?.aborted) return;
    await this.parkUnsavedWork();
    if (signal?.aborted) return;
    requestPersistentStorage();

    const wizardData: WizardData = {
      ...emptyWizardData(),
      siteId,
      propertyId,
      siteName: loadedSite.name,
      address: loadedProperty.address,
      dwellingType: loadedProperty.propertyType,
      engineerName: user.name,
      startTime: new Date(this.now()).toISOString(),
      radiators: { roomChecks: roomChecksFor(loadedSite.designParameters.radiators, loadedProperty.propertyType) },
      // A check is taken under the site's test pack as it is now, and keeps it (decision 190).
      ...(loadedSite.testPack && loadedSite.testPack !== 'standard'
        ? {
            testPack: { id: loadedSite.testPack, version: currentTestPack(loadedSite.testPack).version },
            cp1: blankCp1() as unknown as WizardData['cp1'],
          }
        : {}),
    };
    // A re-test carries the issues still open on the flat's last report; with no signal it starts without them.
    if (wizardData.cp1) {
      const open = await within(
        this.fetch<NonNullable<WizardData['cp1']>['issues']>(`/api/properties/${propertyId}/open-issues`),
        3000,
        undefined,
      ).catch(() => undefined);
      if (signal?.aborted) return;
      if (open?.length) wizardData.cp1.issues = open;
    }
    this.clearAutosave();
    this.commit({
      ...initialWizardState(user.id, new Date(this.now())),
      wizardData,
      siteDesign: loadedSite.designParameters,
      keepOriginals: loadedSite.keepOriginalPhotos ?? false,
    });
    this.dataChanged();
  };

  private fetch<T>(path: string): Promise<T> {
    return this.deps.fetchJson ? this.deps.fetchJson<T>(path) : this.deps.transport.getJson<T>(path);
  }

  /** Queues the current check as a draft before it is replaced, so switching checks never loses one. */
  private async parkUnsavedWork() {
    // A check still being restored is work too: it is parked, not overwritten.
    await this.restoring;
    if (!this.user || !this.hasUnsavedWork()) return;
    const step = stepBySlug(this.snap.state.currentStep) ?? stepBySlug('basic-info')!;
    await this.queueDraftSave(step.name).catch(() => undefined);
  }

  private async queueDraftSave(currentStep: string): Promise<OutboxOp> {
    // Every save carries the next edit sequence, so the server can tell a late, older save (decision 120).
    const prior = this.snap.state;
    const state = this.next({
      draftId: prior.draftId ?? this.uuid(),
      draftVersion: Math.min(DRAFT_VERSION_MAX, (prior.draftVersion ?? 0) + 1),
    });
    this.commit(state);
    const d = state.wizardData;
    return this.engine.enqueueDraftSave({
      id: state.draftId!,
      siteId: d.siteId,
      propertyId: d.propertyId,
      currentStep,
      wizardData: d,
      version: state.draftVersion,
    });
  }

  /**
   * Saves a draft whose current step is `currentStepName` (docs/product.md#drafts). The save is on the device
   * (outbox) before anything is sent; the answer says whether the server has it yet.
   */
  saveDraft = async (currentStepName: string): Promise<SaveResult> => {
    const s = this.snap.state;
    if (!this.user || s.flowStatus !== 'active' || s.submittedReportId || !hasWizardData(s.wizardData)) {
      return 'saved-local';
    }
    this.clearAutosave();
    const changeAtStart = this.changeSeq;
    this.saveStatus.saving();
    const settle = (result: 'saved-server' | 'saved-local' | 'error') => {
      // A change made while saving is not in this save: the badge keeps saying so.
      if (this.changeSeq === changeAtStart) this.saveStatus.settle(result);
    };

    let op: OutboxOp;
    try {
      op = await this.queueDraftSave(currentStepName);
    } catch {
      // The device refused to queue it: send it directly, so the server has it at least.
      try {
        const st = this.snap.state;
        await this.deps.transport.postJson('/api/drafts', {
          id: st.draftId,
          siteId: st.wizardData.siteId,
          propertyId: st.wizardData.propertyId,
          currentStep: currentStepName,
          wizardData: st.wizardData,
          version: st.draftVersion,
        });
        settle('saved-server');
        return 'saved-server';
      } catch {
        settle('error');
        return 'saved-local';
      }
    }
    await within(this.engine.drain(), this.deps.saveWaitMs ?? SAVE_WAIT_MS, 'timeout');
    if (this.engine.wasSent(op.id)) {
      settle('saved-server');
      return 'saved-server';
    }
    const left = await this.engine.queued(op.id).catch(() => undefined);
    settle(left?.status === 'failed' ? 'error' : 'saved-local');
    return 'saved-local';
  };

  /**
   * The device failed at step 2 or 3 (ruling 7): a FAIL report with the data so far is queued like any
   * other and the flow ends. The answer says whether the server has it or it is queued.
   */
  fail = async (step: 2 | 3, reasons: string[]): Promise<SubmitResult> => {
    const reportId = this.snap.state.submittedReportId ?? this.uuid();
    this.clearAutosave();
    this.commit(
      this.next({
        flowStatus: 'failed',
        failedStep: step,
        failureReasons: reasons,
        submittedReportId: reportId,
        submission: { status: 'queued' },
      }),
    );
    this.saveStatus.clear();
    return this.sendReport(reportId, { failedStep: step, notes: this.snap.state.notes, toasts: false });
  };

  /**
   * Submits the report (docs/product.md#step-rules) under an id made once for this check, so trying again never
   * makes a second report. Photos not yet on the server go first. On success the draft is removed and
   * the wizard reset; otherwise every bit of data stays (in the wizard and in the outbox).
   */
  submit = async (notes: string): Promise<SubmitResult> => {
    const s = this.snap.state;
    if (s.flowStatus === 'failed') {
      return this.sendReport(s.submittedReportId ?? this.uuid(), {
        failedStep: s.failedStep ?? null,
        notes,
        toasts: true,
      });
    }
    const reportId = s.submittedReportId ?? this.uuid();
    this.clearAutosave();
    this.commit(this.next({ notes, submittedReportId: reportId, submission: { status: 'queued' } }));
    return this.sendReport(reportId, { failedStep: null, notes, toasts: true });
  };

  private async sendReport(
    reportId: string,
    opts: { failedStep: 2 | 3 | null; notes: string; toasts: boolean },
  ): Promise<SubmitResult> {
    const s = this.snap.state;
    const { notify } = this.deps;
    const reportOpId = opId.submitReport(reportId);
    this.submitting = true;
    try {
      let draftOpId: string | undefined;
      try {
        const uploads = await this.ensureUploadsQueued(s.wizardData);
        const body: CreateReportBody = {
          id: reportId,
          wizardData: s.wizardData,
          notes: opts.notes,
          failedStep: opts.failedStep,
          completedAt: new Date(this.now()).toISOString(),
          ...(s.draftId ? { draftId: s.draftId } : {}),
        };
        await this.engine.enqueue({ id: reportOpId, kind: 'submitReport', payload: body, dependsOn: uploads });
        if (s.draftId) {
          draftOpId = opId.deleteDraft(s.draftId);
          await this.engine.enqueue({
            id: draftOpId,
            kind: 'deleteDraft',
            payload: { draftId: s.draftId },
            dependsOn: [reportOpId],
          });
        }
      } catch (error) {
        // The device could not queue it: the wizard still holds everything, so the engineer can try again.
        const message = storageMessage(error);
        this.setSnap({ storageWarning: message });
        if (opts.toasts) notify.error(...TOASTS.submissionFailed);
        this.commit(this.next({ submission: { status: 'rejected', message } }));
        return { status: 'rejected', reportId, message };
      }

      await within(this.engine.drain({ force: true }), this.deps.submitWaitMs ?? SUBMIT_WAIT_MS, 'timeout');
      const left = await this.engine.queued(reportOpId).catch(() => undefined);

      if (!left) {
        const draftLeft = draftOpId ? await this.engine.queued(draftOpId).catch(() => undefined) : undefined;
        const draftRemoved = !draftLeft;
        if (opts.toasts) {
          notify.success(...TOASTS.submitted);
          if (!draftRemoved) notify.error(...TOASTS.draftNotRemoved);
          this.reset();
        } else {
          this.commit(this.next({ submission: { status: 'sent' } }));
        }
        return { status: 'sent', reportId, draftRemoved };
      }

      if (left.status === 'failed') {
        const message = left.lastError ?? 'The server refused the report';
        if (opts.toasts) notify.error(...TOASTS.submissionFailed);
        this.commit(this.next({ submission: { status: 'rejected', message } }));
        return { status: 'rejected', reportId, message };
      }

      const online = this.deps.isOnline();
      const blocking = this.outboxSnap.items.find((i) => i.lastError);
      // The session ended (expired, or signed out elsewhere): nothing goes until the engineer signs in again.
      const signedOut = left.lastStatus === 401 || this.outboxSnap.signedOut;
      const reason = !online
        ? 'offline'
        : signedOut
          ? 'signed-out'
          : left.attempts > 0 || blocking
            ? 'server-error'
            : 'slow';
      const message =
        reason === 'offline'
          ? 'No connection. The report is kept on this phone and sent when the connection returns.'
          : reason === 'signed-out'
            ? 'You were signed out. The report is kept on this phone and sent once you sign in again.'
            : `${left.lastError ?? blocking?.lastError ?? 'The server is slow to answer'}. The report is kept on this phone and sent automatically.`;
      if (opts.toasts && reason === 'server-error') notify.error(...TOASTS.submissionFailed);
      this.commit(this.next({ submission: { status: 'queued', message } }));
      return { status: 'queued', reportId, reason, message };
    } finally {
      this.submitting = false;
    }
  }

  /**
   * The page went (reload, closed tab, dead battery) after Submit marked the check as submitted but before
   * the report reached the outbox: the check says "queued" and nothing would ever send it. It is queued
   * again now under the same report id, so if it did reach the server it is still stored once.
   */
  private async requeueLostSubmit(restore: number): Promise<void> {
    const s = this.snap.state;
    const reportId = s.submittedReportId;
    if (!reportId || s.submission?.status !== 'queued' || this.submitting) return;
    if (await this.engine.queued(opId.submitReport(reportId))) return;
    if (restore !== this.restoreSeq || this.snap.state.submittedReportId !== reportId) return;
    const failed = s.flowStatus === 'failed';
    if (this.reportsSent.has(reportId)) {
      // The outbox sent it while the check was being restored, and said so: the check is done.
      if (failed) this.commit(this.next({ submission: { status: 'sent' } }));
      else this.reset();
      return;
    }
    await this.sendReport(reportId, {
      failedStep: failed ? (s.failedStep ?? null) : null,
      notes: s.notes,
      toasts: !failed,
    });
  }

  /** Upload operations for the check's files that are on this device and not yet on the server. */
  private async ensureUploadsQueued(data: WizardData): Promise<string[]> {
    const ids: string[] = [];
    for (const fileId of checkFileIds(data)) {
      const file = await this.deps.store.getFile(fileId);
      if (!file || file.uploaded) continue;
      const id = opId.uploadFile(fileId);
      if (!(await this.engine.queued(id))) {
        await this.engine.enqueue({ id, kind: 'uploadFile', payload: { fileId, kind: file.kind } });
      }
      ids.push(id);
    }
    return ids;
  }

  /** A report queued earlier reached the server (or was refused) while the engineer carried on. */
  private onOutcome(outcome: OpOutcome) {
    const { op } = outcome;
    if (outcome.result === 'merged') this.takeUpServerCopy(outcome);
    if (outcome.result === 'sent' && this.user?.id === op.userId) {
      const property = addressesByOp([...this.engine.snapshot(), op], this.snap.state).get(op.id);
      recordSent(this.deps.storage, {
        id: op.id,
        userId: op.userId,
        label: describeOp(op),
        property,
        sentAt: new Date(this.now()).toISOString(),
      });
      this.setOutbox(this.engine.snapshot());
    }
    if (op.kind === 'submitReport' && outcome.result === 'sent') {
      this.reportsSent.add(op.payload.id);
      this.deps.onReportSent?.(op.payload.id);
    }
    if (op.kind !== 'submitReport' || this.submitting) return;
    const s = this.snap.state;
    if (op.payload.id !== s.submittedReportId) {
      if (outcome.result === 'sent') this.deps.notify.success(...TOASTS.submitted);
      return;
    }
    if (outcome.result === 'sent') {
      this.deps.notify.success(...TOASTS.submitted);
      this.commit(this.next({ submission: { status: 'sent' } }));
      void this.collectFiles();
    } else if (outcome.result === 'failed') {
      this.commit(this.next({ submission: { status: 'rejected', message: outcome.message } }));
    }
  }

  /**
   * A save of the check on screen met a newer copy on the server (another tab or device, or a late save):
   * its readings are merged into the check here too, the engineer's own on top, and later saves go above
   * the merged one's version (decision 120).
   */
  private takeUpServerCopy(outcome: Extract<OpOutcome, { result: 'merged' }>) {
    const s = this.snap.state;
    if (this.user?.id !== outcome.op.userId || s.draftId !== outcome.server.id) return;
    if (s.flowStatus !== 'active' || s.submittedReportId) return;
    const wizardData = mergeWizardData(outcome.server.wizardData, s.wizardData, outcome.base);
    const changed = JSON.stringify(wizardData) !== JSON.stringify(s.wizardData);
    this.commit(this.next({ wizardData, draftVersion: Math.max(s.draftVersion ?? 0, outcome.version) }));
    if (changed) {
      this.deps.notify.info?.(
        'Draft merged',
        'This check was also saved from another tab or device. Readings from both are kept.',
      );
    }
  }

  /**
   * Back to an empty check (spec: active, no data, no reasons, local cache cleared). Anything already
   * handed to the outbox stays there until the server has it.
   */
  reset = (): void => {
    this.clearAutosave();
    this.changeSeq++;
    const fresh = initialWizardState(this.user?.id, new Date(this.now()));
    this.snap = { ...this.snap, state: fresh, storageWarning: undefined };
    clearLocalCache(this.deps.storage);
    this.emit();
    this.saveStatus.clear();
    void this.writeIdb().then(() => this.collectFiles());
  };

  /**
   * Restores a saved draft (GET /api/drafts/:id) and gives the step to go to, or null when it cannot be
   * loaded. When this phone holds the same draft, its copy is at least as new and is kept.
   */
  resumeDraft = async (id: string): Promise<StepSlug | null> => {
    await this.restoring;
    const s = this.snap.state;
    if (s.draftId === id && s.flowStatus === 'active' && !s.submittedReportId && hasWizardData(s.wizardData)) {
      return s.currentStep;
    }
    let draft: Draft;
    try {
      draft = await this.deps.transport.getJson<Draft>(`/api/drafts/${id}`);
    } catch {
      // Without a connection, the copy of the engineer's drafts kept on the phone (decision 130).
      const kept = this.deps.fetchJson
        ? await this.fetch<Draft>(`/api/drafts/${id}`).catch(() => undefined)
        : undefined;
      if (!kept) return null;
      draft = kept;
    }
    const data = await this.schemas.parseWizardData(draft?.wizardData).catch(() => undefined);
    if (!data) return null;
    const site = data.siteId ? await this.fetch<Site>(`/api/sites/${data.siteId}`).catch(() => undefined) : undefined;
    await this.parkUnsavedWork();
    this.clearAutosave();
    this.engine.knownServerCopy(id, data);
    const currentStep = slugForStepName(draft.currentStep);
    this.commit({
      ...initialWizardState(this.user?.id, new Date(this.now())),
      wizardData: data,
      draftId: id,
      draftVersion: draft.version ?? 0,
      currentStep,
      siteDesign: site?.designParameters,
      keepOriginals: site?.keepOriginalPhotos ?? false,
    });
    return currentStep;
  };

  // ---- photos and signature ----

  /** Reduces the photo on the device, keeps it in IndexedDB, queues its upload and adds it to the check. */
  addPhoto = async (file: File | Blob, label = ''): Promise<Photo> => {
    if (this.snap.state.wizardData.photosSignature.photos.length >= MAX_PHOTOS) {
      throw new PhotoError(`A check can hold up to ${MAX_PHOTOS} photos`);
    }
    const blob = await this.deps.compress(file);
    const id = this.uuid();
    await this.keepFile(id, 'photo', blob);
    // A camera file's time is when it was taken; a blob without one is stamped now.
    const taken = file instanceof File && file.lastModified > 0 ? file.lastModified : this.now();
    const photo: Photo = {
      id,
      url: fileUrlFor(id),
      label: label.slice(0, 120),
      takenAt: new Date(taken).toISOString(),
      ...(await this.keepOriginal(file)),
    };
    this.update((d) => {
      d.photosSignature.photos.push(photo);
    });
    void this.engine.drain();
    return photo;
  };

  /**
   * On a site that keeps originals (decision 175), the camera file itself is kept and uploaded too, when it
   * is a JPEG or WebP within the server's limit; otherwise the photo goes without it, as on any site.
   */
  private async keepOriginal(file: File | Blob): Promise<{ originalId?: string }> {
    if (!this.snap.state.keepOriginals) return {};
    if (!['image/jpeg', 'image/webp'].includes(file.type) || file.size > UPLOAD_LIMITS.original.maxBytes) return {};
    const originalId = this.uuid();
    await this.keepFile(originalId, 'original', file);
    return { originalId };
  }

  removePhoto = (id: string): void => {
    const original = this.snap.state.wizardData.photosSignature.photos.find((p) => p.id === id)?.originalId;
    if (original) void this.dropFile(original);
    this.update((d) => {
      d.photosSignature.photos = d.photosSignature.photos.filter((p) => p.id !== id);
    });
    void this.dropFile(id);
  };

  relabelPhoto = (id: string, label: string): void => {
    this.update((d) => {
      const photo = d.photosSignature.photos.find((p) => p.id === id);
      if (photo) photo.label = label.slice(0, 120);
    });
  };

  /** A new signature drawing (PNG) replaces the old one; null clears it. */
  setSignature = async (png: Blob | null): Promise<void> => {
    const old = this.snap.state.wizardData.photosSignature.signature;
    if (png) {
      const id = this.uuid();
      const blob = png.type === 'image/png' ? png : new Blob([png], { type: 'image/png' });
      await this.keepFile(id, 'signature', blob);
      this.update((d) => {
        d.photosSignature.signature = fileUrlFor(id);
      });
      void this.engine.drain();
    } else {
      this.update((d) => {
        d.photosSignature.signature = '';
      });
    }
    if (old) void this.dropFile(old.slice('/api/files/'.length));
  };

  private async keepFile(id: string, kind: DeviceFile['kind'], blob: Blob) {
    if (!this.user) throw new PhotoError('Sign in to add photos');
    try {
      await this.deps.store.putFile({
        id,
        userId: this.user.id,
        kind,
        blob,
        createdAt: new Date(this.now()).toISOString(),
        uploaded: false,
      });
      await this.engine.enqueue({ id: opId.uploadFile(id), kind: 'uploadFile', payload: { fileId: id, kind } });
    } catch (error) {
      this.setSnap({ storageWarning: storageMessage(error) });
      const what = kind === 'signature' ? 'signature' : 'photo';
      throw new PhotoError(
        isQuotaError(error)
          ? `This phone is out of storage space, so the ${what} was not kept. Free some space and try again.`
          : `This phone could not store the ${what}. Free some space and try again.`,
      );
    }
  }

  /** A photo taken out of the check: its upload is called off if it has not gone yet. */
  private async dropFile(id: string) {
    try {
      const cancelled = await this.engine.cancel(opId.uploadFile(id));
      if (cancelled) await this.deps.store.deleteFile(id);
    } catch {
      // left for the next clean-up
    }
  }

  /** The blob of a photo or signature kept on this device, if it is here. */
  fileBlob = async (id: string): Promise<Blob | undefined> => {
    try {
      return (await this.deps.store.getFile(id))?.blob;
    } catch {
      return undefined;
    }
  };

  /**
   * Frees device space: removes the user's blobs that nothing refers to any more (not the check, not a
   * queued draft, upload or report). A file is never removed before the server has it unless the
   * engineer took it out of the check.
   */
  async collectFiles(): Promise<void> {
    const user = this.user;
    if (!user) return;
    try {
      const keep = new Set(checkFileIds(this.snap.state.wizardData));
      const ops = await this.deps.store.listOps();
      // The schemas (zod) load only when a queued copy must be read: starting a fresh check never needs them.
      for (const op of ops) {
        if (op.kind === 'uploadFile') keep.add(op.payload.fileId);
        if (op.kind === 'saveDraft' || op.kind === 'submitReport') {
          const d = await this.schemas.parseWizardData(op.payload.wizardData);
          if (d) for (const id of checkFileIds(d)) keep.add(id);
        }
      }
      for (const file of await this.deps.store.listFiles()) {
        if (file.userId === user.id && !keep.has(file.id)) await this.deps.store.deleteFile(file.id);
      }
    } catch {
      // clean-up can wait
    }
  }

  // ---- outbox controls ----

  retryOutbox = (ids?: string[]): Promise<void> => this.engine.retry(ids);

  /**
   * Throws away an operation the server refused for good (and what waits for it), after the engineer
   * confirmed. A discarded report of the check on screen is taken back so it can be corrected and sent
   * again; blobs nothing refers to any more are freed.
   */
  discardOutboxItem = async (id: string): Promise<void> => {
    const gone = await this.engine.discard(id);
    const s = this.snap.state;
    const report = gone.find((o) => o.kind === 'submitReport' && o.payload.id === s.submittedReportId);
    if (report && s.flowStatus === 'active' && s.submission?.status !== 'sent') {
      this.commit(this.next({ submittedReportId: undefined, submission: undefined }));
    }
    await this.collectFiles();
  };
  syncNow = (): Promise<void> => this.engine.drain({ force: true });

  /** Wires the browser's signals: connection back -> send now; page hidden -> write everything now. */
  attach(target: Window = window): () => void {
    const online = () => {
      this.setOutbox(this.engine.snapshot());
      void this.engine.drain({ force: true });
    };
    const offline = () => this.setOutbox(this.engine.snapshot());
    const hidden = () => {
      if (target.document.visibilityState === 'hidden') void this.flush();
      else {
        void this.engine.drain();
        this.catchUpSoon(0);
      }
    };
    const pagehide = () => void this.flush();
    // Fired only in the other tabs of this origin: the quick cache is written on every change.
    const storage = (event: StorageEvent) => {
      if (event.key === WIZARD_CACHE_KEY || event.key === null) this.catchUpSoon();
    };
    target.addEventListener('storage', storage);
    target.addEventListener('online', online);
    target.addEventListener('offline', offline);
    target.addEventListener('pagehide', pagehide);
    target.document.addEventListener('visibilitychange', hidden);
    return () => {
      target.removeEventListener('online', online);
      target.removeEventListener('offline', offline);
      target.removeEventListener('pagehide', pagehide);
      target.removeEventListener('storage', storage);
      target.document.removeEventListener('visibilitychange', hidden);
    };
  }

  dispose(): void {
    this.clearAutosave();
    this.engine.stop();
    this.saveStatus.dispose();
  }
}

/** Asks the browser not to evict this app's storage under pressure (best effort, no prompt in Chrome). */
function requestPersistentStorage() {
  try {
    void globalThis.navigator?.storage?.persist?.().catch(() => undefined);
  } catch {
    // not offered by this browser
  }
}
