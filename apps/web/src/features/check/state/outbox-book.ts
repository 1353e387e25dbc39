import type { CheckHost, OutboxSnapshot } from './check-host';
import type { OutboxOp } from './outbox';
import type * as outboxView from './outbox-view';
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

  /**
   * The code that reads the operations comes with the sync engine (`useView`), the only thing that reads them: until
   * then the outbox on screen is empty and only its connection state changes.
   */
  private view: typeof outboxView | undefined;

  useView(view: typeof outboxView): void {
    this.view = view;
  }

  /** Reads the outbox's operations again (they changed, or the connection or user did). */
  show(ops: OutboxOp[] = this.ops): void {
    this.ops = ops;
    this.snap = this.view
      ? this.view.outboxSnapshot(this.host, ops)
      : { ...this.snap, online: this.host.deps.isOnline() };
    for (const l of this.listeners) l();
  }

  /** Something of this engineer's reached the server: it joins the sent list. */
  onOutcome(outcome: OpOutcome): void {
    const { host, view } = this;
    if (!view || outcome.result !== 'sent' || host.user?.id !== outcome.op.userId) return;
    view.recordSentOp(host, this.ops, outcome.op);
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
