import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { isUuid, type Ranges, type ReviewState, type WizardData } from '@hiu/domain';
import type { Db } from '../db/client.js';

const rows = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Flats whose reports are read in one query. A large site's reports (each with its whole check) are read a page
 * at a time, so no one query holds the embedded database's single connection for long while draft saves wait
 * (an evidence pack of 1,000 flats reads them all).
 */
const FLATS_PAGE = 50;
/** Photos hashed by the database in one query. */
const PHOTOS_PAGE = 50;

/**
 * The site's flat ids in pages of FLATS_PAGE, by keyset on the site's reading-order index (each page starts where
 * the last ended, never by offset), with `pause` between pages so other requests' queries go in between.
 */
async function* flatPages(db: Db, siteId: string, pause: () => Promise<unknown>): AsyncGenerator<string[]> {
  let after: { key: string; id: string } | undefined;
  for (;;) {
    const page = await rows<{ id: string; address_key: string }>(
      db,
      sql`SELECT id, address_key FROM properties WHERE site_id = ${siteId}
        ${after ? sql`AND (address_key, id) > (${after.key}, ${after.id}::uuid)` : sql``}
        ORDER BY address_key, id LIMIT ${FLATS_PAGE}`,
    );
    if (page.length === 0) return;
    yield page.map((f) => f.id);
    if (page.length < FLATS_PAGE) return;
    const last = page[page.length - 1]!;
    after = { key: last.address_key, id: last.id };
    await pause();
  }
}

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

export interface DwellingFlatRow {
  id: string;
  address: string;
  block: string;
  floor: string;
  property_type: string;
  /** When the flat's newest draft was saved; null without one. */
  draft_saved_at: Date | string | null;
  witness_name: string | null;
  witness_role: string | null;
  witnessed_on: string | null;
}

export interface DwellingReportRow {
  id: string;
  property_id: string;
  reference: string;
  revision: number;
  completed_at: Date | string;
  engineer_name: string;
  overall_status: 'PASS' | 'FAIL' | 'PENDING';
  failure_reasons: string[];
  review_state: ReviewState;
  reviewer_name: string | null;
  reviewed_at: Date | string | null;
  review_reason: string | null;
  hiu_model: string;
  hiu_serial: string;
  pack_id: string;
  pack_version: number;
  ranges: Ranges;
  wizard_data: WizardData | string;
}

/** What dwellings.json is made from (docs/product.md#dwellings-export): SQL only. */
export function dwellingsRepository(db: Db) {
  return {
    async site(siteId: string) {
      const [site] = await rows<{ id: string; name: string; location: string }>(
        db,
        sql`SELECT id, name, location FROM sites WHERE id = ${siteId}`,
      );
      return site;
    },

    /** The site's flats in address order, whether a check of each is under way, and its witness mark. */
    flats(siteId: string) {
      return rows<DwellingFlatRow>(
        db,
        sql`SELECT p.id, p.address, p.block, p.floor, p.property_type,
            (SELECT max(d.last_saved) FROM drafts d WHERE d.property_id = p.id) AS draft_saved_at,
            w.witness_name, w.witness_role, w.witnessed_on::text AS witnessed_on
          FROM properties p LEFT JOIN property_witnesses w ON w.property_id = p.id
          WHERE p.site_id = ${siteId} ORDER BY p.address_key, p.id`,
      );
    },

    /** Each flat's latest report the reader may see (approved only for a client), in full, a page of flats at a time. */
    async latestReports(siteId: string, approvedOnly: boolean, pause: () => Promise<unknown> = nextTurn) {
      const found: DwellingReportRow[] = [];
      for await (const flats of flatPages(db, siteId, pause))
        found.push(
          ...(await rows<DwellingReportRow>(
            db,
            sql`SELECT DISTINCT ON (r.property_id) r.id, r.property_id, r.reference, r.revision, r.completed_at,
            r.engineer_name, r.overall_status, r.failure_reasons, r.review_state, u.name AS reviewer_name,
            r.reviewed_at, r.review_reason, r.hiu_model, r.hiu_serial, r.pack_id, r.pack_version, r.ranges,
            r.wizard_data
          FROM reports r LEFT JOIN users u ON u.id = r.reviewed_by
          WHERE r.site_id = ${siteId} AND r.property_id IN (${idList(flats)})
            ${approvedOnly ? sql`AND r.review_state = 'approved'` : sql``}
          ORDER BY r.property_id, r.completed_at DESC, r.id DESC`,
          )),
        );
      return found;
    },

    /**
     * Each flat's latest report of any state (what its state is judged from) and its number of reports, a page of
     * flats at a time.
     */
    async latestStates(siteId: string, approvedOnly: boolean, pause: () => Promise<unknown> = nextTurn) {
      const found: {
        property_id: string;
        overall_status: 'PASS' | 'FAIL' | 'PENDING';
        review_state: ReviewState;
        completed_at: Date | string;
        visible: number | string;
      }[] = [];
      for await (const flats of flatPages(db, siteId, pause))
        found.push(
          ...(await rows<(typeof found)[number]>(
            db,
            sql`SELECT DISTINCT ON (property_id) property_id, overall_status, review_state, completed_at,
            count(*) FILTER (WHERE ${approvedOnly ? sql`review_state = 'approved'` : sql`true`})
              OVER (PARTITION BY property_id) AS visible
          FROM reports WHERE site_id = ${siteId} AND property_id IN (${idList(flats)})
          ORDER BY property_id, completed_at DESC, id DESC`,
          )),
        );
      return found;
    },

    /** The photos' type, size and SHA-256, worked out by the database. */
    async photoDigests(refs: unknown[]) {
      const ids = refs.filter((id): id is string => typeof id === 'string' && isUuid(id));
      if (ids.length === 0) return new Map<string, { contentType: string; size: number; sha256: string }>();
      const found: { id: string; content_type: string; size: number; sha256: string }[] = [];
      for (let i = 0; i < ids.length; i += PHOTOS_PAGE) {
        if (i > 0) await nextTurn();
        found.push(
          ...(await rows<(typeof found)[number]>(
            db,
            sql`SELECT id::text AS id, content_type, size, encode(sha256(data), 'hex') AS sha256
          FROM files WHERE id = ANY(${sql.param(ids.slice(i, i + PHOTOS_PAGE))}::uuid[]) AND data IS NOT NULL`,
          )),
        );
      }
      return new Map(found.map((f) => [f.id, { contentType: f.content_type, size: Number(f.size), sha256: f.sha256 }]));
    },
  };
}
export type DwellingsRepository = ReturnType<typeof dwellingsRepository>;
