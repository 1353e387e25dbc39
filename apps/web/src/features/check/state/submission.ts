import type { CheckHost, SubmitResult } from './check-host';
import { onDemand } from './on-demand';
import { opId } from './op-id';
import { notQueued, TOASTS, type ReportOptions } from './report-outcome';
import type { OpOutcome } from './sync-send';
import type { WizardState } from './wizard-state';

export { SUBMIT_WAIT_MS, TOASTS } from './report-outcome';

/** Queuing and sending a report (report-sending): fetched with the first report, or earlier when idle. */
export const reportSending = onDemand(() => import('./report-sending'));

const CODE_MISSING =
  'Part of the app could not be loaded, so the report was not queued. Try again when you have signal.';

/** What Submission needs of its neighbours besides the host. */
export interface SubmissionHooks {
  stopAutosave(): void;
  collectFiles(): Promise<void>;
  /** Enters the submitting phase; the returned function leaves it. */
  beginSubmit(reportId: string): () => void;
}

/**
 * Submitting the report and the device failure's FAIL report: each queued in the outbox (after its files,
 * with the draft's removal after it) under an id made once for the check, so trying again never makes a
 * second report.
 */
export class Submission {
  /** Reports the server has stored since this page opened: one may be sent before its check is restored. */
  private readonly reportsSent = new Set<string>();

  constructor(
    private readonly host: CheckHost,
    private readonly hooks: SubmissionHooks,
  ) {}

  /**
   * The device failed at step 2 or 3: a FAIL report with the data so far is queued like any
   * other and the flow ends. The answer says whether the server has it or it is queued.
   */
  fail = async (step: 2 | 3, reasons: string[]): Promise<SubmitResult> => {
    const { host } = this;
    const reportId = host.snap.state.submittedReportId ?? host.uuid();
    this.hooks.stopAutosave();
    host.commit(
      host.next({
        flowStatus: 'failed',
        failedStep: step,
        failureReasons: reasons,
        submittedReportId: reportId,
        submission: { status: 'queued' },
      }),
    );
    host.saveStatus.clear();
    return this.sendReport(reportId, { failedStep: step, notes: host.snap.state.notes, toasts: false });
  };

  /**
   * Submits the report (docs/product.md#step-rules) under an id made once for this check, so trying again never
   * makes a second report. Photos not yet on the server go first. On success the draft is removed and
   * the wizard reset; otherwise every bit of data stays (in the wizard and in the outbox).
   */
  submit = async (notes: string): Promise<SubmitResult> => {
    const { host } = this;
    const s = host.snap.state;
    if (s.flowStatus === 'failed') {
      return this.sendReport(s.submittedReportId ?? host.uuid(), {
        failedStep: s.failedStep ?? null,
        notes,
        toasts: true,
      });
    }
    const reportId = s.submittedReportId ?? host.uuid();
    this.hooks.stopAutosave();
    host.commit(host.next({ notes, submittedReportId: reportId, submission: { status: 'queued' } }));
    return this.sendReport(reportId, { failedStep: null, notes, toasts: true });
  };

  /**
   * Queues the report and sends it (report-sending, fetched on demand), in the submitting phase from this call
   * on. The check is read now, as the caller left it.
   */
  private async sendReport(reportId: string, opts: ReportOptions): Promise<SubmitResult> {
    const { host } = this;
    const s = host.snap.state;
    const done = this.hooks.beginSubmit(reportId);
    try {
      const code = await reportSending().catch(() => undefined);
      // Without that code nothing was queued: as when the phone refuses to keep it, Submit can be tried again.
      if (!code) return notQueued(host, reportId, opts, CODE_MISSING);
      return await code.sendReport(host, s, reportId, opts);
    } finally {
      done();
    }
  }

  /**
   * The page went (reload, closed tab, dead battery) after Submit marked the check as submitted but before
   * the report reached the outbox: the check says "queued" and nothing would ever send it. It is queued
   * again now under the same report id, so if it did reach the server it is still stored once.
   */
  async requeueLostSubmit(seq: number): Promise<void> {
    const { host } = this;
    const s = host.snap.state;
    if (!s.submittedReportId || s.submission?.status !== 'queued' || host.lifecycle.phase === 'submitting') return;
    // Without its code (not on the phone yet, no signal) the check stays as it is until the next start.
    const code = await reportSending().catch(() => undefined);
    await code?.requeueLostSubmit(host, s, seq, this.reportsSent, (reportId, opts) => this.sendReport(reportId, opts));
  }

  /**
   * The engineer changes a check whose report is queued or was refused: the unsent report (and its
   * draft removal) is taken back, so the old data cannot go later and the next Submit sends the new.
   * One already on its way cannot be stopped; it then arrives as it was.
   */
  withdrawUnsentReport(): Partial<WizardState> {
    const { host } = this;
    const s = host.snap.state;
    if (!s.submittedReportId || s.flowStatus !== 'active' || s.submission?.status === 'sent') return {};
    const reportOp = opId.submitReport(s.submittedReportId);
    const draftOp = s.draftId ? opId.deleteDraft(s.draftId) : undefined;
    host.tasks.own('taking back an unsent report', async () => {
      // The draft's removal first: it waits for the report, and a report taken back first would let it go at
      // once (a missing dependency counts as done), removing the draft of a check still being worked on.
      const engine = await host.engine();
      if (draftOp) await engine.cancel(draftOp);
      await engine.cancel(reportOp);
    });
    return { submittedReportId: undefined, submission: undefined };
  }

  /** A report queued earlier reached the server (or was refused) while the engineer carried on. */
  onOutcome(outcome: OpOutcome): void {
    const { host } = this;
    const { op } = outcome;
    if (op.kind !== 'submitReport') return;
    if (outcome.result === 'sent') {
      this.reportsSent.add(op.payload.id);
      host.deps.onReportSent?.(op.payload.id);
    }
    if (host.lifecycle.phase === 'submitting') return;
    const s = host.snap.state;
    if (op.payload.id !== s.submittedReportId) {
      if (outcome.result === 'sent') host.deps.notify.success(...TOASTS.submitted);
      return;
    }
    if (outcome.result === 'sent') {
      host.deps.notify.success(...TOASTS.submitted);
      host.commit(host.next({ submission: { status: 'sent' } }));
      host.tasks.own('freeing device space', this.hooks.collectFiles());
    } else if (outcome.result === 'failed') {
      host.commit(host.next({ submission: { status: 'rejected', message: outcome.message } }));
    }
  }
}
