import { checkFileIds, type CreateReportBody, type WizardData } from '@hiu/domain';
import { withTimeout } from '../../../lib/with-timeout';
import type { CheckHost, SubmitResult } from './check-host';
import { storageMessage } from './check-storage';
import { opId } from './op-id';
import { notQueued, SUBMIT_WAIT_MS, TOASTS, type ReportOptions } from './report-outcome';
import type { SyncEngine } from './sync-engine';
import type { WizardState } from './wizard-state';

/*
 * Queuing a report and waiting for the server's answer (Submit, the device failure's report, a report the page
 * lost). Fetched with the first of them (on demand, and when a wizard screen is idle), so no screen waits for it
 * to draw; the service worker keeps it for a phone with no signal.
 */

/**
 * Queues the report of `s` (after its files, with the draft's removal after it) under `reportId` and sends the
 * outbox, waiting up to SUBMIT_WAIT_MS for the server. The caller is in the submitting phase meanwhile.
 */
export async function sendReport(
  host: CheckHost,
  s: WizardState,
  reportId: string,
  opts: ReportOptions,
): Promise<SubmitResult> {
  const { notify } = host.deps;
  const reportOpId = opId.submitReport(reportId);
  let draftOpId: string | undefined;
  let engine: SyncEngine;
  try {
    engine = await host.engine();
    const uploads = await ensureUploadsQueued(host, engine, s.wizardData);
    const body: CreateReportBody = {
      id: reportId,
      wizardData: s.wizardData,
      notes: opts.notes,
      failedStep: opts.failedStep,
      completedAt: new Date(host.now()).toISOString(),
      ...(s.draftId ? { draftId: s.draftId } : {}),
    };
    await engine.enqueue({ id: reportOpId, kind: 'submitReport', payload: body, dependsOn: uploads });
    if (s.draftId) {
      draftOpId = opId.deleteDraft(s.draftId);
      await engine.enqueue({
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
    return notQueued(host, reportId, opts, message);
  }

  await withTimeout(engine.drain({ force: true }), host.deps.submitWaitMs ?? SUBMIT_WAIT_MS, 'timeout');
  const left = await engine.queued(reportOpId).catch(() => undefined);

  if (!left) {
    const draftLeft = draftOpId ? await engine.queued(draftOpId).catch(() => undefined) : undefined;
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
}

/** Upload operations for the check's files that are on this device and not yet on the server. */
async function ensureUploadsQueued(host: CheckHost, engine: SyncEngine, data: WizardData): Promise<string[]> {
  const ids: string[] = [];
  for (const fileId of checkFileIds(data)) {
    const file = await host.deps.store.getFile(fileId);
    if (!file || file.uploaded) continue;
    const id = opId.uploadFile(fileId);
    if (!(await engine.queued(id))) {
      await engine.enqueue({ id, kind: 'uploadFile', payload: { fileId, kind: file.kind } });
    }
    ids.push(id);
  }
  return ids;
}

/**
 * The rest of Submission.requeueLostSubmit, for a check `s` that says its report is queued: queued again unless
 * the outbox has it, or sent it while the check was being restored (`reportsSent`).
 */
export async function requeueLostSubmit(
  host: CheckHost,
  s: WizardState,
  seq: number,
  reportsSent: ReadonlySet<string>,
  send: (reportId: string, opts: ReportOptions) => Promise<SubmitResult>,
): Promise<void> {
  const reportId = s.submittedReportId;
  if (!reportId) return;
  if (await (await host.engine()).queued(opId.submitReport(reportId))) return;
  if (!host.current(seq) || host.snap.state.submittedReportId !== reportId) return;
  const failed = s.flowStatus === 'failed';
  if (reportsSent.has(reportId)) {
    // The outbox sent it while the check was being restored, and said so: the check is done.
    if (failed) host.commit(host.next({ submission: { status: 'sent' } }));
    else host.reset();
    return;
  }
  await send(reportId, { failedStep: failed ? (s.failedStep ?? null) : null, notes: s.notes, toasts: !failed });
}
