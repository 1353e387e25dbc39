import { checkFileIds, DRAFT_VERSION_MAX, fileUrlFor, mergeDrafts, type WizardData } from '@hiu/domain';
import type { DeviceStore } from './device-store';
import {
  backoffDelay,
  classifyFailure,
  dependentsOf,
  describeError,
  describeOp,
  inSendingOrder,
  missingFileIdsFrom,
  nextStep,
  opId,
  type OutboxOp,
} from './outbox';
import { copyChecks } from './schemas';
import type { Transport } from './transport';

/** How long one call may take before it counts as no answer (and is retried). */
export const TIMEOUTS = {
  saveDraft: 15_000,
  uploadFile: 60_000,
  uploadOriginal: 300_000,
  submitReport: 30_000,
  deleteDraft: 15_000,
};

/** The copy a 409 draft_conflict carried: the server's, newer than the save refused (decision 120). */
export interface ServerDraft {
  id: string;
  currentStep: string;
  version: number;
  wizardData: WizardData;
}

export type OpOutcome =
  | { op: OutboxOp; result: 'sent' }
  /** The server held a newer copy: it is merged with the device's and queued as a save with a higher version. */
  | { op: OutboxOp; result: 'merged'; server: ServerDraft; version: number; base?: WizardData }
  | { op: OutboxOp; result: 'retry'; status: number | null; message: string }
  | { op: OutboxOp; result: 'failed'; status: number | null; message: string };

/** What the caller hands in; the engine fills in order, attempts and timing. */
export type NewOp = Omit<
  OutboxOp,
  'seq' | 'userId' | 'createdAt' | 'attempts' | 'nextAttemptAt' | 'status' | 'dependsOn'
> & {
  dependsOn?: string[];
};

export interface SyncEngineDeps {
  store: DeviceStore;
  transport: Transport;
  isOnline: () => boolean;
  now?: () => number;
  random?: () => number;
  /** Runs the drain exclusively across tabs of the same app (Web Locks where available). */
  exclusive?: <T>(fn: () => Promise<T>) => Promise<T>;
}

type Listener<T> = (value: T) => void;

/**
 * The sync loop (ruling 8): sends the outbox to the server in order whenever there is a connection,
 * retries what failed for want of one with backoff up to a minute, and keeps what the server refused
 * for good so it can be shown. One drain runs at a time.
 */
export class SyncEngine {
  private userId: string | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  /** When a forced drain was asked for; operations last tried before then skip their wait once. */
  private forcedAt: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: string | undefined;
  private ops: OutboxOp[] = [];
  /** Ids sent by this page, so a caller can tell "sent" from "replaced by a newer save". */
  private readonly sent = new Set<string>();
  /** A draft save refused for a newer copy, to the merged save that took its place. */
  private readonly superseded = new Map<string, string>();
  /** Per draft, the copy the server last had from (or gave to) this page: the base of a merge. */
  private readonly serverCopies = new Map<string, unknown>();
  private readonly opsListeners = new Set<Listener<OutboxOp[]>>();
  private readonly outcomeListeners = new Set<Listener<OpOutcome>>();
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly exclusive: <T>(fn: () => Promise<T>) => Promise<T>;

  constructor(private readonly deps: SyncEngineDeps) {
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
    this.exclusive = deps.exclusive ?? ((fn) => fn());
  }

  /** Only this user's operations are sent (they carry the session the server checks). */
  setUser(userId: string | undefined): void {
    this.userId = userId;
    // The list is read again by the drain too; a store that refuses reads leaves the last list shown.
    this.refresh().catch(() => undefined);
    if (userId) this.kick();
  }

  get currentUser(): string | undefined {
    return this.userId;
  }

  /** The outbox as last read, in sending order. */
  snapshot(): OutboxOp[] {
    return this.ops;
  }

  onOps(listener: Listener<OutboxOp[]>): () => void {
    this.opsListeners.add(listener);
    return () => this.opsListeners.delete(listener);
  }

