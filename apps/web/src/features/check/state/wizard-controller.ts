import type { Property, Site, StepSlug, User } from '@hiu/domain';
import type {
  CheckHost,
  Lifecycle,
  OutboxSnapshot,
  SaveResult,
  StartInput,
  SubmitResult,
  WizardControllerDeps,
  WizardSnapshot,
} from './check-host';
import { CheckStorage, storageMessage } from './check-storage';
import { DeviceFiles } from './device-files';
import { Drafts } from './drafts';
import { clearLocalCache, peekLocalCache, WIZARD_CACHE_KEY } from './local-cache';
import { OutboxBook } from './outbox-book';
import { OwnedTasks } from './owned-tasks';
import { SaveStatusTracker } from './save-status';
import { onDemand } from './on-demand';
import { copyChecks, type CopyChecks } from './schemas';
import { Submission } from './submission';
import type { SyncEngine } from './sync-engine';
import type { OpOutcome } from './sync-send';
import { attachWindowEvents } from './window-events';
import { applyRecipe, hasUnsavedWork, initialWizardState, type WizardRecipe, type WizardState } from './wizard-state';

/**
 * Why a check cannot start without `what` (docs/product.md#offline): the server said it is not
 * there, or neither the server nor the phone's offline cache could give it, which the engineer hears at once.
 */
function cannotStart(what: string, error: Error | undefined): string {
  const status = (error as { status?: unknown } | undefined)?.status;
  if (typeof status === 'number' && status < 500 && status !== 429)
    return `${what} could not be found. It may have been removed; ask your supervisor.`;
  return `${what} has not been downloaded to this phone yet. Start it when you have signal.`;
}

/** Starting a check (start-check): fetched beside the site and property it starts from, or when idle. */
export const startCode = onDemand(() => import('./start-check'));

/**
 * The sync engine's code (its queue, order and loop) and what the outbox screen reads of its operations: fetched as a
 * user's check is restored, beside the IndexedDB read; the first screen draws from the local cache without waiting
 * for it (docs/product.md#offline).
 */
const engineCode = onDemand(() => Promise.all([import('./sync-engine'), import('./outbox-view')]));

// What other files import from here, wherever it now lives.
export type {
  Lifecycle,
  OutboxItem,
  OutboxSnapshot,
  SaveResult,
  StartInput,
  SubmitResult,
  WizardControllerDeps,
  WizardSnapshot,
} from './check-host';
export type { SentItem } from './outbox-log';
export { storageMessage } from './check-storage';
export { MAX_PHOTOS } from './device-files';
export { SAVE_WAIT_MS } from './drafts';
export { SUBMIT_WAIT_MS, TOASTS } from './submission';

/**
 * The check in progress and everything that keeps it safe, with no React in it. It holds the
 * lifecycle and the state and hands each job to one module: the check's storage (check-storage), drafts and
 * autosave (drafts), submitting (submission), photos and signature (device-files), the outbox as shown
 * (outbox-book) and the page's events (window-events). Every write to the server goes through the sync
 * engine's outbox. What no screen needs in order to draw (sending, queuing a report, keeping a new photo, starting
 * or resuming a check, and the sync engine itself) is fetched on demand (on-demand). The React provider only
 * subscribes to it.
 */
export class WizardController {
  private life: Lifecycle = { phase: 'unknown' };
  private seq = 0;
  /** Screen calls under way (isUrgent). */
  private userCalls = 0;
  private snap: WizardSnapshot;
  private readonly listeners = new Set<() => void>();
  /** Unwires the page's events (attach); dispose calls them. */
  private readonly detachers = new Set<() => void>();
  /** Settles when the signed-in user's check has been restored from the device. */
  private restoring: Promise<void> = Promise.resolve();
  private readonly schemas: CopyChecks;
  private readonly now: () => number;
  private readonly uuid: () => string;
  private readonly tasks: OwnedTasks;
  private readonly copy: CheckStorage;
  private readonly drafts: Drafts;
  private readonly files: DeviceFiles;
  private readonly submission: Submission;
  private readonly book: OutboxBook;
  readonly saveStatus = new SaveStatusTracker();
  /** The sync engine once its code has come (syncEngine). */
  private engine: SyncEngine | undefined;
  private engineMade: Promise<SyncEngine> | undefined;

