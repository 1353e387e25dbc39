import { sql, type SQL } from 'drizzle-orm';
import { carriedIdentity, type PropertyStatus, type PropertyWithStatus, type SiteProgress } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { statement } from '../db/statements.js';
import { containsIgnoringCase } from '../repositories/sql-helpers.js';
import { packIdentitySql, recordedIdentity } from './pack-identity.js';

/**
 * Where each property stands (packages/domain property-status.ts), worked out in SQL so the picker's filter
 * and the site progress never load a site's properties into the app. Per property: its latest report by
 * completion time, and whether any engineer saved a draft for it after that report. A draft older than the
 * latest report is a leftover (its deletion after submit failed, or it was abandoned) and does not count.
 */
/** Whether a draft saved at `draftSaved` makes its property "In progress": no report yet, or a newer one. */
export const draftCounts = (draftSaved: SQL, reportAt: SQL) =>
  sql`(${draftSaved} IS NOT NULL AND (${reportAt} IS NULL OR ${draftSaved} > ${reportAt}))`;

/**
 * A property's status. With `reviewState` (a client's or read token's view), a latest report not yet approved
 * is only "pending": its verdict is the office's until approved (docs/product.md#clients).
 */
export const statusCase = (draftSaved: SQL, reportAt: SQL, reportStatus: SQL, reviewState?: SQL) => sql`
  CASE
    WHEN ${draftCounts(draftSaved, reportAt)} THEN 'in_progress'${
      reviewState
        ? sql`
    WHEN ${reportAt} IS NOT NULL AND ${reviewState} <> 'approved' THEN 'pending'`
        : sql``
    }
    WHEN ${reportStatus} = 'PASS' THEN 'passed'
    WHEN ${reportStatus} = 'FAIL' THEN 'failed'
    WHEN ${reportStatus} = 'PENDING' THEN 'pending'
    ELSE 'not_started'
  END`;

/**
 * The latest report's HIU, which a client sees only once that report is approved; and, for whoever may start a
 * re-test, what its reviewer marked to check again (which the re-test does not carry over).
 */
const unitOf = (approvedOnly: boolean) =>
  approvedOnly
    ? sql`CASE WHEN lr.review_state = 'approved' THEN lr.hiu_model END AS latest_hiu_model,
    CASE WHEN lr.review_state = 'approved' THEN lr.hiu_serial END AS latest_hiu_serial,
    NULL AS latest_marked`
    : sql`lr.hiu_model AS latest_hiu_model, lr.hiu_serial AS latest_hiu_serial,
    CASE WHEN lr.review_state = 'sent_back' THEN lr.review_fields END AS latest_marked`;

/**
 * Properties with their status, from `page`: a subquery of properties rows (one page of the picker, in
 * address order), each with its latest report and newest draft by index look-ups.
 */
const statusOfPage = (page: SQL, approvedOnly = false) => sql`
  SELECT p.id, p.site_id, p.address, p.property_type, p.block, p.floor, lr.completed_at AS latest_report_at,
    ${unitOf(approvedOnly)}, ${approvedOnly ? sql`NULL` : sql`lr.identity`} AS identity,
    ${statusCase(sql`ld.saved`, sql`lr.completed_at`, sql`lr.overall_status`, approvedOnly ? sql`lr.review_state` : undefined)} AS status
  FROM (${page}) p
  LEFT JOIN LATERAL (
    SELECT r.overall_status, r.completed_at, r.hiu_model, r.hiu_serial, r.review_state, r.review_fields,
      ${packIdentitySql} AS identity
    FROM reports r
    WHERE r.property_id = p.id
    ORDER BY r.completed_at DESC, r.id DESC
    LIMIT 1
  ) lr ON true
  LEFT JOIN LATERAL (SELECT max(d.last_saved) AS saved FROM drafts d WHERE d.property_id = p.id) ld ON true
  ORDER BY p.address_key, p.id`;

