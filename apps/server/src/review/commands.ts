import {
  correctableFieldOf,
  correctableValue,
  correctionContradictions,
  correctionValueError,
  decideReview,
  designForType,
  REVIEW_STATE_LABELS,
  reportCsvLine,
  reportPdfFilename,
  reportVerdict,
  withCorrection,
  type BulkApprovalBody,
  type BulkApprovalResult,
  type CorrectionBody,
  type ReviewBody,
  type ReviewState,
  type User,
} from '@hiu/domain';
import type { Db } from '../db/client.js';
import { runCommand, type UnitOfWork } from '../db/unit-of-work.js';
import { forbidden, HttpError, notFound, unprocessable } from '../http/errors.js';
import { siteAccess } from '../http/site-access.js';
import { REPORT_PDF_JOB, reportPdfJobKey } from '../jobs/report-pdf-key.js';
import { releaseObjectJob } from '../files/commands.js';
import { reportSentBack } from '../notifications/messages.js';

const notAwaiting = (state: ReviewState) =>
  new HttpError(
    409,
    'conflict',
    `This report is not awaiting review: it is ${REVIEW_STATE_LABELS[state].toLowerCase()}`,
    {
      reviewState: state,
    },
  );

// A failing report is approved only after reading it on its own (docs/product.md#review).
const notPassing = () =>
  new HttpError(409, 'conflict', 'This report does not pass: open it and decide on its own', {
    overallStatus: 'Not a pass',
  });

/**
 * The report, if the reviewer may review it: a report of a site they belong to, never their own.
 * `what` names the act in the refusal.
 */
async function reviewable({ repos }: UnitOfWork, user: User, id: string, what: 'review' | 'correct') {
  const report = await repos.reports.summary(id);
  if (!report || !(await siteAccess(repos.members).canSee(user, report.siteId))) throw notFound('Report not found');
  if (report.userId === user.id) throw forbidden(`You cannot ${what} your own report`);
  return report;
}

/** The report's PDF is built again by the job queue (its review block, or a new revision's). */
async function rebuildPdf(uow: UnitOfWork, reportId: string, stage: string, keepOld: boolean) {
  const { ownerId, removed } = await uow.repos.review.dropPdf(reportId, keepOld);
  // The engineer's turn at the queue: their report's images are the work.
  uow.enqueue({ kind: REPORT_PDF_JOB, key: `${reportPdfJobKey(reportId)}:${stage}`, payload: { reportId }, ownerId });
  // The old PDF's object goes from the store once this commits, unless another file names its bytes.
  if (removed?.location === 's3' && removed.sha256) uow.enqueue(releaseObjectJob(removed.sha256));
}

/**
 * A reviewer approves or sends back a report awaiting review. The rule book says whether the decision is
 * possible; the database decides between two reviewers, and a decision names the revision it was made on
 * (409 when the report was corrected since).
 */
export function reviewReport(db: Db, user: User, id: string, body: ReviewBody, opts: { passingOnly?: boolean } = {}) {
  return runCommand(db, user, async (uow) => {
    const report = await reviewable(uow, user, id, 'review');
    if (!decideReview(report.reviewState, body.decision).ok) throw notAwaiting(report.reviewState);
    if (opts.passingOnly && report.overallStatus !== 'PASS') throw notPassing();
    const state: ReviewState = body.decision === 'approve' ? 'approved' : 'sent_back';
    const reason = body.decision === 'send_back' ? body.reason : null;
    const fields = body.decision === 'send_back' ? [...new Set(body.fields ?? [])] : [];
    const row = await uow.repos.review.decide(report.id, {
      state,
      reviewedBy: user.id,
      reason,
      fields,
      revision: body.revision,
      passingOnly: opts.passingOnly,
    });
    if (!row) {
      const now = await uow.repos.reports.detail(report.id);
      if (!now) throw notFound('Report not found');
      if (now.reviewState !== 'awaiting_review') throw notAwaiting(now.reviewState);
      if (opts.passingOnly && now.overallStatus !== 'PASS') throw notPassing();
      throw new HttpError(
        409,
        'conflict',
        `This report was corrected since you opened it (revision ${body.revision} is now ${now.revision}): read it again before deciding`,
        { revision: `Now revision ${now.revision}` },
      );
    }
    const { reference, siteId, propertyId } = row;
    uow.emit(body.decision === 'approve' ? 'report.approved' : 'report.sent_back', {
      reportId: report.id,
      reference,
      siteId,
      propertyId,
      reviewState: state,
      reviewedBy: { id: user.id, name: user.name },
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      reason,
    });
    uow.record({
      entityType: 'report',
      entityId: report.id,
      action: body.decision === 'approve' ? 'approved' : 'sent_back',
      before: { reviewState: 'awaiting_review' },
      after: { reviewState: state, ...(fields.length ? { fields } : {}) },
      reason,
      siteId,
      propertyId,
    });
    if (reason !== null && siteId && report.userId)
      uow.notify(
        reportSentBack({
          siteId,
          engineerId: report.userId,
          reviewerName: user.name,
          address: report.propertyAddress,
          siteName: report.siteName,
          reference,
          reason,
        }),
      );
    await rebuildPdf(uow, report.id, 'review', false);
    return {
      id: row.id,
      reviewState: row.reviewState,
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      reviewReason: row.reviewReason,
      reviewFields: row.reviewFields,
    };
  });
}