  onOutcome(listener: Listener<OpOutcome>): () => void {
    this.outcomeListeners.add(listener);
    return () => this.outcomeListeners.delete(listener);
  }

  async refresh(): Promise<OutboxOp[]> {
    this.ops = await this.deps.store.listOps();
    for (const l of this.opsListeners) l(this.ops);
    return this.ops;
  }

  private async nextSeq(): Promise<number> {
    const ops = await this.deps.store.listOps();
    const last = ops.length ? ops[ops.length - 1]!.seq : 0;
    return Math.max(this.now(), last + 1);
  }

  private async build(op: NewOp): Promise<OutboxOp> {
    if (!this.userId) throw new Error('Not signed in: nothing can be queued');
    return {
      ...op,
      seq: await this.nextSeq(),
      userId: this.userId,
      createdAt: new Date(this.now()).toISOString(),
      attempts: 0,
      nextAttemptAt: 0,
      status: 'pending',
      dependsOn: op.dependsOn ?? [],
    } as OutboxOp;
  }

  /**
   * Queues an operation (written to the device before this resolves). Queuing an id that is already
   * waiting replaces it in place, fresh, so a repeated submit sends the latest data once.
   */
  async enqueue(op: NewOp, opts: { replace?: string[] } = {}): Promise<OutboxOp> {
    const existing = await this.deps.store.getOp(op.id);
    const built = await this.build(op);
    const full = existing ? { ...built, seq: existing.seq, createdAt: existing.createdAt } : built;
    const replace = (opts.replace ?? []).filter((id) => id !== this.inFlight && id !== op.id);
    await this.deps.store.replaceOps(replace, full);
    await this.refresh();
    return full;
  }

  /** Queues a draft save, dropping older unsent saves of the same draft (only the latest matters). */
  async enqueueDraftSave(payload: Extract<OutboxOp, { kind: 'saveDraft' }>['payload']): Promise<OutboxOp> {
    const ops = await this.deps.store.listOps();
    const older = ops
      .filter((o) => o.kind === 'saveDraft' && o.payload.id === payload.id && o.userId === this.userId)
      .map((o) => o.id);
    return this.enqueue(
      { id: opId.saveDraft(payload.id, crypto.randomUUID()), kind: 'saveDraft', payload },
      { replace: older },
    );
  }

  /** Takes an operation back before it is sent (a photo removed before upload). False when already going. */
  async cancel(id: string): Promise<boolean> {
    if (this.inFlight === id) return false;
    await this.deps.store.deleteOp(id);
    await this.refresh();
    return true;
  }

  /**
   * Throws away an operation the server refused for good, with every operation waiting for it (a
   * report waiting for a refused photo). Only on the engineer's confirmed request; never one in flight.
   */
  async discard(id: string): Promise<OutboxOp[]> {
    const ops = await this.deps.store.listOps();
    const op = ops.find((o) => o.id === id);
    if (!op || op.status !== 'failed' || this.inFlight === id) return [];
    const gone = [op, ...dependentsOf(ops, id)].filter((o) => o.id !== this.inFlight);
    for (const o of gone) await this.deps.store.deleteOp(o.id);
    await this.refresh();
    return gone;
  }

  /** Tries failed operations again (the engineer asked to), with whatever depended on them. */
  async retry(ids?: string[]): Promise<void> {
    const ops = await this.deps.store.listOps();
    const wanted = new Set(
      ids ?? ops.filter((o) => o.status === 'failed' && o.userId === this.userId).map((o) => o.id),
    );
    for (const op of ops) {
      if (op.status !== 'failed') continue;
      if (!wanted.has(op.id) && !op.dependsOn.some((d) => wanted.has(d))) continue;
      await this.deps.store.putOp({
        ...op,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: 0,
        lastError: undefined,
        lastStatus: undefined,
      });
    }
    await this.refresh();
    await this.drain({ force: true });
  }