/**
 * Every property of a site (optionally searched) with its status, set-based: the site's reports and drafts
 * are each read once (indexes reports (site_id), drafts (site_id)) and hash-joined, about four times faster
 * than a look-up per property on a 20,000-property site (docs/benchmarks.md). A report counts on the site it
 * was filed under, which is always its property's site (the report repository links no other).
 */
const statusOfSite = (siteId: string, q?: string, propertyType?: string, approvedOnly = false) => sql`
  WITH lr AS (
    SELECT DISTINCT ON (r.property_id) r.id, r.property_id, r.overall_status, r.completed_at, r.hiu_model,
      r.hiu_serial, r.review_state, r.review_fields
    FROM reports r
    WHERE r.site_id = ${siteId} AND r.property_id IS NOT NULL
    ORDER BY r.property_id, r.completed_at DESC, r.id DESC
  ), ld AS (
    SELECT d.property_id, max(d.last_saved) AS saved
    FROM drafts d
    WHERE d.site_id = ${siteId} AND d.property_id IS NOT NULL
    GROUP BY d.property_id
  )
  SELECT p.id, p.site_id, p.address, p.address_key, p.property_type, p.block, p.floor, lr.completed_at AS latest_report_at,
    lr.id AS latest_report_id, ${unitOf(approvedOnly)},
    ${statusCase(sql`ld.saved`, sql`lr.completed_at`, sql`lr.overall_status`, approvedOnly ? sql`lr.review_state` : undefined)} AS status
  FROM properties p
  LEFT JOIN lr ON lr.property_id = p.id
  LEFT JOIN ld ON ld.property_id = p.id
  WHERE p.site_id = ${siteId}${q ? sql` AND ${containsIgnoringCase(sql`p.address`, q)}` : sql``}${
    propertyType ? sql` AND lower(p.property_type) = lower(${propertyType})` : sql``
  }`;

const siteFlats = sql`SELECT * FROM properties p WHERE p.site_id = ${sql.placeholder('siteId')}::uuid
  ORDER BY p.address_key, p.id LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}`;
/** The picker's page of a site's flats with their status, unsearched: its busiest form. */
const sitePage = statement<StatusRow, 'siteId' | 'limit' | 'offset'>('site_flats_page', statusOfPage(siteFlats));
const siteCount = statement<{ n: number | string }, 'siteId'>(
  'site_flats_count',
  sql`SELECT count(*)::int AS n FROM properties p WHERE p.site_id = ${sql.placeholder('siteId')}::uuid`,
);

interface StatusRow {
  id: string;
  site_id: string;
  address: string;
  property_type: string;
  block: string;
  floor: string;
  latest_report_at: Date | string | null;
  latest_hiu_model: string | null;
  latest_hiu_serial: string | null;
  latest_marked: string[] | null;
  identity?: Record<string, string | null> | null;
  status: PropertyStatus;
  total?: number | string;
}

/**
 * A property with its status and what a re-test of it starts with (docs/product.md#my-flats): the last report's
 * unit and test pack devices, less what its reviewer marked to read off the unit again.
 */
const toItem = (r: StatusRow): PropertyWithStatus => {
  const marked = r.latest_marked ?? [];
  return {
    id: r.id,
    siteId: r.site_id,
    address: r.address,
    propertyType: r.property_type,
    block: r.block,
    floor: r.floor,
    status: r.status,
    latestReportAt: r.latest_report_at === null ? null : new Date(r.latest_report_at).toISOString(),
    latestHiuModel: marked.includes('hiuModel') ? null : r.latest_hiu_model,
    latestHiuSerial: marked.includes('hiuSerial') ? null : r.latest_hiu_serial,
    ...(r.identity ? { latestPackIdentity: carriedIdentity(recordedIdentity(r.identity), marked) } : {}),
  };
};

// Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`.
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export function propertyStatusQueries(db: Db) {
  const searchedPage = (query: {
    siteId: string;
    q?: string;
    propertyType?: string;
    limit: number;
    offset: number;
    approvedOnly?: boolean;
  }) => {
    const where = sql`p.site_id = ${query.siteId}::uuid${
      query.q ? sql` AND ${containsIgnoringCase(sql`p.address`, query.q)}` : sql``
    }${query.propertyType ? sql` AND lower(p.property_type) = lower(${query.propertyType})` : sql``}`;
    return Promise.all([
      rows<StatusRow>(
        db,
        statusOfPage(
          sql`SELECT * FROM properties p WHERE ${where}
          ORDER BY p.address_key, p.id LIMIT ${query.limit} OFFSET ${query.offset}`,
          query.approvedOnly,
        ),
      ),
      rows<{ n: number | string }>(db, sql`SELECT count(*)::int AS n FROM properties p WHERE ${where}`),
    ]);
  };

  return {
    /**
     * One page of a site's properties in address order, optionally searched or of one type, each with its
     * status, in one statement: the page comes from the address index first and only its rows get a status.
     */
    async page(query: {
      siteId: string;
      q?: string;
      propertyType?: string;
      limit: number;
      offset: number;
      /** A client's view: only approved reports' verdicts and units (docs/product.md#clients). */
      approvedOnly?: boolean;
    }) {
      const [found, [n]] =
        query.q || query.propertyType || query.approvedOnly
          ? await searchedPage(query)
          : await Promise.all([sitePage.run(db, query), siteCount.run(db, query)]);
      return { items: found.map(toItem), total: Number(n?.n ?? 0) };
    },

    /** One page of a site's properties that stand at `status`, in address order, optionally searched. */
    async pageWithStatus(query: {
      siteId: string;
      status: PropertyStatus;
      q?: string;
      propertyType?: string;
      limit: number;
      offset: number;
      approvedOnly?: boolean;
    }): Promise<{ items: PropertyWithStatus[]; total: number }> {
      const site = statusOfSite(
        query.siteId,
        query.q?.trim() || undefined,
        query.propertyType || undefined,
        query.approvedOnly,
      );
      // The test pack's devices are read for the page's rows only, not the whole site's reports.
      const identity = query.approvedOnly
        ? sql`NULL`
        : sql`(SELECT ${packIdentitySql} FROM reports r WHERE r.id = pg.latest_report_id)`;
      const found = await rows<StatusRow>(
        db,
        sql`SELECT pg.*, ${identity} AS identity FROM (
              SELECT s.*, count(*) OVER ()::int AS total FROM (${site}) s
              WHERE s.status = ${query.status}
              ORDER BY s.address_key, s.id
              LIMIT ${query.limit} OFFSET ${query.offset}
            ) pg
            ORDER BY pg.address_key, pg.id`,
      );
      if (found.length > 0) return { items: found.map(toItem), total: Number(found[0]!.total) };
      if (query.offset === 0) return { items: [], total: 0 };
      // Past the last page: the window count has no row to ride on.
      const [n] = await rows<{ n: number | string }>(
        db,
        sql`SELECT count(*)::int AS n FROM (${site}) s WHERE s.status = ${query.status}`,
      );
      return { items: [], total: Number(n?.n ?? 0) };
    },

    /** The site's properties counted by status, for the home screen's progress. */
    async siteProgress(siteId: string, approvedOnly = false): Promise<SiteProgress> {
      const [r] = await rows<Record<keyof SiteProgress, number | string>>(
        db,
        sql`SELECT count(*)::int AS "total",
              count(*) FILTER (WHERE s.status = 'passed')::int AS "passed",
              count(*) FILTER (WHERE s.status = 'failed')::int AS "failed",
              count(*) FILTER (WHERE s.status = 'pending')::int AS "pending",
              count(*) FILTER (WHERE s.status = 'in_progress')::int AS "inProgress",
              count(*) FILTER (WHERE s.status = 'not_started')::int AS "notStarted"
            FROM (${statusOfSite(siteId, undefined, undefined, approvedOnly)}) s`,
      );
      const n = (k: keyof SiteProgress) => Number(r?.[k] ?? 0);
      return {
        total: n('total'),
        passed: n('passed'),
        failed: n('failed'),
        pending: n('pending'),
        inProgress: n('inProgress'),
        notStarted: n('notStarted'),
      };
    },
  };
}
