import { and, desc, eq, gt, ilike, inArray, or, sql } from 'drizzle-orm';
import type { ReportSiteGroup, ReviewState } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { reportSiteCounts, reports, siteMembers, sites, users } from '../db/schema.js';
import { statement } from '../db/statements.js';
import { summaryColumns, toSummary, type SummaryRow } from './summary-columns.js';
import { siteIs, type SiteReports } from './site-scope.js';

/** The summary's columns under its own field names, for a named statement's rows. */
const summarySelect = sql.join(
  Object.entries(summaryColumns).map(([field, column]) => sql`${column} AS ${sql.identifier(field)}`),
  sql`, `,
);
const mineWhere = sql`${reports.userId} = ${sql.placeholder('userId')}`;
const mineOrder = sql`ORDER BY ${reports.completedAt} DESC, ${reports.id} DESC LIMIT ${sql.placeholder('limit')}`;
type RawSummaryRow = Omit<SummaryRow, 'completedAt'> & { completedAt: string };
/** "My reports", first page and the next ones (after a report's time and id). */
const myFirstPage = statement<RawSummaryRow, 'userId' | 'limit'>(
  'my_reports',
  sql`SELECT ${summarySelect} FROM ${reports} WHERE ${mineWhere} ${mineOrder}`,
);
const myNextPage = statement<RawSummaryRow, 'userId' | 'limit' | 'at' | 'id'>(
  'my_reports_after',
  sql`SELECT ${summarySelect} FROM ${reports} WHERE ${mineWhere}
      AND (${reports.completedAt}, ${reports.id}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)
      ${mineOrder}`,
);

