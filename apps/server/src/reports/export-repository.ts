import { and, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { REPORT_CSV_FORMAT, type ReportRecordCsvInput } from '@hiu/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { properties, reportCsvLines, reports, users } from '../db/schema.js';
import { siteIs, type SiteReports } from './site-scope.js';

type ReportRow = typeof reports.$inferSelect;

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

/** One batch of an export: rows each with its stored line or (line null) what to build it from. */
export type ExportBatch = { rows: { id: string; line: string | null; source: CsvSourceRow | undefined }[] };

/** The SQL of the reports' CSV files: a site's export with its stored lines, and the analysis export. */
export function reportExportRepository(db: Db) {
  return {
    /**
     * One keyset page of the analysis export: a site's reports, or every report, newest first.
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
     * A site's reports for the CSV export, newest first, in keyset-paged batches so memory stays flat however
     * many reports the site has. A batch whose reports all have a stored line of the current format comes as
     * their text, joined by the database (one value instead of thousands of rows); otherwise as rows, each
     * with its line or, for a report without one, the fields to build it from.
     * When every report of the site has a line of the current format (always, except after an upgrade or a
     * change of format), the lines are read alone: one range of their index, already in order.
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
        // The batch's lines and ids gathered by the database in pieces of 64 (about 30 KB: small enough for
        // the server's young heap, where garbage is cheap); the ids let the export add each report's record.
        const { rows: pieces } = (await db.execute(sql`
          SELECT array_agg(line ORDER BY n) AS lines, array_agg(id::text ORDER BY n) AS ids, count(*)::int AS count,
            (count(*) - count(line))::int AS missing,
            (array_agg(cursor ORDER BY n DESC))[1] AS "lastCursor", (array_agg(id ORDER BY n DESC))[1] AS "lastId"
          FROM (SELECT *, row_number() OVER (ORDER BY ${b.completedAt} DESC, ${b.id} DESC) AS n FROM ${b}) x
          GROUP BY (n - 1) / 64 ORDER BY (n - 1) / 64`)) as unknown as {
          rows: {
            lines: string[];
            ids: string[];
            count: number;
            missing: number;
            lastCursor: string;
            lastId: string;
          }[];
        };
        const count = pieces.reduce((sum, p) => sum + Number(p.count), 0);
        const end = pieces[pieces.length - 1];
        const next = count === batchSize && end ? { completedAt: end.lastCursor, id: end.lastId } : null;
        if (count === 0) return { batch: { rows: [] }, count, next };
        if (pieces.every((p) => Number(p.missing) === 0)) {
          const rows = pieces.flatMap((p) => p.ids.map((id, i) => ({ id, line: p.lines[i]!, source: undefined })));
          return { batch: { rows }, count, next };
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
        pending = next ? read(next) : Promise.resolve({ batch: { rows: [] }, count: 0, next: null });
        // If the client goes away the read-ahead is never awaited; its failure must not crash the process.
        pending.catch(() => {});
        yield current;
        if (!next) return;
      }
    },

    /**
     * What the export adds to each report's line (docs/product.md#csv-export): its reference and review, its
     * flat's block and floor now, and whether a later report of the flat in the same scope replaces it.
     */
    async csvRecords(scope: SiteReports, ids: string[]): Promise<Map<string, ReportRecordCsvInput>> {
      if (ids.length === 0) return new Map();
      const { rows } = (await db.execute(sql`
        SELECT r.id::text AS id, r.reference, r.review_state AS "reviewState", u.name AS "reviewerName",
          r.reviewed_at AS "reviewedAt", p.block, p.floor,
          EXISTS (SELECT 1 FROM ${reports} l WHERE l.site_id = r.site_id AND l.property_id = r.property_id
            AND (l.completed_at, l.id) > (r.completed_at, r.id)
            ${scope.approvedOnly ? sql`AND l.review_state = 'approved'` : sql``}) AS superseded
        FROM ${reports} r LEFT JOIN ${users} u ON u.id = r.reviewed_by LEFT JOIN ${properties} p ON p.id = r.property_id
        WHERE r.id = ANY(${sql.param(ids)}::uuid[])`)) as unknown as {
        rows: (ReportRecordCsvInput & { id: string })[];
      };
      return new Map(rows.map((r) => [r.id, { ...r, superseded: Boolean(r.superseded) }]));
    },

    /** Whether any report of the site was taken under a test pack beyond the standard one. */
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
