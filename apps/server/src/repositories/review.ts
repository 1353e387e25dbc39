import { and, asc, count, desc, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
import {
  correctableFieldOf,
  correctableValue,
  correctionValueError,
  REPORT_CSV_FORMAT,
  reportCsvLine,
  reportPdfFilename,
  reportVerdict,
  withCorrection,
  type ReportRevision,
  type ReviewCount,
  type ReviewDecision,
  type ReviewQueuePage,
  type ReviewState,
} from '@hiu/domain';
import type { Db } from '../db/client.js';
import { files, reportCsvLines, reportRevisions, reports, siteMembers, sites } from '../db/schema.js';
import { enqueueJob } from '../jobs/queue/store.js';
import { REPORT_PDF_JOB, reportPdfJobKey } from '../jobs/report-pdf-key.js';
import { emitWebhookEvent } from '../webhooks/events.js';
import { writeAudit, type Actor, type Tx } from './audit.js';
import { insertPdfFile } from './reports.js';

/** The report's PDF is built again (its review block, or a new revision): the old copy goes, a job is queued. */
async function rebuildPdf(tx: Tx, reportId: string, stage: string, keepOld: boolean) {
  const [row] = await tx
    .select({ pdfFileId: reports.pdfFileId, userId: reports.userId })
    .from(reports)
    .where(eq(reports.id, reportId));
  await tx.update(reports).set({ pdfFileId: null }).where(eq(reports.id, reportId));
  if (row?.pdfFileId && !keepOld) await tx.delete(files).where(eq(files.id, row.pdfFileId));
  // The engineer's turn at the queue (decision 208): their report's images are the work.
  await enqueueJob(tx, {
    kind: REPORT_PDF_JOB,
    key: `${reportPdfJobKey(reportId)}:${stage}`,
    payload: { reportId },
    ownerId: row?.userId ?? null,
  });
}

export type CorrectionOutcome =
  | { ok: true; revision: number; overallStatus: string; verdictChanged: boolean }
  | { ok: false; reason: 'not_found' | 'approved' | 'unchanged' }
  | { ok: false; reason: 'invalid'; fields: Record<string, string> };

export function reviewRepository(db: Db) {
  return {
    /**
     * Records a reviewer's decision, decided by the database: the UPDATE only matches a report still awaiting
     * review, so of two reviewers at the same moment exactly one changes it. Undefined when no report
     * matched (gone, or decided already: the caller reads the current state). The PDF is built again with
     * its review block.
     */
    async review(
      id: string,
      decision: ReviewDecision,
      reason: string | null,
      fields: string[],
      actor: Actor,
      revision?: number,
    ) {
      return db.transaction(async (tx) => {
        const state: ReviewState = decision === 'approve' ? 'approved' : 'sent_back';
        const [row] = await tx
          .update(reports)
          .set({
            reviewState: state,
            reviewedBy: actor?.id ?? null,
            reviewedAt: new Date(),
            reviewReason: reason,
            reviewFields: fields,
          })
          .where(
            and(
              eq(reports.id, id),
              eq(reports.reviewState, 'awaiting_review'),
              revision === undefined ? undefined : eq(reports.revision, revision),
            ),
          )
          .returning({
            id: reports.id,
            reviewState: reports.reviewState,
            reviewedAt: reports.reviewedAt,
            reviewReason: reports.reviewReason,
            reviewFields: reports.reviewFields,
            reference: reports.reference,
            siteId: reports.siteId,
            propertyId: reports.propertyId,
          });
        if (!row) return undefined;
        const { reference, siteId, propertyId } = row;
        await emitWebhookEvent(tx, decision === 'approve' ? 'report.approved' : 'report.sent_back', {
          reportId: id,
          reference,
          siteId,
          propertyId,
          reviewState: state,
          reviewedBy: actor ? { id: actor.id, name: actor.name } : null,
          reviewedAt: row.reviewedAt?.toISOString() ?? null,
          reason,
        });
        await writeAudit(tx, {
          actor,
          entityType: 'report',
          entityId: id,
          action: decision === 'approve' ? 'approved' : 'sent_back',
          before: { reviewState: 'awaiting_review' },
          after: { reviewState: state, ...(fields.length ? { fields } : {}) },
          reason,
          siteId,
          propertyId,
        });
        await rebuildPdf(tx, id, 'review', false);
        return {
          id: row.id,
          reviewState: row.reviewState,
          reviewedAt: row.reviewedAt?.toISOString() ?? null,
          reviewReason: row.reviewReason,
          reviewFields: row.reviewFields,
        };
      });
    },

    /**
     * Corrects one recorded value of a report not yet approved: the report as it was is kept as its revision,
     * the value is replaced, the verdict judged again against the same ranges, the CSV line and PDF made
     * again. The row lock orders corrections and reviews of the same report. A test pack's value is one of the
     * report's own pack version, held to what its unit allows there (decision 190).
     */
    async correct(
      id: string,
      input: { field: string; value: string; reason: string },
      actor: NonNullable<Actor>,
    ): Promise<CorrectionOutcome> {
      return db.transaction(async (tx): Promise<CorrectionOutcome> => {
        const [r] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
        if (!r) return { ok: false, reason: 'not_found' };
        if (r.reviewState === 'approved') return { ok: false, reason: 'approved' };
        const field = correctableFieldOf(r.wizardData, input.field);
        if (!field)
          return { ok: false, reason: 'invalid', fields: { field: "This report's test pack has no such value" } };
        const problem = correctionValueError(field, input.value);
        if (problem) return { ok: false, reason: 'invalid', fields: { value: problem } };
        const before = correctableValue(r.wizardData, field);
        if (before === input.value) return { ok: false, reason: 'unchanged' };
        const data = withCorrection(r.wizardData, field, input.value);
        const verdict = reportVerdict(data, r.ranges, r.failedStep);
        await tx.insert(reportRevisions).values({
          reportId: id,
          revision: r.revision,
          wizardData: r.wizardData,
          overallStatus: r.overallStatus,
          failureReasons: r.failureReasons,
          hiuModel: r.hiuModel,
          hiuSerial: r.hiuSerial,
          pdfFileId: r.pdfFileId,
          pdfFilename: r.pdfFilename,
          correctedBy: actor.name,
          field: field.id,
          before,
          after: input.value,
          reason: input.reason,
        });
        const next = {
          ...r,
          wizardData: data,
          overallStatus: verdict.overall,
          failureReasons: verdict.reasons,
          hiuModel: data.hiuModel.trim(),
          hiuSerial: data.hiuSerial.trim(),
        };
        const revision = r.revision + 1;
        await tx
          .update(reports)
          .set({
            wizardData: data,
            overallStatus: verdict.overall,
            failureReasons: verdict.reasons,
            hiuModel: next.hiuModel,
            hiuSerial: next.hiuSerial,
            pdfFilename: reportPdfFilename(next),
            revision,
          })
          .where(eq(reports.id, id));
        await tx
          .update(reportCsvLines)
          .set({ format: REPORT_CSV_FORMAT, line: reportCsvLine(next) })
          .where(eq(reportCsvLines.reportId, id));
        await writeAudit(tx, {
          actor,
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
        await rebuildPdf(tx, id, `r${revision}`, true);
        return {
          ok: true,
          revision,
          overallStatus: verdict.overall,
          verdictChanged: verdict.overall !== r.overallStatus,
        };
      });
    },

    /** Every revision of the report, oldest first: the earlier ones from report_revisions, the current last. */
    async revisions(report: {
      id: string;
      testPack?: { id: string; version: number };
      revision: number;
      completedAt: string;
      engineerName: string;
      overallStatus: 'PASS' | 'FAIL' | 'PENDING';
    }): Promise<ReportRevision[]> {
      if (report.revision === 1)
        return [
          {
            revision: 1,
            madeAt: report.completedAt,
            madeBy: report.engineerName,
            overallStatus: report.overallStatus,
            change: null,
          },
        ];
      const rows = await db
        .select()
        .from(reportRevisions)
        .where(eq(reportRevisions.reportId, report.id))
        .orderBy(asc(reportRevisions.revision));
      return [...rows.map((r) => r.revision), report.revision].map((n, i) => {
        const made = rows[i - 1];
        const own = rows[i];
        return {
          revision: n,
          madeAt: made ? made.correctedAt.toISOString() : report.completedAt,
          madeBy: made ? made.correctedBy : report.engineerName,
          overallStatus: own ? own.overallStatus : report.overallStatus,
          change: made
            ? {
                field: made.field,
                label: correctableFieldOf(report, made.field)?.label ?? made.field,
                before: made.before,
                after: made.after,
                reason: made.reason,
              }
            : null,
        };
      });
    },

    /** An earlier revision as it was stored, for its PDF. */
    async revision(reportId: string, revision: number) {
      const [row] = await db
        .select()
        .from(reportRevisions)
        .where(and(eq(reportRevisions.reportId, reportId), eq(reportRevisions.revision, revision)));
      return row;
    },

    /** Keeps the PDF built for an earlier revision (one copy when two builds overlap). */
    async attachRevisionPdf(
      reportId: string,
      revision: number,
      pdf: { id: string; data: Buffer; ownerId: string | null },
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ pdfFileId: reportRevisions.pdfFileId })
          .from(reportRevisions)
          .where(and(eq(reportRevisions.reportId, reportId), eq(reportRevisions.revision, revision)))
          .for('update');
        if (!row) return pdf.data;
        if (row.pdfFileId) {
          const [current] = await tx.select({ data: files.data }).from(files).where(eq(files.id, row.pdfFileId));
          if (current?.data) return current.data;
        }
        await insertPdfFile(tx, pdf);
        await tx
          .update(reportRevisions)
          .set({ pdfFileId: pdf.id })
          .where(and(eq(reportRevisions.reportId, reportId), eq(reportRevisions.revision, revision)));
        return pdf.data;
      });
    },

    /** A site's reports awaiting review, oldest first, keyset-paged, with how many there are in all. */
    async queue(
      siteId: string,
      q: { engineerId?: string; verdict?: 'PASS' | 'FAIL' | 'PENDING'; after?: string; limit: number },
    ): Promise<ReviewQueuePage> {
      const filters: SQL | undefined = and(
        eq(reports.reviewState, 'awaiting_review'),
        eq(reports.siteId, siteId),
        q.engineerId ? eq(reports.userId, q.engineerId) : undefined,
        q.verdict ? eq(reports.overallStatus, q.verdict) : undefined,
      );
      const [at, lastId] = q.after ? q.after.split('|') : [];
      const after =
        at && lastId
          ? or(
              gt(reports.completedAt, new Date(at)),
              and(eq(reports.completedAt, new Date(at)), gt(reports.id, lastId)),
            )
          : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: reports.id,
            reference: reports.reference,
            propertyId: reports.propertyId,
            propertyAddress: reports.propertyAddress,
            engineerId: reports.userId,
            engineerName: reports.engineerName,
            completedAt: reports.completedAt,
            overallStatus: reports.overallStatus,
            failureReasons: reports.failureReasons,
            revision: reports.revision,
          })
          .from(reports)
          .where(and(filters, after))
          .orderBy(asc(reports.completedAt), asc(reports.id))
          .limit(q.limit + 1),
        db.select({ n: count() }).from(reports).where(filters),
      ]);
      const items = rows.slice(0, q.limit).map((r) => ({ ...r, completedAt: r.completedAt.toISOString() }));
      const last = items[items.length - 1];
      return {
        items,
        total: total?.n ?? 0,
        next: rows.length > q.limit && last ? `${last.completedAt}|${last.id}` : null,
      };
    },

    /** How many reports await review on each site the reviewer reviews (all sites for an admin). */
    async counts(user: { id: string; role: string }): Promise<ReviewCount[]> {
      const mine =
        user.role === 'admin'
          ? undefined
          : inArray(
              reports.siteId,
              db.select({ id: siteMembers.siteId }).from(siteMembers).where(eq(siteMembers.userId, user.id)),
            );
      const rows = await db
        .select({ siteId: sites.id, siteName: sites.name, awaiting: count() })
        .from(reports)
        .innerJoin(sites, eq(sites.id, reports.siteId))
        .where(and(eq(reports.reviewState, 'awaiting_review'), mine))
        .groupBy(sites.id, sites.name)
        .orderBy(desc(count()), asc(sites.name));
      return rows;
    },
  };
}
export type ReviewRepository = ReturnType<typeof reviewRepository>;
