import { and, asc, count, desc, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
import {
  correctableFieldOf,
  REPORT_CSV_FORMAT,
  type ReportRevision,
  type ReviewCount,
  type ReviewQueuePage,
  type ReviewState,
} from '@hiu/domain';
import type { Db } from '../db/client.js';
import type { FileLocation } from '../files/repository.js';
import { files, reportCsvLines, reportRevisions, reports, siteMembers, sites } from '../db/schema.js';

export function reviewRepository(db: Db) {
  return {
    /**
     * Records a reviewer's decision, decided by the database: the UPDATE only matches a report still awaiting
     * review (and at `revision`, when given), so of two reviewers at the same moment exactly one changes it.
     * Undefined when no report matched (gone, decided already or corrected since).
     */
    async decide(
      id: string,
      d: {
        state: ReviewState;
        reviewedBy: string | null;
        reason: string | null;
        fields: string[];
        revision?: number;
        /** Only a report whose verdict is PASS at that moment (a bulk approval). */
        passingOnly?: boolean;
      },
    ) {
      const [row] = await db
        .update(reports)
        .set({
          reviewState: d.state,
          reviewedBy: d.reviewedBy,
          reviewedAt: new Date(),
          reviewReason: d.reason,
          reviewFields: d.fields,
        })
        .where(
          and(
            eq(reports.id, id),
            eq(reports.reviewState, 'awaiting_review'),
            d.revision === undefined ? undefined : eq(reports.revision, d.revision),
            d.passingOnly ? eq(reports.overallStatus, 'PASS') : undefined,
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
      return row;
    },

    /**
     * The report's PDF is to be built again (its review block, or a new revision): it no longer names one, and
     * the old file goes unless `keepOld`. Answers the report's engineer (whose turn at the queue it is) and where
     * the old file's bytes were, when it went.
     */
    async dropPdf(
      reportId: string,
      keepOld: boolean,
    ): Promise<{ ownerId: string | null; removed?: { sha256: string | null; location: FileLocation } }> {
      const [row] = await db
        .select({ pdfFileId: reports.pdfFileId, userId: reports.userId })
        .from(reports)
        .where(eq(reports.id, reportId));
      await db.update(reports).set({ pdfFileId: null }).where(eq(reports.id, reportId));
      const [removed] =
        row?.pdfFileId && !keepOld
          ? await db
              .delete(files)
              .where(eq(files.id, row.pdfFileId))
              .returning({ sha256: files.sha256, location: files.location })
          : [];
      return { ownerId: row?.userId ?? null, removed };
    },

    /** The whole report, its row locked until the transaction ends: corrections and reviews of it take turns. */
    async lockedForChange(id: string) {
      const [r] = await db.select().from(reports).where(eq(reports.id, id)).for('update');
      return r;
    },

    /** Keeps the report as it was before a correction, as its revision. */
    async keepRevision(values: typeof reportRevisions.$inferInsert) {
      await db.insert(reportRevisions).values(values);
    },

    /** Stores a corrected report and its CSV line. */
    async storeCorrected(
      id: string,
      next: Pick<
        typeof reports.$inferSelect,
        'wizardData' | 'overallStatus' | 'failureReasons' | 'hiuModel' | 'hiuSerial' | 'pdfFilename' | 'revision'
      >,
      csvLine: string,
    ) {
      await db.update(reports).set(next).where(eq(reports.id, id));
      await db
        .update(reportCsvLines)
        .set({ format: REPORT_CSV_FORMAT, line: csvLine })
        .where(eq(reportCsvLines.reportId, id));
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
            failedStep: reports.failedStep,
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