  constructor(private readonly deps: WizardControllerDeps) {
    this.now = deps.now ?? Date.now;
    this.uuid = deps.uuid ?? (() => crypto.randomUUID());
    this.schemas = deps.schemas ?? copyChecks;
    this.tasks = new OwnedTasks(
      deps.onBackgroundError ?? ((error, what) => console.error(`The check’s state failed while ${what}`, error)),
    );
    this.snap = { state: initialWizardState(undefined, new Date(this.now())), hydrated: false };
    const host = this.host();
    this.copy = new CheckStorage(host);
    this.drafts = new Drafts(host);
    this.files = new DeviceFiles(host);
    this.book = new OutboxBook(host, { collectFiles: this.files.collectFiles });
    this.submission = new Submission(host, {
      stopAutosave: () => this.drafts.stopAutosave(),
      collectFiles: this.files.collectFiles,
      beginSubmit: (reportId) => this.beginSubmit(reportId),
    });
  }

  /**
   * The sync engine, made when its code has come: the first call fetches it, a failed fetch is tried again on the
   * next call. Until then nothing is sent, and what waits in the outbox stays on the device.
   */
  syncEngine = (): Promise<SyncEngine> =>
    (this.engineMade ??= engineCode().then(
      ([{ SyncEngine }, outboxView]) => {
        const { deps } = this;
        this.book.useView(outboxView);
        const engine = new SyncEngine({
          store: deps.store,
          transport: deps.transport,
          isOnline: deps.isOnline,
          now: this.now,
          random: deps.random,
          exclusive: deps.exclusive,
        });
        engine.onOps((ops) => this.book.show(ops));
        engine.onOutcome((o) => this.onOutcome(o));
        this.engine = engine;
        // It starts for whoever is signed in now; a page that is done with the controller sends nothing.
        if (this.life.phase !== 'unknown' && this.life.phase !== 'disposed') engine.setUser(this.user?.id);
        return engine;
      },
      (error: unknown) => {
        this.engineMade = undefined;
        throw error;
      },
    ));

  /** Starts a drain once the engine is here (fetching it if need be); a failed fetch waits for the next call. */
  private kick(opts: { force?: boolean } = {}): void {
    this.syncEngine().then(
      (engine) => engine.kick(opts),
      () => undefined,
    );
  }

  /** What the modules see of the controller. */
  private host(): CheckHost {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the host reads the controller's live fields
    const c = this;
    return {
      deps: c.deps,
      engine: () => c.syncEngine(),
      saveStatus: c.saveStatus,
      tasks: c.tasks,
      schemas: c.schemas,
      now: c.now,
      uuid: c.uuid,
      get lifecycle() {
        return c.life;
      },
      get user() {
        return c.user;
      },
      get snap() {
        return c.snap;
      },
      get restoring() {
        return c.restoring;
      },
      get outbox() {
        return c.book.getSnapshot();
      },
      current: (seq) => c.isCurrent(seq),
      setSnap: (patch) => c.setSnap(patch),
      commit: (state) => c.copy.commit(state),
      next: (patch) => c.next(patch),
      update: (recipe) => c.edit(recipe),
      reset: () => c.clear(),
      fetch: (path) => c.fetch(path),
    };
  }

  // ---- subscription (the provider's useStoreSnapshot; useOutbox) ----

  getSnapshot = (): WizardSnapshot => this.snap;
  /**
   * True while a screen's own call is changing the check (an edit typed or tapped): listeners told now render
   * the change at once. Everything else they hear of (a restored copy, a server's answer, a timer, the rest of
   * an action after it waited) is background work, rendered as a transition.
   */
  isUrgent = (): boolean => this.userCalls > 0;
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getOutboxSnapshot = (): OutboxSnapshot => this.book.getSnapshot();
  subscribeOutbox = (listener: () => void): (() => void) => this.book.subscribe(listener);