/**
 * Approves several passing reports, each as its own command (its own transaction, history entry and webhook
 * event), so one refused report leaves the others approved. A report that fails, was corrected since its
 * reviewer saw it or was decided already is refused with the reason a single decision would give.
 */
export async function approvePassingReports(db: Db, user: User, body: BulkApprovalBody): Promise<BulkApprovalResult> {
  const result: BulkApprovalResult = { approved: [], refused: [] };
  for (const { id, revision } of body.reports) {
    try {
      await reviewReport(db, user, id, { decision: 'approve', revision }, { passingOnly: true });
      result.approved.push(id);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      result.refused.push({ id, reason: e.message });
    }
  }
  return result;
}

/** The design values a report's flat is judged by now: its type's own over its site's; none for a deleted site. */
async function flatDesign(
  { repos }: UnitOfWork,
  r: { siteId: string | null; propertyId: string | null; dwellingType: string },
) {
  const site = r.siteId ? await repos.sites.byId(r.siteId) : undefined;
  if (!site) return undefined;
  const property = r.propertyId ? await repos.properties.byId(r.propertyId) : undefined;
  return designForType(site.designParameters, property?.propertyType ?? r.dwellingType);
}

/**
 * Corrects one recorded value of a report not yet approved: the report as it was is kept as its revision,
 * the value is replaced, the verdict judged again against the same ranges, the CSV line and PDF made again.
 * The row lock orders corrections and reviews of the same report. A test pack's value is one of the report's
 * own pack version, held to what its unit allows there.
 */
export function correctReport(db: Db, user: User, id: string, input: CorrectionBody) {
  return runCommand(db, user, async (uow) => {
    const { review } = uow.repos;
    await reviewable(uow, user, id, 'correct');
    const r = await review.lockedForChange(id);
    if (!r) throw notFound('Report not found');
    if (r.reviewState === 'approved')
      throw new HttpError(409, 'conflict', 'This report is approved: an approved report is locked', {
        reviewState: 'approved',
      });
    const invalid = (fields: Record<string, string>) => unprocessable(Object.values(fields).join('; '), fields);
    const field = correctableFieldOf(r.wizardData, input.field);
    if (!field) throw invalid({ field: "This report's test pack has no such value" });
    const problem = correctionValueError(field, input.value);
    if (problem) throw invalid({ value: problem });
    const before = correctableValue(r.wizardData, field);
    if (before === input.value) throw invalid({ value: 'The report already holds this value' });

    const data = withCorrection(r.wizardData, field, input.value);
    // A corrected reading that contradicts another is refused as at submit, both named
    // (docs/product.md#readings-that-agree), the flat's design as the office holds it now.
    const [clash] = correctionContradictions(data, field, await flatDesign(uow, r));
    if (clash)
      throw unprocessable(clash.message, {
        value: clash.message,
        [`wizardData.${clash.field}`]: clash.message,
        [`wizardData.${clash.other}`]: clash.message,
      });
    const verdict = reportVerdict(data, r.ranges, r.failedStep);
    await review.keepRevision({
      reportId: id,
      revision: r.revision,
      wizardData: r.wizardData,
      overallStatus: r.overallStatus,
      failureReasons: r.failureReasons,
      hiuModel: r.hiuModel,
      hiuSerial: r.hiuSerial,
      pdfFileId: r.pdfFileId,
      pdfFilename: r.pdfFilename,
      correctedBy: user.name,
      field: field.id,
      before,
      after: input.value,
      reason: input.reason,
    });
    const revision = r.revision + 1;
    const next = {
      ...r,
      wizardData: data,
      overallStatus: verdict.overall,
      failureReasons: verdict.reasons,
      hiuModel: data.hiuModel.trim(),
      hiuSerial: data.hiuSerial.trim(),
      revision,
    };
    await review.storeCorrected(id, { ...next, pdfFilename: reportPdfFilename(next) }, reportCsvLine(next));
    uow.record({
      entityType: 'report',
      entityId: id,
      action: 'corrected',
      before: { [field.id]: before, overallStatus: r.overallStatus, revision: r.revision },
      after: { [field.id]: input.value, overallStatus: verdict.overall, revision },
      reason: input.reason,
      siteId: r.siteId,
      propertyId: r.propertyId,
    });
    // The earlier revision keeps its PDF; the new one is built by the queue.
    await rebuildPdf(uow, id, `r${revision}`, true);
    return { id, revision, overallStatus: verdict.overall, verdictChanged: verdict.overall !== r.overallStatus };
  });
}