  /**
   * Sends what can be sent now. `force` ignores retry times once (the connection just came back, or the
   * engineer pressed a button). Resolves when the loop has nothing more it can do right now.
   */
  drain(opts: { force?: boolean } = {}): Promise<void> {
    if (opts.force) this.forcedAt = this.now();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          try {
            await this.exclusive(() => this.run());
          } catch {
            // The device store itself failed (storage refused or evicted): nothing can be read to send.
            // The next drain tries again; the controller has told the engineer about the storage.
            this.again = false;
          }
        } while (this.again);
      } finally {
        this.running = null;
        this.forcedAt = undefined;
      }
    })();
    return this.running;
  }

  /**
   * Starts a drain without waiting for it: the engine owns it (`running`, which never rejects), so a caller
   * that only wants the outbox moving (a timer, an event, a photo just queued) leaves no promise behind.
   */
  kick(opts: { force?: boolean } = {}): void {
    this.drain(opts).catch(() => undefined);
  }

  /**
   * Sends a draft save the device could not keep (its store refused the write), so the server has it at
   * least. It goes after whatever drain is under way, under the same lock, call and timeout as a queued save,
   * and is sent once: rejects when it did not reach the server.
   */
  async sendUnkept(payload: Extract<OutboxOp, { kind: 'saveDraft' }>['payload']): Promise<void> {
    const userId = this.userId;
    if (!userId) throw new Error('Not signed in: nothing can be sent');
    const op: OutboxOp = {
      id: opId.saveDraft(payload.id, crypto.randomUUID()),
      kind: 'saveDraft',
      payload,
      seq: this.now(),
      userId,
      createdAt: new Date(this.now()).toISOString(),
      attempts: 0,
      nextAttemptAt: 0,
      status: 'pending',
      dependsOn: [],
    };
    // What the device did keep was queued before this one: it goes first, so the server sees saves in order.
    await this.running;
    await this.exclusive(() => this.send(op));
    this.serverCopies.set(payload.id, payload.wizardData);
    this.sent.add(op.id);
  }

  /** The operation if it is still on the device (not yet confirmed by the server). */
  async queued(id: string): Promise<OutboxOp | undefined> {
    return this.deps.store.getOp(id);
  }

  /** The server holds this copy of the draft (it was resumed from there): later merges start from it. */
  knownServerCopy(draftId: string, wizardData: WizardData): void {
    this.serverCopies.set(draftId, wizardData);
  }

  /** Whether the server has it, or the merged save that took its place (decision 120). */
  wasSent(id: string): boolean {
    for (let at: string | undefined = id, hops = 0; at && hops < 20; at = this.superseded.get(at), hops++) {
      if (this.sent.has(at)) return true;
    }
    return false;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(at: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.kick();
      },
      Math.max(0, at - this.now()),
    );
  }

  private async run(): Promise<void> {
    for (;;) {
      const userId = this.userId;
      if (!userId || !this.deps.isOnline()) {
        await this.refresh();
        return;
      }
      const ops = await this.refresh();
      const step = nextStep(ops, userId, this.now(), this.forcedAt);
      if (step.type === 'idle') {
        this.stop();
        return;
      }
      if (step.type === 'wait') {
        this.schedule(step.until);
        return;
      }
      if (step.type === 'blocked') {
        const dep = step.failedDependency;
        const message = `Waiting for a ${describeOp(dep).toLowerCase()} the server refused${dep.lastError ? `: ${dep.lastError}` : ''}`;
        await this.deps.store.putOp({ ...step.op, status: 'failed', lastError: message });
        this.emit({ op: step.op, result: 'failed', status: null, message });
        continue;
      }
      this.inFlight = step.op.id;
      let outcome: OpOutcome;
      try {
        outcome = await this.attempt(step.op);
      } finally {
        this.inFlight = undefined;
      }
      this.emit(outcome);
    }
  }

  private emit(outcome: OpOutcome): void {
    if (outcome.result === 'sent') {
      this.sent.add(outcome.op.id);
      if (this.sent.size > 500) this.sent.delete(this.sent.values().next().value!);
    }
    for (const l of this.outcomeListeners) l(outcome);
  }

  private async attempt(op: OutboxOp): Promise<OpOutcome> {
    const { store } = this.deps;
    try {
      await this.send(op);
      if (op.kind === 'saveDraft') this.serverCopies.set(op.payload.id, op.payload.wizardData);
      await store.deleteOp(op.id);
      if (op.kind === 'uploadFile') await store.markUploaded(op.payload.fileId, true);
      return { op, result: 'sent' };
    } catch (error) {
      const { status } = describeError(error);
      if (op.kind === 'deleteDraft' && status === 404) {
        // Already gone (or never reached the server): what was asked for is true.
        await store.deleteOp(op.id);
        return { op, result: 'sent' };
      }
      if (op.kind === 'submitReport' && status === 409) {
        const handled = await this.photosNotArrived(op, error);
        if (handled) return handled;
      }
      if (op.kind === 'saveDraft' && status === 409) {
        const handled = await this.newerDraftOnServer(op, error);
        if (handled) return handled;
      }
      const failure = classifyFailure(error);
      if (failure.type === 'permanent') {
        await store.putOp({
          ...op,
          status: 'failed',
          attempts: op.attempts + 1,
          lastAttemptAt: this.now(),
          lastError: failure.message,
          lastStatus: failure.status,
        });
        return { op, result: 'failed', status: failure.status, message: failure.message };
      }
      const attempts = op.attempts + 1;
      await store.putOp({
        ...op,
        attempts,
        lastAttemptAt: this.now(),
        nextAttemptAt: this.now() + backoffDelay(attempts, this.random),
        lastError: failure.message,
        lastStatus: failure.status,
      });
      return { op, result: 'retry', status: failure.status, message: failure.message };
    }
  }

  private async send(op: OutboxOp): Promise<void> {
    const { transport, store } = this.deps;
    switch (op.kind) {
      case 'saveDraft':
        await transport.postJson('/api/drafts', op.payload, TIMEOUTS.saveDraft);
        return;
      case 'uploadFile': {
        const file = await store.getFile(op.payload.fileId);
        // Removed from the device before it went (the photo was deleted): nothing left to send.
        if (!file) return;
        // A camera original (decision 175) has its own route and, being large, more time.
        if (file.kind === 'original')
          await transport.putBlob(`${fileUrlFor(file.id)}/original`, file.blob, TIMEOUTS.uploadOriginal);
        else await transport.putBlob(`${fileUrlFor(file.id)}?kind=${file.kind}`, file.blob, TIMEOUTS.uploadFile);
        return;
      }
      case 'submitReport':
        await transport.postJson('/api/reports', op.payload, TIMEOUTS.submitReport);
        return;
      case 'deleteDraft':
        await transport.delete(`/api/drafts/${op.payload.draftId}`, TIMEOUTS.deleteDraft);
        return;
    }
  }

  /**
   * The server holds a newer copy of the draft than this save (a late save, another tab or device): the
   * two are merged, losing no reading of either, and the merge goes as a save above both versions in place
   * of this one and of any newer unsent save of the same draft (decision 120).
   */
  private async newerDraftOnServer(
    op: Extract<OutboxOp, { kind: 'saveDraft' }>,
    error: unknown,
  ): Promise<OpOutcome | undefined> {
    const { store } = this.deps;
    const body = describeError(error).body as
      | {
          error?: {
            code?: unknown;
            draft?: { id?: unknown; currentStep?: unknown; version?: unknown; wizardData?: unknown };
          };
        }
      | undefined;
    const draft = body?.error?.code === 'draft_conflict' ? body.error.draft : undefined;
    if (!draft || typeof draft.currentStep !== 'string' || typeof draft.version !== 'number') return undefined;
    const serverData = await copyChecks.parseWizardData(draft.wizardData).catch(() => undefined);
    if (!serverData) return undefined;
    const queued = (await store.listOps()).filter(
      (o): o is typeof op =>
        o.kind === 'saveDraft' && o.payload.id === op.payload.id && o.userId === op.userId && o.id !== op.id,
    );
    const latest = (inSendingOrder(queued).at(-1) as typeof op | undefined) ?? op;
    const deviceData = await copyChecks.parseWizardData(latest.payload.wizardData).catch(() => undefined);
    if (!deviceData) return undefined;
    const server: ServerDraft = {
      id: op.payload.id,
      currentStep: draft.currentStep,
      version: draft.version,
      wizardData: serverData,
    };
    const known = this.serverCopies.get(op.payload.id);
    const base = known === undefined ? undefined : await copyChecks.parseWizardData(known).catch(() => undefined);
    const merged = mergeDrafts(server, { currentStep: latest.payload.currentStep, wizardData: deviceData }, base);
    const version = Math.min(
      DRAFT_VERSION_MAX,
      Math.max(server.version, latest.payload.version ?? 0, op.payload.version ?? 0) + 1,
    );
    // No version above the server's is left: kept as refused rather than sent round and round.
    if (version <= server.version) return undefined;
    await store.deleteOp(op.id);
    const next = await this.enqueueDraftSave({ ...latest.payload, ...merged, version });
    this.superseded.set(op.id, next.id);
    if (latest !== op) this.superseded.set(latest.id, next.id);
    return { op, result: 'merged', server, version, base };
  }

  /**
   * The server answered 409 to a report because photos it lists have not arrived. Those still on the
   * device are uploaded (again) first and the report waits for them; if any are on neither side the
   * report cannot be completed and is kept as failed with that reason.
   */
  private async photosNotArrived(
    op: Extract<OutboxOp, { kind: 'submitReport' }>,
    error: unknown,
  ): Promise<OpOutcome | undefined> {
    const { store } = this.deps;
    const data = await copyChecks.parseWizardData(op.payload.wizardData).catch(() => undefined);
    const candidates = data ? checkFileIds(data) : [];
    const missing = missingFileIdsFrom(error, candidates);
    if (missing.length === 0) return undefined;
    const dependsOn = new Set(op.dependsOn);
    const lost: string[] = [];
    for (const fileId of missing) {
      const file = await store.getFile(fileId);
      if (!file) {
        lost.push(fileId);
        continue;
      }
      await store.markUploaded(fileId, false);
      const uploadId = opId.uploadFile(fileId);
      if (!(await store.getOp(uploadId))) {
        await store.putOp({
          id: uploadId,
          kind: 'uploadFile',
          payload: { fileId, kind: file.kind },
          seq: await this.nextSeq(),
          userId: op.userId,
          createdAt: new Date(this.now()).toISOString(),
          attempts: 0,
          nextAttemptAt: 0,
          status: 'pending',
          dependsOn: [],
        });
      }
      dependsOn.add(uploadId);
    }
    const attempts = op.attempts + 1;
    if (lost.length > 0) {
      const message = `${lost.length} photo(s) are on neither this device nor the server`;
      await store.putOp({
        ...op,
        attempts,
        lastAttemptAt: this.now(),
        status: 'failed',
        lastError: message,
        lastStatus: 409,
      });
      return { op, result: 'failed', status: 409, message };
    }
    const message = 'Waiting for photos to upload';
    // The report waits for its uploads (dependsOn), then goes again: at once the first time, with backoff
    // after that, so a server that keeps asking cannot make the loop spin.
    const nextAttemptAt = attempts <= 1 ? 0 : this.now() + backoffDelay(attempts, this.random);
    await store.putOp({
      ...op,
      attempts,
      dependsOn: [...dependsOn],
      lastAttemptAt: this.now(),
      nextAttemptAt,
      lastError: message,
      lastStatus: 409,
    });
    return { op, result: 'retry', status: 409, message };
  }
}