  get state(): WizardState {
    return this.snap.state;
  }

  /** Where the controller is in its life (for tests and diagnostics). */
  get lifecycle(): Lifecycle {
    return this.life;
  }

  /** The signed-in user's id; undefined until the first setUser. */
  get userId(): string | null | undefined {
    return this.life.phase === 'unknown' ? undefined : (this.user?.id ?? null);
  }

  /**
   * Whether the local cache holds a check of the signed-in user that is still being read (not yet hydrated):
   * a screen that shows it (home's banner) can wait the moment instead of drawing without it and moving.
   */
  isReadingKeptCheck(): boolean {
    if (this.snap.hydrated || !this.user) return false;
    const kept = peekLocalCache(this.deps.storage)?.value as { ownerId?: unknown } | undefined;
    return kept?.ownerId === this.user.id;
  }

  private get user(): User | null {
    return 'user' in this.life ? this.life.user : null;
  }

  private emit() {
    for (const l of this.listeners) l();
  }

  /** Runs a screen's call: what it changes before its first wait is the user's (isUrgent). */
  private byUser<T>(call: () => T): T {
    this.userCalls++;
    try {
      return call();
    } finally {
      this.userCalls--;
    }
  }

  private setSnap(patch: Partial<WizardSnapshot>) {
    this.snap = { ...this.snap, ...patch };
    this.emit();
  }

  private next(patch: Partial<WizardState>): WizardState {
    return { ...this.snap.state, ...patch, updatedAt: new Date(this.now()).toISOString() };
  }

  private fetch<T>(path: string): Promise<T> {
    return this.deps.fetchJson ? this.deps.fetchJson<T>(path) : this.deps.transport.getJson<T>(path);
  }

  // ---- lifecycle ----

  private isCurrent(seq: number): boolean {
    return 'seq' in this.life && this.life.seq === seq;
  }

  /** Submit's outcome is its own to answer while it runs; the returned function ends that. */
  private beginSubmit(reportId: string): () => void {
    const life = this.life;
    if (life.phase !== 'restoring' && life.phase !== 'ready') return () => undefined;
    this.life = { phase: 'submitting', seq: life.seq, user: life.user, reportId, restored: life.phase === 'ready' };
    return () => {
      const now = this.life;
      if (now.phase !== 'submitting' || now.seq !== life.seq || now.reportId !== reportId) return;
      this.life = { phase: now.restored ? 'ready' : 'restoring', seq: now.seq, user: now.user };
    };
  }

  /** The restore of sign-in `seq` has ended (restored, or refused by the device). */
  private restored(seq: number) {
    const life = this.life;
    if (!('seq' in life) || life.seq !== seq) return;
    if (life.phase === 'restoring') this.life = { phase: 'ready', seq, user: life.user };
    else if (life.phase === 'submitting') this.life = { ...life, restored: true };
  }

  /**
   * Sets the signed-in user and restores their check: from the local cache at once, then from IndexedDB
   * if that copy is newer. Another user's check stays on the device, untouched and unsent.
   */
  setUser(user: User | null): void {
    const life = this.life;
    if (life.phase === 'disposed') return;
    if (life.phase !== 'unknown' && user?.id === this.user?.id) {
      // The same user (a fresher copy of their details).
      if (user && 'user' in life && life.user) this.life = { ...life, user };
      return;
    }
    this.tasks.own('writing the check before the user changes', this.copy.flush());
    this.drafts.stopAutosave();
    const seq = ++this.seq;
    this.life = user ? { phase: 'restoring', seq, user } : { phase: 'signed-out', seq };
    // An engine already here changes user; otherwise it is fetched now and starts with this one.
    if (this.engine) this.engine.setUser(user?.id);
    else if (user) this.kick();
    // Listeners hear of it after this call: the provider calls this while rendering.
    const emitSoon = () => queueMicrotask(() => this.emit());
    if (!user) {
      this.snap = { state: initialWizardState(undefined, new Date(this.now())), hydrated: true };
      emitSoon();
      return;
    }
    const fresh = initialWizardState(user.id, new Date(this.now()));
    this.snap = { state: fresh, hydrated: false };
    emitSoon();
    const restored = this.copy.restore(user, seq, fresh).then((ok) => {
      this.restored(seq);
      return ok;
    });
    this.restoring = restored.then(() => undefined);
    this.tasks.own('sending a report the page lost', async () => {
      if (!(await restored)) return;
      try {
        await this.submission.requeueLostSubmit(seq);
      } catch (error) {
        if (this.isCurrent(seq)) this.setSnap({ storageWarning: storageMessage(error) });
      }
    });
  }

