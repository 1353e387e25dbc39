import { checkFileIds, type CreateReportBody, type WizardData } from '@hiu/domain';
import { within } from '../../../lib/within';
import type { CheckHost, SubmitResult } from './check-host';
import { storageMessage } from './device-copy';
import { opId } from './outbox';
import type { OpOutcome } from './sync-engine';
import type { WizardState } from './wizard-state';

/** How long Submit waits for the server before telling the engineer the report is queued. */
export const SUBMIT_WAIT_MS = 45_000;

export const TOASTS = {
  submitted: ['Report Submitted', 'Commissioning report has been successfully submitted and saved.'],
  submissionFailed: ['Submission Failed', 'Failed to submit the commissioning report. Please try again.'],
  draftNotRemoved: [
    'Draft Not Removed',
    'The report was saved successfully, but the draft could not be removed. You may need to delete it manually.',
  ],
} as const;

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
   * The device failed at step 2 or 3 (ruling 7): a FAIL report with the data so far is queued like any
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

  private async sendReport(
    reportId: string,
    opts: { failedStep: 2 | 3 | null; notes: string; toasts: boolean },
  ): Promise<SubmitResult> {
    const { host } = this;
    const s = host.snap.state;
    const { notify } = host.deps;
    const reportOpId = opId.submitReport(reportId);
    const done = this.hooks.beginSubmit(reportId);
    try {
      let draftOpId: string | undefined;
      try {
        const uploads = await this.ensureUploadsQueued(s.wizardData);
        const body: CreateReportBody = {
          id: reportId,
          wizardData: s.wizardData,
          notes: opts.notes,
          failedStep: opts.failedStep,
          completedAt: new Date(host.now()).toISOString(),
          ...(s.draftId ? { draftId: s.draftId } : {}),
        };
        await host.engine.enqueue({ id: reportOpId, kind: 'submitReport', payload: body, dependsOn: uploads });
        if (s.draftId) {
          draftOpId = opId.deleteDraft(s.draftId);
          await host.engine.enqueue({
            id: draftOpId,
            kind: 'deleteDraft',
            payload: { draftId: s.draftId },
            dependsOn: [reportOpId],
          });
        }
      } catch (error) {
        // The device could not queue it: the wizard still holds everything, so the engineer can try again.
        const message = storageMessage(error);
        host.setSnap({ storageWarning: message });
        if (opts.toasts) notify.error(...TOASTS.submissionFailed);
        host.commit(host.next({ submission: { status: 'rejected', message } }));
        return { status: 'rejected', reportId, message };
      }

      await within(host.engine.drain({ force: true }), host.deps.submitWaitMs ?? SUBMIT_WAIT_MS, 'timeout');
      const left = await host.engine.queued(reportOpId).catch(() => undefined);

      if (!left) {
        const draftLeft = draftOpId ? await host.engine.queued(draftOpId).catch(() => undefined) : undefined;
        const draftRemoved = !draftLeft;
        if (opts.toasts) {
          notify.success(...TOASTS.submitted);
          if (!draftRemoved) notify.error(...TOASTS.draftNotRemoved);
          host.reset();
        } else {
          host.commit(host.next({ submission: { status: 'sent' } }));
        }
        return { status: 'sent', reportId, draftRemoved };
      }

      if (left.status === 'failed') {
        const message = left.lastError ?? 'The server refused the report';
        if (opts.toasts) notify.error(...TOASTS.submissionFailed);
        host.commit(host.next({ submission: { status: 'rejected', message } }));
        return { status: 'rejected', reportId, message };
      }

      const online = host.deps.isOnline();
      const outbox = host.outbox;
      const blocking = outbox.items.find((i) => i.lastError);
      // The session ended (expired, or signed out elsewhere): nothing goes until the engineer signs in again.
      const signedOut = left.lastStatus === 401 || outbox.signedOut;
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
      host.commit(host.next({ submission: { status: 'queued', message } }));
      return { status: 'queued', reportId, reason, message };
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
    const reportId = s.submittedReportId;
    if (!reportId || s.submission?.status !== 'queued' || host.lifecycle.phase === 'submitting') return;
    if (await host.engine.queued(opId.submitReport(reportId))) return;
    if (!host.current(seq) || host.snap.state.submittedReportId !== reportId) return;
    const failed = s.flowStatus === 'failed';
    if (this.reportsSent.has(reportId)) {
      // The outbox sent it while the check was being restored, and said so: the check is done.
      if (failed) host.commit(host.next({ submission: { status: 'sent' } }));
      else host.reset();
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
    const { host } = this;
    const ids: string[] = [];
    for (const fileId of checkFileIds(data)) {
      const file = await host.deps.store.getFile(fileId);
      if (!file || file.uploaded) continue;
      const id = opId.uploadFile(fileId);
      if (!(await host.engine.queued(id))) {
        await host.engine.enqueue({ id, kind: 'uploadFile', payload: { fileId, kind: file.kind } });
      }
      ids.push(id);
    }
    return ids;
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
      if (draftOp) await host.engine.cancel(draftOp);
      await host.engine.cancel(reportOp);
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
