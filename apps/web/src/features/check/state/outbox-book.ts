import type { CheckHost, OutboxSnapshot } from './check-host';
import { addressesByOp, readSentLog, recordSent } from './outbox-log';
import { dependentsOf, describeOp, plainError, type OutboxOp } from './outbox';
import type { OpOutcome } from './sync-send';

/** What OutboxBook needs of its neighbours besides the host. */
export interface OutboxBookHooks {
  collectFiles(): Promise<void>;
}

/**
 * The outbox as the engineer sees it: what waits for the server (this engineer's, with the property each
 * belongs to), what was sent lately, and the controls to send now, retry or discard what was refused.
 */
export class OutboxBook {
  private snap: OutboxSnapshot;
  /** The outbox's operations as the sync engine last read them, in sending order. */
  private ops: OutboxOp[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly host: CheckHost,
    private readonly hooks: OutboxBookHooks,
  ) {
    this.snap = {
      pending: 0,
      failed: 0,
      refused: 0,
      items: [],
      sent: [],
      online: host.deps.isOnline(),
      signedOut: false,
      othersWaiting: 0,
    };
  }

  getSnapshot = (): OutboxSnapshot => this.snap;
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Reads the outbox's operations again (they changed, or the connection or user did). */
  show(ops: OutboxOp[] = this.ops): void {
    const { host } = this;
    this.ops = ops;
    const user = host.user;
    const mine = ops.filter((o) => o.userId === user?.id);
    const address = addressesByOp(mine, host.snap.state);
    const failed = new Set(mine.filter((o) => o.status === 'failed').map((o) => o.id));
    this.snap = {
      pending: mine.length,
      failed: failed.size,
      refused: mine.filter((o) => failed.has(o.id) && !o.dependsOn.some((d) => failed.has(d))).length,
      online: host.deps.isOnline(),
      signedOut: mine.some((o) => o.lastStatus === 401),
      othersWaiting: user ? ops.length - mine.length : 0,
      sent: user ? readSentLog(host.deps.storage, user.id) : [],
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
    for (const l of this.listeners) l();
  }

  /** Something of this engineer's reached the server: it joins the sent list. */
  onOutcome(outcome: OpOutcome): void {
    const { host } = this;
    const { op } = outcome;
    if (outcome.result !== 'sent' || host.user?.id !== op.userId) return;
    const property = addressesByOp([...this.ops, op], host.snap.state).get(op.id);
    recordSent(host.deps.storage, {
      id: op.id,
      userId: op.userId,
      label: describeOp(op),
      property,
      sentAt: new Date(host.now()).toISOString(),
    });
    this.show();
  }

  retry = async (ids?: string[]): Promise<void> => (await this.host.engine()).retry(ids);

  syncNow = async (): Promise<void> => (await this.host.engine()).drain({ force: true });

  /**
   * Throws away an operation the server refused for good (and what waits for it), after the engineer
   * confirmed. A discarded report of the check on screen is taken back so it can be corrected and sent
   * again; blobs nothing refers to any more are freed.
   */
  discard = async (id: string): Promise<void> => {
    const { host } = this;
    const gone = await (await host.engine()).discard(id);
    const s = host.snap.state;
    const report = gone.find((o) => o.kind === 'submitReport' && o.payload.id === s.submittedReportId);
    if (report && s.flowStatus === 'active' && s.submission?.status !== 'sent') {
      host.commit(host.next({ submittedReportId: undefined, submission: undefined }));
    }
    await this.hooks.collectFiles();
  };
}