  // ---- keeping the state on the device ----

  /**
   * Another tab of the app on this phone changed the check, or this tab is shown again: a newer stored copy
   * replaces this tab's.
   */
  catchUpSoon(delayMs = 250): void {
    this.copy.catchUpSoon(delayMs);
  }

  /** Writes everything now (the page is being hidden or closed). */
  flush(): Promise<void> {
    return this.copy.flush();
  }

  /** Resolves when the check is written to the device and all work started in the background has settled. */
  async settled(): Promise<void> {
    await this.tasks.settled();
    await this.copy.written();
  }

  // ---- wizard actions ----

  // Each action a screen calls marks what it changes at once as the user's (byUser); what follows its waits, and
  // what the modules change by themselves (host.update, host.reset), is background work.

  update = (recipe: WizardRecipe): void => this.byUser(() => this.edit(recipe));

  private edit(recipe: WizardRecipe): void {
    const wizardData = applyRecipe(this.snap.state.wizardData, recipe);
    this.copy.commit(this.next({ wizardData, ...this.submission.withdrawUnsentReport() }));
    this.drafts.changed();
  }

  /** Where the engineer is, recorded as a step opens (from an effect): nothing on screen waits for it. */
  setCurrentStep = (slug: StepSlug): void => {
    if (this.snap.state.currentStep === slug) return;
    this.copy.commit(this.next({ currentStep: slug }));
  };

  setNotes = (notes: string): void =>
    this.byUser(() => {
      if (this.snap.state.notes === notes) return;
      this.copy.commit(this.next({ notes, ...this.submission.withdrawUnsentReport() }));
      this.drafts.changed();
    });

  hasUnsavedWork = (): boolean => hasUnsavedWork(this.snap.state);

  /**
   * Starts a check for a property: site name and design (ranges), address, dwelling type, engineer,
   * start time and the rooms of step 4 (start-check). Unsaved work of another check is first queued as a draft.
   */
  start = (input: StartInput): Promise<void> => this.byUser(() => this.startCheck(input));

  private async startCheck(input: StartInput): Promise<void> {
    const { siteId, propertyId, site, property, signal } = input;
    // Side by side: a check opened from a link (no site or property in hand) waits for one round trip, not one
    // per call, and the code that starts it comes meanwhile.
    const [code, user, loadedSite, loadedProperty] = await Promise.all([
      startCode().catch(() => {
        throw new Error('Part of the app could not be loaded. Try again when you have signal.');
      }),
      this.user ?? this.fetch<User>('/api/auth/me'),
      site?.id === siteId ? site : this.fetch<Site>(`/api/sites/${siteId}`).catch((e: unknown) => e as Error),
      property?.id === propertyId
        ? property
        : this.fetch<Property>(`/api/properties/${propertyId}`).catch((e: unknown) => e as Error),
    ]);
    if (loadedSite instanceof Error || !loadedSite) throw new Error(cannotStart("This flat's site", loadedSite));
    if (loadedProperty instanceof Error || !loadedProperty || loadedProperty.siteId !== siteId)
      throw new Error(cannotStart('This flat', loadedProperty instanceof Error ? loadedProperty : undefined));
    if (signal?.aborted) return;
    await code.startCheck(this.host(), this.drafts, input, user, loadedSite, loadedProperty);
  }

