import type { WizardData } from '@hiu/domain';
import { dependentsOf, describeOp, nextStep, type OutboxOp } from './outbox';
import { opId } from './op-id';
import { DraftServerState } from './draft-server-state';
import { onDemand } from './on-demand';
import type { OpOutcome, SendDeps, SendingEngine } from './sync-send';

/** The code that sends (sync-send): fetched with the first operation there is to send. */
const sending = onDemand(() => import('./sync-send'));

/** When the code that sends could not be fetched (no signal, not yet on the phone): the next try. */
const CODE_RETRY_MS = 5_000;

/** What the caller hands in; the engine fills in order, attempts and timing. */
export type NewOp = Omit<
  OutboxOp,
  'seq' | 'userId' | 'createdAt' | 'attempts' | 'nextAttemptAt' | 'status' | 'dependsOn'
> & {
  dependsOn?: string[];
};

export interface SyncEngineDeps extends SendDeps {
  isOnline: () => boolean;
  now?: () => number;
  random?: () => number;
  /** Runs the drain exclusively across tabs of the same app (Web Locks where available). */
  exclusive?: <T>(fn: () => Promise<T>) => Promise<T>;
}

type Listener<T> = (value: T) => void;

/**
 * The sync loop: sends the outbox to the server in order whenever there is a connection,
 * retries what failed for want of one with backoff up to a minute, and keeps what the server refused
 * for good so it can be shown. One drain runs at a time. The engine keeps the queue and its order; how one
 * operation is sent and its answer read is in sync-send, fetched with the first operation to send.
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
  /** The server's copy of each draft and which save replaced which: shared with the code that sends. */
  private readonly drafts = new DraftServerState();
  private readonly opsListeners = new Set<Listener<OutboxOp[]>>();
  private readonly outcomeListeners = new Set<Listener<OpOutcome>>();
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
  /** What the code that sends sees of the engine. */
  private readonly sender: SendingEngine;

  constructor(private readonly deps: SyncEngineDeps) {
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
    this.exclusive = deps.exclusive ?? ((fn) => fn());
    this.sender = {
      deps,
      now: this.now,
      random: this.random,
      drafts: this.drafts,
      nextSeq: () => this.nextSeq(),
      enqueueDraftSave: (payload) => this.enqueueDraftSave(payload),
    };
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

  /**
   * A cancelled check's draft: its unsent saves are taken back, and the server is asked to delete any copy
   * it has (a save already on its way, or sent earlier), once the signal allows; a draft it never had
   * answers 404, which counts as done. Whatever the signal, the draft does not come back.
   */
  async withdrawDraft(draftId: string): Promise<void> {
    const ops = await this.deps.store.listOps();
    const saves = ops.filter(
      (o) => o.kind === 'saveDraft' && o.payload.id === draftId && o.userId === this.userId && o.id !== this.inFlight,
    );
    for (const o of saves) await this.deps.store.deleteOp(o.id);
    await this.enqueue({ id: opId.deleteDraft(draftId), kind: 'deleteDraft', payload: { draftId } });
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
    // What the device did keep was queued before this one: it goes first, so the server sees saves in order.
    await this.running;
    const { sendOnce } = await sending();
    const id = await this.exclusive(() => sendOnce(this.sender, userId, payload));
    this.sent.add(id);
  }

  /** The operation if it is still on the device (not yet confirmed by the server). */
  async queued(id: string): Promise<OutboxOp | undefined> {
    return this.deps.store.getOp(id);
  }

  /** The server holds this copy of the draft (it was resumed from there): later merges start from it. */
  knownServerCopy(draftId: string, wizardData: WizardData): void {
    this.drafts.serverHas(draftId, wizardData);
  }

  /** Whether the server has it, or the merged save that took its place. */
  wasSent(id: string): boolean {
    for (const at of this.drafts.chain(id)) if (this.sent.has(at)) return true;
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
      // The code that sends comes with the first operation to send; without it nothing is tried, and the
      // operation waits untouched for the next try.
      const code = await sending().catch(() => undefined);
      if (!code) {
        this.schedule(this.now() + CODE_RETRY_MS);
        return;
      }
      this.inFlight = step.op.id;
      let outcome: OpOutcome;
      try {
        outcome = await code.attempt(this.sender, step.op);
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
}