/** An ILIKE pattern for text containing `typed`, its own `%`, `_` and `\\` read as themselves. */
const containing = (typed: string) => `%${typed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Which property a report is about, for "latest result per property with its history": the property's id
 * while it exists, else the report's own copy of the address (lower-cased), within the site name. A deleted
 * property's reports (property_id set null) stay together by address; a renamed one's stay together by id.
 */
const propertyKey = sql`coalesce(${reports.propertyId}::text, lower(${reports.propertyAddress}))`;

/** The longest history one call returns; a property re-tested more often than this shows the newest. */
export const MAX_EARLIER_REPORTS = 100;

/**
 * One page of the ids of a site's latest report per property, newest first, with each property's count of
 * earlier reports and the number of properties. The rows come from one range of the site's index by
 * property, newest first: the window is ordered as the index is, over the whole partition,
 * so neither it nor DISTINCT ON sorts the site's reports.
 */
export function latestPerPropertyPage(db: Db, q: { siteId: string; limit: number; offset: number }) {
  const latest = db
    .selectDistinctOn([propertyKey], {
      id: reports.id,
      completedAt: reports.completedAt,
      earlier: sql<number>`(count(*) OVER (PARTITION BY ${propertyKey}
        ORDER BY ${reports.completedAt} DESC, ${reports.id} DESC
        ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) - 1)::int`.as('earlier'),
    })
    .from(reports)
    .where(siteIs(q))
    .orderBy(propertyKey, desc(reports.completedAt), desc(reports.id))
    .as('latest');
  const page = db
    .select({ id: latest.id, earlier: latest.earlier, total: sql<number>`(count(*) OVER ())::int` })
    .from(latest)
    .orderBy(desc(latest.completedAt), desc(latest.id))
    .limit(q.limit)
    .offset(q.offset);
  return { latest, page };
}

/** The reports' lists and reads: summaries, a report's detail, its property's history. */
export function reportReadRepository(db: Db) {
  async function summary(id: string) {
    const [row] = await db.select(summaryColumns).from(reports).where(eq(reports.id, id));
    return row && toSummary(row);
  }

  return {
    summary,

    async detail(id: string) {
      const [row] = await db
        .select({
          ...summaryColumns,
          wizardData: reports.wizardData,
          ranges: reports.ranges,
          rangesSource: reports.rangesSource,
          pdfFileId: reports.pdfFileId,
          reviewedAt: reports.reviewedAt,
          reviewReason: reports.reviewReason,
          reviewFields: reports.reviewFields,
          reviewerName: users.name,
          retestOf: reports.retestOf,
          revision: reports.revision,
          packId: reports.packId,
          packVersion: reports.packVersion,
        })
        .from(reports)
        .leftJoin(users, eq(users.id, reports.reviewedBy))
        .where(eq(reports.id, id));
      if (!row) return undefined;
      const { wizardData, ranges, rangesSource, pdfFileId, reviewReason, reviewFields, reviewerName } = row;
      const reviewedAt = row.reviewedAt?.toISOString() ?? null;
      return {
        ...toSummary(row),
        engineerId: row.userId,
        testPack: { id: row.packId, version: row.packVersion },
        wizardData,
        ranges,
        rangesSource,
        pdfFileId,
        reviewedAt,
        reviewReason,
        reviewFields,
        reviewerName,
        retestOf: row.retestOf,
        revision: row.revision,
      };
    },

    /**
     * Per-site counts for the reports screen, in name order. They come from report_site_counts, which
     * triggers keep equal to a GROUP BY site over reports (benchmarked in docs/benchmarks.md).
     */
    async siteGroups(): Promise<ReportSiteGroup[]> {
      return db
        .select({
          siteId: reportSiteCounts.siteId,
          siteName: sites.name,
          count: reportSiteCounts.total,
          pass: reportSiteCounts.pass,
          fail: reportSiteCounts.fail,
        })
        .from(reportSiteCounts)
        .innerJoin(sites, eq(sites.id, reportSiteCounts.siteId))
        .where(gt(reportSiteCounts.total, 0))
        .orderBy(sql`lower(${sites.name})`, sites.id);
    },

    /** One page of summaries, newest first; optionally one site's and/or one engineer's. */
    async list(q: {
      siteId?: string;
      userId?: string;
      limit: number;
      offset: number;
      /** Only reports of the sites this user belongs to (supervisors and clients). */
      memberId?: string;
      reviewState?: ReviewState;
    }) {
      const where = and(
        q.siteId !== undefined ? siteIs({ siteId: q.siteId }) : undefined,
        q.userId ? eq(reports.userId, q.userId) : undefined,
        q.memberId
          ? sql`EXISTS (SELECT 1 FROM ${siteMembers} m WHERE m.site_id = ${reports.siteId} AND m.user_id = ${q.memberId})`
          : undefined,
        q.reviewState ? eq(reports.reviewState, q.reviewState) : undefined,
      );
      const rows = await db
        .select(summaryColumns)
        .from(reports)
        .where(where)
        .orderBy(desc(reports.completedAt), desc(reports.id))
        .limit(q.limit)
        .offset(q.offset);
      return rows.map(toSummary);
    },

    /**
     * The user's own reports, newest first, after the keyset `before` (completedAt|id of the last one shown),
     * from the index by user and time; with `search`, only those whose address, site name or reference holds it
     * (the engineer's own reports are few enough to filter in that index's range).
     */
    async mine(userId: string, before: { completedAt: Date; id: string } | null, limit: number, search = '') {
      const rows = search
        ? await db
            .select(summaryColumns)
            .from(reports)
            .where(
              and(
                eq(reports.userId, userId),
                before
                  ? sql`(${reports.completedAt}, ${reports.id}) < (${before.completedAt.toISOString()}::timestamptz, ${before.id}::uuid)`
                  : undefined,
                or(
                  ...[reports.propertyAddress, reports.siteName, reports.reference].map((c) =>
                    ilike(c, containing(search)),
                  ),
                ),
              ),
            )
            .orderBy(desc(reports.completedAt), desc(reports.id))
            .limit(limit + 1)
        : (before
            ? await myNextPage.run(db, {
                userId,
                limit: limit + 1,
                at: before.completedAt.toISOString(),
                id: before.id,
              })
            : await myFirstPage.run(db, { userId, limit: limit + 1 })
          ).map((r) => ({ ...r, completedAt: new Date(r.completedAt) }));
      const items = rows.slice(0, limit).map(toSummary);
      const last = items.at(-1);
      return { items, next: rows.length > limit && last ? `${last.completedAt}|${last.id}` : null };
    },

    /**
     * One page of a site's latest report per property (newest first), each with how many earlier reports
     * the same property has; `total` is the number of properties with reports.
     */
    async latestPerProperty(q: { siteId: string; limit: number; offset: number }) {
      // The page's ids first, then their summaries.
      const { latest, page: pageQuery } = latestPerPropertyPage(db, q);
      const page = await pageQuery;
      let total = Number(page[0]?.total ?? 0);
      if (page.length === 0 && q.offset > 0) {
        const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(latest);
        total = Number(n?.n ?? 0);
      }
      const found = page.length
        ? await db
            .select(summaryColumns)
            .from(reports)
            .where(
              inArray(
                reports.id,
                page.map((p) => p.id),
              ),
            )
        : [];
      const byId = new Map(found.map((r) => [r.id, r]));
      const items = page.flatMap((p) => {
        const row = byId.get(p.id);
        return row ? [{ ...toSummary(row), earlierReports: Number(p.earlier) }] : [];
      });
      return { items, total };
    },

    /**
     * The reports of the same property completed before this one, newest first: of the same site by id, so a
     * renamed site keeps its history as the reports table counts it; by name for a report whose
     * site is gone.
     */
    async earlierThan(report: {
      id: string;
      siteId: string | null;
      siteName: string;
      propertyId: string | null;
      propertyAddress: string;
    }) {
      const key = report.propertyId ?? report.propertyAddress.toLowerCase();
      const [self] = await db
        .select({ cursor: sql<string>`${reports.completedAt}::text` })
        .from(reports)
        .where(eq(reports.id, report.id));
      if (!self) return [];
      const rows = await db
        .select(summaryColumns)
        .from(reports)
        .where(
          and(
            report.siteId ? eq(reports.siteId, report.siteId) : eq(reports.siteName, report.siteName),
            sql`${propertyKey} = ${key}`,
            sql`(${reports.completedAt}, ${reports.id}) < (${self.cursor}::timestamptz, ${report.id}::uuid)`,
          ),
        )
        .orderBy(desc(reports.completedAt), desc(reports.id))
        .limit(MAX_EARLIER_REPORTS);
      return rows.map(toSummary);
    },

    async siteHasReports(scope: SiteReports): Promise<boolean> {
      const rows = await db
        .select({ one: sql`1` })
        .from(reports)
        .where(siteIs(scope))
        .limit(1);
      return rows.length > 0;
    },
  };
}