  saveDraft = (currentStepName: string): Promise<SaveResult> =>
    this.byUser(() => this.drafts.saveDraft(currentStepName));
  fail = (step: 2 | 3, reasons: string[]): Promise<SubmitResult> =>
    this.byUser(() => this.submission.fail(step, reasons));
  submit = (notes: string): Promise<SubmitResult> => this.byUser(() => this.submission.submit(notes));

  /**
   * Back to an empty check (spec: active, no data, no reasons, local cache cleared). Anything already
   * handed to the outbox stays there until the server has it.
   */
  reset = (): void => this.byUser(() => this.clear());

  /**
   * The engineer cancelled the check: cleared from the screen at once, as reset, and its draft withdrawn from
   * the outbox and the server (sync-engine withdrawDraft), so it never comes back as a draft to resume.
   * A report already queued is not touched: it was submitted, not cancelled.
   */
  cancelCheck = (): void =>
    this.byUser(() => {
      const { draftId, submittedReportId } = this.snap.state;
      this.clear();
      if (draftId && !submittedReportId && this.user)
        this.tasks.own('withdrawing a cancelled check', async () => (await this.syncEngine()).withdrawDraft(draftId));
    });

  private clear(): void {
    this.drafts.forget();
    const fresh = initialWizardState(this.user?.id, new Date(this.now()));
    this.snap = { ...this.snap, state: fresh, storageWarning: undefined };
    clearLocalCache(this.deps.storage);
    this.emit();
    this.saveStatus.clear();
    this.tasks.own('clearing the check from the device', async () => {
      await this.copy.persist();
      await this.files.collectFiles();
    });
  }

  resumeDraft = (id: string): Promise<StepSlug | null> => this.byUser(() => this.drafts.resumeDraft(id));

  /** A queued operation reached the server, was merged or refused, while the engineer carried on. */
  private onOutcome(outcome: OpOutcome) {
    this.drafts.onOutcome(outcome);
    this.book.onOutcome(outcome);
    this.submission.onOutcome(outcome);
  }

  // ---- photos and signature ----

  addPhoto = (file: File | Blob, label?: string) => this.byUser(() => this.files.addPhoto(file, label));
  removePhoto = (id: string): void => this.byUser(() => this.files.removePhoto(id));
  relabelPhoto = (id: string, label: string): void => this.byUser(() => this.files.relabelPhoto(id, label));
  setSignature = (png: Blob | null): Promise<void> => this.byUser(() => this.files.setSignature(png));
  /** The blob of a photo or signature kept on this device, if it is here. */
  fileBlob = (id: string): Promise<Blob | undefined> => this.files.fileBlob(id);
  /** Frees device space: removes the user's blobs that nothing refers to any more. */
  collectFiles(): Promise<void> {
    return this.files.collectFiles();
  }

  // ---- outbox controls ----

  retryOutbox = (ids?: string[]): Promise<void> => this.book.retry(ids);
  discardOutboxItem = (id: string): Promise<void> => this.book.discard(id);
  syncNow = (): Promise<void> => this.book.syncNow();

  /** Wires the browser's signals: connection back -> send now; page hidden -> write everything now. */
  attach(target: Window = window): () => void {
    const detach = attachWindowEvents(target, WIZARD_CACHE_KEY, {
      online: () => {
        this.book.show();
        this.kick({ force: true });
      },
      offline: () => this.book.show(),
      leaving: () => this.tasks.own('writing the check as the page goes', this.copy.flush()),
      shown: () => {
        this.kick();
        this.copy.catchUpSoon(0);
      },
      otherTabChanged: () => this.copy.catchUpSoon(),
    });
    const detachOnce = () => {
      this.detachers.delete(detachOnce);
      detach();
    };
    this.detachers.add(detachOnce);
    return detachOnce;
  }

  dispose(): void {
    const life = this.life;
    this.life = { phase: 'disposed', seq: 'seq' in life ? life.seq : this.seq, user: this.user };
    for (const detach of [...this.detachers]) detach();
    this.drafts.stopAutosave();
    this.copy.stopCatchUp();
    this.engine?.stop();
    this.saveStatus.dispose();
  }
}
