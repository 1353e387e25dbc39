import { and, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import {
  REPORT_CSV_FORMAT,
  reportCsvLine,
  reportPdfFilename,
  reportReference,
  type DesignParameters,
  type ReportSiteGroup,
  type ReportSummary,
  type ReviewState,
} from '@hiu/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import {
  auditLog,
  drafts,
  files,
  properties,
  reportCsvLines,
  reportSiteCounts,
  reports,
  siteMembers,
  sites,
  users,
} from '../db/schema.js';
import { isUuid } from '@hiu/domain';
import { reportPdfRepository } from '../reports/pdf-repository.js';
import { statement } from '../db/statements.js';

export { isUuid };

type ReportRow = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;

/** Everything the list needs, never the data, ranges or PDF (ruling 16). */
const summaryColumns = {
  id: reports.id,
  userId: reports.userId,
  siteId: reports.siteId,
  siteName: reports.siteName,
  propertyId: reports.propertyId,
  propertyAddress: reports.propertyAddress,
  dwellingType: reports.dwellingType,
  hiuModel: reports.hiuModel,
  hiuSerial: reports.hiuSerial,
  engineerName: reports.engineerName,
  startTime: reports.startTime,
  completedAt: reports.completedAt,
  overallStatus: reports.overallStatus,
  notes: reports.notes,
  pdfFilename: reports.pdfFilename,
  failedStep: reports.failedStep,
  failureReasons: reports.failureReasons,
  reference: reports.reference,
  siteLocation: reports.siteLocation,
  reviewState: reports.reviewState,
};
type SummaryRow = { [K in keyof typeof summaryColumns]: ReportRow[K] };

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

/** What a report's CSV line is built from (the domain's ReportCsvInput as stored). */
const csvSourceColumns = {
  id: reports.id,
  siteName: reports.siteName,
  propertyAddress: reports.propertyAddress,
  dwellingType: reports.dwellingType,
  hiuModel: reports.hiuModel,
  hiuSerial: reports.hiuSerial,
  engineerName: reports.engineerName,
  overallStatus: reports.overallStatus,
  startTime: reports.startTime,
  completedAt: reports.completedAt,
  notes: reports.notes,
  wizardData: reports.wizardData,
};
export type CsvSourceRow = { [K in keyof typeof csvSourceColumns]: ReportRow[K] };

/** One batch of an export: the stored lines' text in pieces, or rows each with its line or (line null) its source. */
export type ExportBatch =
  { pieces: string[] } | { rows: { id: string; line: string | null; source: CsvSourceRow | undefined }[] };

export function toSummary(row: SummaryRow): ReportSummary & { userId: string | null } {
  // The download name is made from the report as it is, so reports filed before decision 136 get it too.
  return { ...row, completedAt: row.completedAt.toISOString(), pdfFilename: reportPdfFilename(row) };
}

/**
 * Which reports a list or export covers: a site's, by its id, never by the name copied onto them (two sites may
 * once have shared a name; a renamed site's reports keep the old one). `approvedOnly` for clients and read
 * tokens (docs/product.md#clients).
 */
export interface SiteReports {
  siteId: string;
  approvedOnly?: boolean;
}

function siteIs(scope: SiteReports, table: { siteId: AnyPgColumn } = reports): SQL {
  const bySite = eq(table.siteId, scope.siteId);
  return scope.approvedOnly && table === reports ? and(bySite, eq(reports.reviewState, 'approved'))! : bySite;
}

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
 * property, newest first (decision 102): the window is ordered as the index is, over the whole partition,
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

export interface ImageFile {
  id: string;
  ownerId: string | null;
  kind: string;
  contentType: string;
  size: number;
}

