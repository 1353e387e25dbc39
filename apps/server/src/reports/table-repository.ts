import { sql, type SQL } from 'drizzle-orm';
import type {
  Ranges,
  ReportSite,
  ReportTableCounts,
  ReportTableQuery,
  ReportTableRow,
  ReportTableSort,
  ReportVerdict,
} from '@hiu/domain';
import { isUuid, reportPdfFilename } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { unprocessable } from '../http/errors.js';
import { containsIgnoringCase } from '../repositories/sql-helpers.js';

/**
 * The reports screen's table: every flat of one site, found by site id, with its latest report.
 * A report counts on the site it was filed under, which is always its property's site.
 * The site's latest report per flat comes from one range of reports (site_id, property_id, completed_at DESC,
 * id DESC) (migration 0017), so a 1,000-flat site is one pass however deep the page.
 */
const siteRows = (siteId: string) => sql`
  WITH lr AS (
    SELECT DISTINCT ON (r.property_id) r.property_id, r.id, r.overall_status, r.completed_at, r.engineer_name,
      r.hiu_model, r.hiu_serial, r.failed_step, r.notes, r.reference, r.site_name, r.property_address,
      (count(*) OVER (PARTITION BY r.property_id ORDER BY r.completed_at DESC, r.id DESC
        ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) - 1)::int AS earlier
    FROM reports r
    WHERE r.site_id = ${siteId} AND r.property_id IS NOT NULL
    ORDER BY r.property_id, r.completed_at DESC, r.id DESC
  )
  SELECT p.id, p.address, p.address_key, p.property_type, lr.id AS report_id, lr.completed_at, lr.engineer_name,
    lr.hiu_model, lr.hiu_serial, lr.failed_step, lr.notes, lr.reference, lr.earlier, lr.site_name,
    lr.property_address, lr.overall_status,
    CASE lr.overall_status WHEN 'FAIL' THEN 'failed' WHEN 'PENDING' THEN 'pending' WHEN 'PASS' THEN 'passed'
      ELSE 'not_tested' END AS verdict
  FROM properties p
  LEFT JOIN lr ON lr.property_id = p.id
  WHERE p.site_id = ${siteId}`;

/**
 * Each sort as (g, k): g puts flats without the value last in either direction, k is the value as text.
 * Ties fall to the address and then the id, so the order is total and a keyset page never skips or repeats.
 */
const sortKey: Record<ReportTableSort, { g: SQL; k: SQL }> = {
  address: { g: sql`0`, k: sql`s.address_key` },
  verdict: {
    g: sql`0`,
    k: sql`(CASE s.verdict WHEN 'failed' THEN '0' WHEN 'pending' THEN '1' WHEN 'passed' THEN '2' ELSE '3' END)`,
  },
  engineer: { g: sql`(s.report_id IS NULL)::int`, k: sql`lower(coalesce(s.engineer_name, ''))` },
  serial: { g: sql`(s.report_id IS NULL)::int`, k: sql`lower(coalesce(s.hiu_serial, ''))` },
  // Microseconds since the epoch, zero-padded, so text order is time order.
  completed: {
    g: sql`(s.report_id IS NULL)::int`,
    k: sql`coalesce(lpad((extract(epoch FROM s.completed_at) * 1000000)::bigint::text, 20, '0'), '')`,
  },
};

type Cursor = [number, string, string, string];

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(after: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(c) &&
      c.length === 4 &&
      Number.isInteger(c[0]) &&
      c.slice(1).every((v) => typeof v === 'string') &&
      isUuid(c[3] as string)
    ) {
      return c as Cursor;
    }
  } catch {
    // Falls through to the answer below.
  }
  throw unprocessable('This page position is not valid; start again from the first page', {
    after: 'Not a page position',
  });
}

/** The first Europe/London midnight of a day and of the day after another, as the screen's dates are read. */
const londonDayStart = (day: string, plus = 0) =>
  sql`((${day}::date + ${plus}::int)::timestamp AT TIME ZONE 'Europe/London')`;

function filters(q: ReportTableQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.verdict) parts.push(sql`s.verdict = ${q.verdict}`);
  if (q.engineer) parts.push(sql`lower(s.engineer_name) = lower(${q.engineer})`);
  if (q.from) parts.push(sql`s.completed_at >= ${londonDayStart(q.from)}`);
  if (q.to) parts.push(sql`s.completed_at < ${londonDayStart(q.to, 1)}`);
  if (q.q) {
    parts.push(
      sql`(${containsIgnoringCase(sql`s.address`, q.q)} OR ${containsIgnoringCase(sql`coalesce(s.hiu_serial, '')`, q.q)})`,
    );
  }
  return sql.join(parts, sql` AND `);
}

interface Row {
  id: string;
  address: string;
  address_key: string;
  property_type: string;
  report_id: string | null;
  completed_at: Date | string | null;
  engineer_name: string | null;
  hiu_model: string | null;
  hiu_serial: string | null;
  site_name: string | null;
  property_address: string | null;
  overall_status: string | null;
  reference: string | null;
  failed_step: number | null;
  notes: string | null;
  earlier: number | string | null;
  verdict: ReportVerdict;
  g: number | string;
  k: string;
  total: number | string;
}

// Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`.
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export function reportTableQueries(db: Db) {
  return {
    /**
     * Sites with at least one report, in name order, each with its reports counted by verdict: from the counts
     * the database keeps per site (migration 0032), so the screen never counts a site's reports.
     */
    async sites(): Promise<ReportSite[]> {
      const found = await rows<{
        id: string;
        name: string;
        location: string;
        total: number | string;
        pass: number | string;
        fail: number | string;
      }>(
        db,
        sql`SELECT s.id, s.name, s.location, c.total, c.pass, c.fail
            FROM report_site_counts c JOIN sites s ON s.id = c.site_id
            WHERE c.total > 0
            ORDER BY lower(s.name), lower(s.location), s.id`,
      );
      return found.map((s) => ({
        siteId: s.id,
        siteName: s.name,
        location: s.location,
        reports: Number(s.total),
        passed: Number(s.pass),
        failed: Number(s.fail),
      }));
    },

    /** One keyset page of the site's flats, filtered and sorted; `next` continues after its last row. */
    async page(q: ReportTableQuery) {
      const { g, k } = sortKey[q.sort];
      const desc = q.dir === 'desc';
      let keyset = sql`true`;
      if (q.after) {
        const [cg, ck, ca, cid] = decodeCursor(q.after);
        const rest = desc
          ? sql`(x.k, x.address_key, x.id) < (${ck}, ${ca}, ${cid}::uuid)`
          : sql`(x.k, x.address_key, x.id) > (${ck}, ${ca}, ${cid}::uuid)`;
        keyset = sql`(x.g > ${cg} OR (x.g = ${cg} AND ${rest}))`;
      }
      const dir = desc ? sql`DESC` : sql`ASC`;
      const found = await rows<Row>(
        db,
        sql`SELECT * FROM (
              SELECT s.*, ${g} AS g, ${k} AS k, count(*) OVER ()::int AS total
              FROM (${siteRows(q.siteId)}) s
              WHERE ${filters(q)}
            ) x
            WHERE ${keyset}
            ORDER BY x.g ASC, x.k ${dir}, x.address_key ${dir}, x.id ${dir}
            LIMIT ${q.limit + 1}`,
      );
      const more = found.length > q.limit;
      const pageRows = found.slice(0, q.limit);
      const last = pageRows.at(-1);
      let total = Number(found[0]?.total ?? 0);
      // Past the last row the window count has no row to ride on.
      if (found.length === 0 && q.after) {
        const [n] = await rows<{ n: number | string }>(
          db,
          sql`SELECT count(*)::int AS n FROM (${siteRows(q.siteId)}) s WHERE ${filters(q)}`,
        );
        total = Number(n?.n ?? 0);
      }
      return {
        rows: pageRows,
        total,
        next: more && last ? encodeCursor([Number(last.g), last.k, last.address_key, last.id]) : null,
      };
    },

    /** Every flat of the site by current verdict, and the engineers of their latest reports. */
    async summary(siteId: string): Promise<{ counts: ReportTableCounts; engineers: string[] }> {
      const [c] = await rows<Record<string, number | string>>(
        db,
        sql`SELECT count(*)::int AS total,
              count(*) FILTER (WHERE s.verdict = 'passed')::int AS passed,
              count(*) FILTER (WHERE s.verdict = 'failed')::int AS failed,
              count(*) FILTER (WHERE s.verdict = 'pending')::int AS pending,
              count(*) FILTER (WHERE s.verdict = 'not_tested')::int AS not_tested,
              coalesce(array_agg(DISTINCT s.engineer_name) FILTER (WHERE s.engineer_name IS NOT NULL), '{}') AS engineers
            FROM (${siteRows(siteId)}) s`,
      );
      const n = (key: string) => Number(c?.[key] ?? 0);
      const engineers = ((c?.engineers ?? []) as unknown as string[]).slice().sort((a, b) => a.localeCompare(b));
      return {
        counts: {
          total: n('total'),
          passed: n('passed'),
          failed: n('failed'),
          pending: n('pending'),
          notTested: n('not_tested'),
        },
        engineers,
      };
    },

    /** What the failure column is built from, for a page's failed reports only. */
    async failureSources(ids: string[]) {
      if (ids.length === 0) return [];
      const list = sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      return rows<{
        id: string;
        wizard_data: unknown;
        ranges: Ranges;
        failure_reasons: string[];
      }>(db, sql`SELECT id, wizard_data, ranges, failure_reasons FROM reports WHERE id IN (${list})`);
    },
  };
}
export type ReportTableQueries = ReturnType<typeof reportTableQueries>;

export const toTableRow = (r: Row, failures: string[]): ReportTableRow => ({
  propertyId: r.id,
  address: r.address,
  propertyType: r.property_type,
  verdict: r.verdict,
  report:
    r.report_id === null
      ? null
      : {
          id: r.report_id,
          completedAt: new Date(r.completed_at!).toISOString(),
          engineerName: r.engineer_name ?? '',
          hiuModel: r.hiu_model ?? '',
          hiuSerial: r.hiu_serial ?? '',
          // Named as every other download of it is, so a report filed before names were given gets today's name too.
          pdfFilename: reportPdfFilename({
            siteName: r.site_name ?? '',
            propertyAddress: r.property_address ?? '',
            hiuSerial: r.hiu_serial ?? '',
            completedAt: new Date(r.completed_at!),
            overallStatus: r.overall_status ?? '',
          }),
          reference: r.reference ?? '',
          failedStep: r.failed_step,
          notes: r.notes ?? '',
          failures,
          earlierReports: Number(r.earlier ?? 0),
        },
});