export function reportsRepository(db: Db) {
  async function summary(id: string) {
    const [row] = await db.select(summaryColumns).from(reports).where(eq(reports.id, id));
    return row && toSummary(row);
  }

  return {
    ...reportPdfRepository(db),
    summary,

    /** The site's design parameters and whether the property still exists; undefined ids for deleted ones. */
    async siteContext(siteId: string, propertyId: string) {
      const [site] = isUuid(siteId)
        ? await db
            .select({
              id: sites.id,
              name: sites.name,
              designParameters: sites.designParameters,
              location: sites.location,
              createdAt: sites.createdAt,
              autoApprovePassing: sites.autoApprovePassing,
              keepOriginalPhotos: sites.keepOriginalPhotos,
              testPack: sites.testPack,
            })
            .from(sites)
            .where(eq(sites.id, siteId))
        : [];
      // A property only counts with its own site, so its reports are found by site and property together.
      const [property] =
        site && isUuid(propertyId)
          ? await db
              .select({ id: properties.id, address: properties.address })
              .from(properties)
              .where(and(eq(properties.id, propertyId), eq(properties.siteId, site.id)))
          : [];
      return {
        siteId: site?.id ?? null,
        siteName: site?.name ?? null,
        designParameters: (site?.designParameters ?? null) as DesignParameters | null,
        location: site?.location ?? '',
        propertyId: property?.id ?? null,
        propertyAddress: property?.address ?? null,
        /** When the site was created: no check of it can be older. */
        createdAt: site?.createdAt ?? null,
        autoApprovePassing: site?.autoApprovePassing ?? false,
        keepOriginalPhotos: site?.keepOriginalPhotos ?? false,
        testPack: site?.testPack ?? 'standard',
      };
    },

    /**
     * One keyset page of the analysis export (decision 137): a site's reports, or every report, newest first.
     * `after` is the last row of the previous page.
     */
    async analysisPage(scope: SiteReports | undefined, after: { completedAt: Date; id: string } | null, limit: number) {
      const conds: SQL[] = [];
      if (scope) conds.push(siteIs(scope));
      if (after)
        conds.push(
          sql`(${reports.completedAt}, ${reports.id}) < (${after.completedAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
        );
      return db
        .select({
          id: reports.id,
          reference: reports.reference,
          siteName: reports.siteName,
          siteLocation: reports.siteLocation,
          propertyAddress: reports.propertyAddress,
          dwellingType: reports.dwellingType,
          hiuModel: reports.hiuModel,
          hiuSerial: reports.hiuSerial,
          engineerName: reports.engineerName,
          startTime: reports.startTime,
          completedAt: reports.completedAt,
          overallStatus: reports.overallStatus,
          failedStep: reports.failedStep,
          failureReasons: reports.failureReasons,
          ranges: reports.ranges,
          wizardData: reports.wizardData,
        })
        .from(reports)
        .where(conds.length ? and(...conds) : undefined)
        .orderBy(desc(reports.completedAt), desc(reports.id))
        .limit(limit);
    },

    /**
     * The test pack a site had at `at`: the one its first change of pack after then replaced, else its pack now
     * (a site's changes are in the history, written in their own transaction).
     */
    async sitePackAt(siteId: string, current: string, at: Date): Promise<string> {
      const [changed] = await db
        .select({ was: sql<string | null>`${auditLog.before}->>'testPack'` })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityType, 'site'),
            eq(auditLog.entityId, siteId),
            eq(auditLog.action, 'updated'),
            gt(auditLog.at, at),
            sql`${auditLog.before}->>'testPack' IS DISTINCT FROM ${auditLog.after}->>'testPack'`,
          ),
        )
        .orderBy(auditLog.id)
        .limit(1);
      return changed?.was ?? current;
    },

    /** A new report reference (decision 136): numbered by the database, so concurrent submits never share one. */
    async nextReference(completedAt: Date): Promise<string> {
      const { rows } = (await db.execute(sql`SELECT nextval('report_reference_seq') AS n`)) as unknown as {
        rows: { n: string | number }[];
      };
      return reportReference(completedAt.getUTCFullYear(), Number(rows[0]!.n));
    },

    /** Photo and signature files by id (only well-formed ids can exist), without their bytes. */
    async imageFiles(ids: string[]): Promise<ImageFile[]> {
      const valid = [...new Set(ids)].filter(isUuid);
      if (valid.length === 0) return [];
      return db
        .select({
          id: files.id,
          ownerId: files.ownerId,
          kind: files.kind,
          contentType: files.contentType,
          size: files.size,
        })
        .from(files)
        .where(inArray(files.id, valid));
    },

    /** Of these ids, the camera originals `ownerId` uploaded (their bytes are not read). */
    async ownedFileIds(ids: string[], ownerId: string): Promise<string[]> {
      const valid = [...new Set(ids)].filter(isUuid);
      if (valid.length === 0) return [];
      const rows = await db
        .select({ id: files.id })
        .from(files)
        .where(and(inArray(files.id, valid), eq(files.ownerId, ownerId), eq(files.kind, 'original')));
      return rows.map((r) => r.id.toLowerCase());
    },

    /** The id of the property's latest report when that was sent back: a new report is its re-test (decision 180). */
    async sentBackLatest(propertyId: string): Promise<string | null> {
      const [latest] = await db
        .select({ id: reports.id, reviewState: reports.reviewState })
        .from(reports)
        .where(eq(reports.propertyId, propertyId))
        .orderBy(desc(reports.completedAt), desc(reports.id))
        .limit(1);
      return latest?.reviewState === 'sent_back' ? latest.id : null;
    },

    /**
     * Inserts the report with its CSV line (in the caller's transaction); false, inserting nothing, when a report
     * with this id already exists (a retry, or two submits racing).
     */
    async insert(report: NewReport & { retestOf: string | null }): Promise<boolean> {
      const inserted = await db
        .insert(reports)
        .values(report)
        .onConflictDoNothing({ target: reports.id })
        .returning({ id: reports.id });
      if (inserted.length === 0) return false;
      await db.insert(reportCsvLines).values({
        reportId: report.id,
        format: REPORT_CSV_FORMAT,
        line: reportCsvLine(report),
        siteId: report.siteId,
        completedAt: report.completedAt,
      });
      return true;
    },

    /**
     * Claims the photos and signature a new report lists, so the orphan clean-up never takes them (its row locks
     * make a concurrent clean-up skip them: it uses SKIP LOCKED); answers the ids no longer on the server.
     */
    async claimFiles(reportId: string, fileIds: string[]): Promise<string[]> {
      const wanted = [...new Set(fileIds.map((id) => id.toLowerCase()))].filter(isUuid);
      if (wanted.length === 0) return [];
      const claimed = await db
        .update(files)
        .set({ reportId: sql`coalesce(${files.reportId}, ${reportId}::uuid)` })
        .where(inArray(files.id, wanted))
        .returning({ id: files.id });
      const have = new Set(claimed.map((r) => r.id.toLowerCase()));
      return wanted.filter((id) => !have.has(id));
    },

    /**
     * The flat's check is done: its drafts (anyone's) go with the report's commit, so none lingers as a second
     * "in progress" beside it. A phone still holding one saves it again if it is changed.
     */
    async deleteDraftsOf(propertyId: string) {
      await db.delete(drafts).where(eq(drafts.propertyId, propertyId));
    },

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
      /** Only reports of the sites this user belongs to (supervisors and clients, decision 145). */
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
     * from the index by user and time.
     */
    async mine(userId: string, before: { completedAt: Date; id: string } | null, limit: number) {
      const raw = before
        ? await myNextPage.run(db, { userId, limit: limit + 1, at: before.completedAt.toISOString(), id: before.id })
        : await myFirstPage.run(db, { userId, limit: limit + 1 });
      const rows = raw.map((r) => ({ ...r, completedAt: new Date(r.completedAt) }));
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
     * renamed site keeps its history as the reports table counts it (decision 140); by name for a report whose
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

    /**
     * A site's reports for the CSV export, newest first, in keyset-paged batches so memory stays flat however
     * many reports the site has. A batch whose reports all have a stored line of the current format comes as
     * their text, joined by the database (one value instead of thousands of rows); otherwise as rows, each
     * with its line or, for a report without one, the fields to build it from.
     * When every report of the site has a line of the current format (always, except after an upgrade or a
     * change of format), the lines are read alone: one range of their index, already in order (decision 100).
     */
    async *exportBatches(scope: SiteReports, batchSize = 2000): AsyncGenerator<ExportBatch> {
      // The cursor keeps the database's own text of the timestamp: a JS Date would drop microseconds.
      type Cursor = { completedAt: string; id: string };
      const keyset = (completedAt: AnyPgColumn, id: AnyPgColumn, after?: Cursor) =>
        after
          ? and(
              // The first term is implied by the second; without it PostgreSQL misjudges how many rows
              // follow the cursor and sorts all of them instead of reading the index backwards.
              sql`${completedAt} <= ${after.completedAt}::timestamptz`,
              sql`(${completedAt}, ${id}) < (${after.completedAt}::timestamptz, ${after.id}::uuid)`,
            )
          : undefined;
      // A line belongs to one report and carries its site name, so equal counts mean no report lacks one.
      // The lines alone know nothing of review: an approved-only export reads the reports with them.
      const { rows: counted } = scope.approvedOnly
        ? { rows: [{ complete: false }] }
        : ((await db.execute(sql`
        SELECT (SELECT count(*) FROM ${reports} WHERE ${siteIs(scope)})
          = (SELECT count(*) FROM ${reportCsvLines}
             WHERE ${siteIs(scope, reportCsvLines)} AND ${reportCsvLines.format} = ${REPORT_CSV_FORMAT})
          AS complete`)) as unknown as { rows: { complete: boolean }[] });
      const linesAlone = counted[0]?.complete === true;
      // One batch of the site's lines alone, newest first: an index-only scan of one range of their index.
      const linesBatch = (after?: Cursor) =>
        db
          .select({
            id: sql<string>`${reportCsvLines.reportId}`.as('id'),
            completedAt: reportCsvLines.completedAt,
            cursor: sql<string>`${reportCsvLines.completedAt}::text`.as('cursor'),
            line: reportCsvLines.line,
          })
          .from(reportCsvLines)
          .where(
            and(
              siteIs(scope, reportCsvLines),
              eq(reportCsvLines.format, REPORT_CSV_FORMAT),
              keyset(reportCsvLines.completedAt, reportCsvLines.reportId, after),
            ),
          )
          .orderBy(desc(reportCsvLines.completedAt), desc(reportCsvLines.reportId))
          .limit(batchSize);
      // One batch of the site's reports, newest first, each with its line if it has one of this format.
      const batch = (after?: Cursor) =>
        db
          .select({
            id: reports.id,
            completedAt: reports.completedAt,
            cursor: sql<string>`${reports.completedAt}::text`.as('cursor'),
            line: reportCsvLines.line,
          })
          .from(reports)
          .leftJoin(
            reportCsvLines,
            and(eq(reportCsvLines.reportId, reports.id), eq(reportCsvLines.format, REPORT_CSV_FORMAT)),
          )
          .where(and(siteIs(scope), keyset(reports.completedAt, reports.id, after)))
          .orderBy(desc(reports.completedAt), desc(reports.id))
          .limit(batchSize);

      const read = async (after?: Cursor): Promise<{ batch: ExportBatch; count: number; next: Cursor | null }> => {
        const b = (linesAlone ? linesBatch(after) : batch(after)).as('b');
        // The batch's lines joined by the database in pieces of 64 (about 30 KB: small enough for the
        // server's young heap, where garbage is cheap; a 1 MB string each time grew its memory by 30 MB).
        const { rows: pieces } = (await db.execute(sql`
          SELECT string_agg(line, '' ORDER BY n) AS text, count(*)::int AS count,
            (count(*) - count(line))::int AS missing,
            (array_agg(cursor ORDER BY n DESC))[1] AS "lastCursor", (array_agg(id ORDER BY n DESC))[1] AS "lastId"
          FROM (SELECT *, row_number() OVER (ORDER BY ${b.completedAt} DESC, ${b.id} DESC) AS n FROM ${b}) x
          GROUP BY (n - 1) / 64 ORDER BY (n - 1) / 64`)) as unknown as {
          rows: { text: string | null; count: number; missing: number; lastCursor: string; lastId: string }[];
        };
        const count = pieces.reduce((sum, p) => sum + Number(p.count), 0);
        const end = pieces[pieces.length - 1];
        const next = count === batchSize && end ? { completedAt: end.lastCursor, id: end.lastId } : null;
        if (count === 0) return { batch: { pieces: [] }, count, next };
        if (pieces.every((p) => Number(p.missing) === 0)) {
          return { batch: { pieces: pieces.map((p) => p.text ?? '') }, count, next };
        }
        // Some lines are missing or of another format: the batch as rows, with what to build them from.
        const rows = await batch(after);
        const without = rows.filter((r) => r.line === null).map((r) => r.id);
        const sources = await db.select(csvSourceColumns).from(reports).where(inArray(reports.id, without));
        const byId = new Map(sources.map((s) => [s.id, s]));
        // Read again, so the next batch starts after these rows (a report may have arrived in between).
        const oldest = rows[rows.length - 1];
        return {
          batch: { rows: rows.map((r) => ({ id: r.id, line: r.line, source: byId.get(r.id) })) },
          count: rows.length,
          next: rows.length === batchSize && oldest ? { completedAt: oldest.cursor, id: oldest.id } : null,
        };
      };
      // The next batch is read while the caller writes this one: at most two batches are ever held.
      let pending = read();
      for (;;) {
        const { batch: current, count, next } = await pending;
        if (count === 0) return;
        pending = next ? read(next) : Promise.resolve({ batch: { pieces: [] as string[] }, count: 0, next: null });
        // If the client goes away the read-ahead is never awaited; its failure must not crash the process.
        pending.catch(() => {});
        yield current;
        if (!next) return;
      }
    },

    /** Whether any report of the site was taken under a test pack beyond the standard one (decision 190). */
    async hasPackReports(scope: SiteReports): Promise<boolean> {
      const [row] = await db
        .select({ id: reports.id })
        .from(reports)
        .where(and(siteIs(scope), sql`${reports.packId} <> 'standard'`))
        .limit(1);
      return row !== undefined;
    },

    /**
     * A site's reports newest first, a batch at a time, as what a CSV line is built from: the export of a
     * site with test-pack reports builds every line, since its columns are more than the stored lines hold.
     */
    async *exportSourceBatches(scope: SiteReports, batchSize = 1000): AsyncGenerator<CsvSourceRow[]> {
      let after: { completedAt: string; id: string } | undefined;
      for (;;) {
        const rows = await db
          .select({ ...csvSourceColumns, cursor: sql<string>`${reports.completedAt}::text` })
          .from(reports)
          .where(
            and(
              siteIs(scope),
              after
                ? sql`(${reports.completedAt}, ${reports.id}) < (${after.completedAt}::timestamptz, ${after.id}::uuid)`
                : undefined,
            ),
          )
          .orderBy(desc(reports.completedAt), desc(reports.id))
          .limit(batchSize);
        if (rows.length === 0) return;
        yield rows;
        if (rows.length < batchSize) return;
        const last = rows[rows.length - 1]!;
        after = { completedAt: last.cursor, id: last.id };
      }
    },

    /** Reports (any site) without a CSV line of the current format, in id order after `after`. */
    async withoutCsvLine(after: string | null, limit: number): Promise<CsvSourceRow[]> {
      return db
        .select(csvSourceColumns)
        .from(reports)
        .leftJoin(
          reportCsvLines,
          and(eq(reportCsvLines.reportId, reports.id), eq(reportCsvLines.format, REPORT_CSV_FORMAT)),
        )
        .where(and(sql`${reportCsvLines.reportId} IS NULL`, after ? gt(reports.id, after) : undefined))
        .orderBy(reports.id)
        .limit(limit);
    },

    /** Keeps CSV lines the export had to build, so the next export reads them. */
    async storeCsvLines(lines: { reportId: string; line: string }[]) {
      if (lines.length === 0) return;
      // Two array parameters rather than three per line: a batch of thousands is one short statement.
      await db.execute(sql`
        INSERT INTO ${reportCsvLines} (report_id, format, line, site_id, completed_at)
        SELECT t.id, ${REPORT_CSV_FORMAT}::int, t.line, r.site_id, r.completed_at
        FROM unnest(${sql.param(lines.map((l) => l.reportId))}::uuid[], ${sql.param(lines.map((l) => l.line))}::text[]) AS t(id, line)
        JOIN ${reports} r ON r.id = t.id
        ON CONFLICT (report_id) DO UPDATE SET format = excluded.format, line = excluded.line`);
    },
  };
}
export type ReportsRepository = ReturnType<typeof reportsRepository>;
