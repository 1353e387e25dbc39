import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { EvidencePack } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { auditLog, evidencePacks, files } from '../db/schema.js';
import { markSuperseded } from './superseded.js';
import { packContentsDigest } from './contents-digest.js';
import type { FileLocation, ServerFileRow, StoredBytes } from '../files/repository.js';

/** Flats whose reports are read at a time while a pack is built. */
const SOURCES_PAGE = 50;
type Row = typeof evidencePacks.$inferSelect;
export type PackEntry = NonNullable<Row['contents']>[number];
export type PackMissing = NonNullable<Row['missing']>;
/** What a sign-off of the pack signs and what its signer is shown (decision 256). */
export interface PackRecord {
  holds: NonNullable<Row['holds']>;
  attests: NonNullable<Row['attests']>;
}
type FlatCounts = NonNullable<EvidencePack['attests']>['states'];

const toPack = (r: Row): EvidencePack => ({
  id: r.id,
  siteId: r.siteId,
  state: r.state,
  done: r.done,
  total: r.total,
  requestedAt: r.requestedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  expiresAt: r.expiresAt?.toISOString() ?? null,
  error: r.error,
  files: r.contents?.length ?? 0,
  missing: r.missing ?? [],
  superseded: null,
  sha256: r.state === 'done' && r.contents ? packContentsDigest(r.contents) : null,
  attests: r.state === 'done' && r.attests ? { ...r.attests, states: r.attests.states as FlatCounts } : null,
});

export function evidencePacksRepository(db: Db) {
  /** When a report of the site last changed (its latest history entry): packs asked for before are out of date. */
  const lastReportChange = async (siteId: string) => {
    const [last] = await db
      .select({ at: auditLog.at })
      .from(auditLog)
      .where(and(eq(auditLog.siteId, siteId), eq(auditLog.entityType, 'report')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return last?.at ?? null;
  };
  return {
    /**
     * A new pack for the site, or undefined when one is already being made: the partial unique index lets the
     * database decide between two requests at once.
     */
    async insertUnlessBuilding(siteId: string, requestedBy: string | null): Promise<EvidencePack | undefined> {
      const [made] = await db
        .insert(evidencePacks)
        .values({ siteId, requestedBy })
        .onConflictDoNothing({ target: evidencePacks.siteId, where: sql`state IN ('queued', 'running')` })
        .returning();
      return made ? toPack(made) : undefined;
    },

    /** The site's pack being made, if any. */
    async building(siteId: string): Promise<EvidencePack | undefined> {
      const [running] = await db
        .select()
        .from(evidencePacks)
        .where(and(eq(evidencePacks.siteId, siteId), inArray(evidencePacks.state, ['queued', 'running'])));
      return running ? toPack(running) : undefined;
    },

    async get(id: string) {
      const [row] = await db.select().from(evidencePacks).where(eq(evidencePacks.id, id));
      if (!row) return undefined;
      // Superseded or not, judged against the packs asked for since.
      const since = await db
        .select()
        .from(evidencePacks)
        .where(and(eq(evidencePacks.siteId, row.siteId), gte(evidencePacks.requestedAt, row.requestedAt)))
        .orderBy(desc(evidencePacks.requestedAt));
      const marked = markSuperseded(since.map(toPack), await lastReportChange(row.siteId));
      const pack = marked.find((p) => p.id === id) ?? toPack(row);
      return { ...pack, contents: row.contents ?? [], requestedBy: row.requestedBy, holds: row.holds };
    },

    /** The site's packs, newest first. */
    async ofSite(siteId: string, limit = 5): Promise<EvidencePack[]> {
      const rows = await db
        .select()
        .from(evidencePacks)
        .where(eq(evidencePacks.siteId, siteId))
        .orderBy(desc(evidencePacks.requestedAt))
        .limit(limit);
      return markSuperseded(rows.map(toPack), await lastReportChange(siteId));
    },

    /**
     * The stored PDFs of these reports with their size and SHA-256, worked out by the database: a pack of a
     * thousand flats then never brings their bytes to the server, whose thread answers draft saves meanwhile.
     */
    async storedPdfDigests(
      reportIds: string[],
    ): Promise<Map<string, { fileId: string; size: number; sha256: string }>> {
      if (reportIds.length === 0) return new Map();
      const { rows } = (await db.execute(sql`
        SELECT r.id AS report_id, f.id AS file_id, f.size AS size,
          coalesce(f.sha256, encode(sha256(f.data), 'hex')) AS sha256
        FROM reports r JOIN files f ON f.id = r.pdf_file_id
        WHERE r.id IN (${sql.join(
          reportIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) AND (f.data IS NOT NULL OR (f.location = 's3' AND f.sha256 IS NOT NULL))`)) as unknown as {
        rows: { report_id: string; file_id: string; size: number | string; sha256: string }[];
      };
      return new Map(rows.map((r) => [r.report_id, { fileId: r.file_id, size: Number(r.size), sha256: r.sha256 }]));
    },

    /**
     * What a pack lists: the site's flats by address, and each flat's approved reports newest first (a pack is
     * handed to the client: approved work only, docs/product.md#evidence-pack). Read a page of
     * flats at a time, with `pause` between pages, so a large site's read lets other requests in on the way.
     */
    async sources(siteId: string, packId?: string, pause: () => Promise<unknown> = nextTurn) {
      const flats = (await db.execute(sql`
        SELECT id, address, block, floor FROM properties WHERE site_id = ${siteId} ORDER BY address_key, id`)) as unknown as {
        rows: { id: string; address: string; block: string; floor: string }[];
      };
      const list: {
        id: string;
        propertyId: string;
        propertyAddress: string;
        reference: string;
        reviewerName: string | null;
        latest: boolean;
        /** The HIU and heat meter the report identifies, for the asset register. */
        assets: { hiuModel: string; hiuSerial: string; meter: string; meterSerial: string };
      }[] = [];
      for (let i = 0; i < flats.rows.length; i += SOURCES_PAGE) {
        await pause();
        const page = flats.rows.slice(i, i + SOURCES_PAGE);
        const { rows } = (await db.execute(sql`
          SELECT r.id, r.property_id, r.reference, u.name AS reviewer_name, r.hiu_model, r.hiu_serial,
            concat_ws(' ', r.wizard_data->'cp1'->>'meterMake', r.wizard_data->'cp1'->>'meterModel') AS meter,
            coalesce(r.wizard_data->'cp1'->>'meterSerial', '') AS meter_serial
          FROM reports r LEFT JOIN users u ON u.id = r.reviewed_by
          WHERE r.site_id = ${siteId} AND r.review_state = 'approved' AND r.property_id IN (${sql.join(
            page.map((f) => sql`${f.id}::uuid`),
            sql`, `,
          )})
          ORDER BY r.property_id, r.completed_at DESC, r.id DESC`)) as unknown as {
          rows: {
            id: string;
            property_id: string;
            reference: string;
            reviewer_name: string | null;
            hiu_model: string;
            hiu_serial: string;
            meter: string;
            meter_serial: string;
          }[];
        };
        const byFlat = new Map<string, typeof rows>();
        for (const r of rows) {
          const mine = byFlat.get(r.property_id);
          if (mine) mine.push(r);
          else byFlat.set(r.property_id, [r]);
        }
        for (const f of page)
          for (const [nth, r] of (byFlat.get(f.id) ?? []).entries())
            list.push({
              id: r.id,
              propertyId: f.id,
              propertyAddress: f.address,
              reference: r.reference,
              reviewerName: r.reviewer_name,
              latest: nth === 0,
              assets: { hiuModel: r.hiu_model, hiuSerial: r.hiu_serial, meter: r.meter, meterSerial: r.meter_serial },
            });
      }
      const [requester] = packId
        ? (
            (await db.execute(sql`
            SELECT u.name FROM evidence_packs e JOIN users u ON u.id = e.requested_by WHERE e.id = ${packId}`)) as unknown as {
              rows: { name: string }[];
            }
          ).rows
        : [];
      return {
        flats: flats.rows,
        reports: list,
        latestIds: new Set(list.filter((r) => r.latest).map((r) => r.id)),
        byId: new Map(list.map((r) => [r.id, r])),
        requestedByName: requester?.name ?? null,
      };
    },

    /**
     * Every flat's reports but its newest, newest first: when, the result, and why another followed. Failure
     * reasons only of approved reports (the pack holds approved work); a send-back's reason is the reviewer's.
     */
    async earlierAttempts(siteId: string) {
      const { rows } = (await db.execute(sql`
        SELECT property_id, completed_at, overall_status, review_state, review_reason,
          CASE WHEN review_state = 'approved' THEN failure_reasons ELSE '[]'::jsonb END AS failure_reasons
        FROM (SELECT r.*, row_number() OVER (PARTITION BY property_id ORDER BY completed_at DESC, id DESC) AS nth
          FROM reports r WHERE site_id = ${siteId} AND property_id IS NOT NULL) x
        WHERE nth > 1 ORDER BY property_id, completed_at DESC, id DESC`)) as unknown as {
        rows: {
          property_id: string;
          completed_at: Date | string;
          overall_status: string;
          review_state: string;
          review_reason: string | null;
          failure_reasons: string[];
        }[];
      };
      return rows;
    },

    async progress(id: string, done: number, total: number) {
      await db.update(evidencePacks).set({ state: 'running', done, total }).where(eq(evidencePacks.id, id));
    },

    /** Marks the pack built; answers when. */
    async finish(
      id: string,
      contents: PackEntry[],
      missing: PackMissing,
      expiresAt: Date,
      record: PackRecord,
    ): Promise<Date> {
      const finishedAt = new Date();
      await db
        .update(evidencePacks)
        .set({ state: 'done', contents, missing, finishedAt, expiresAt, done: sql`total`, ...record })
        .where(eq(evidencePacks.id, id));
      return finishedAt;
    },

    async fail(id: string, error: string) {
      await db
        .update(evidencePacks)
        .set({ state: 'failed', error, finishedAt: new Date() })
        // A build that finished after all (its server was slow, not stopped) stays built.
        .where(and(eq(evidencePacks.id, id), inArray(evidencePacks.state, ['queued', 'running'])));
    },

    /** The row of one of the pack's own files the file store has placed; deleted with the pack when it expires. */
    async storeFile(row: ServerFileRow) {
      await db.insert(files).values(row);
    },

    /** Which of these stored files still exist (a report's PDF is replaced when it is reviewed or corrected). */
    async existingFiles(ids: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await db
          .select({ id: files.id })
          .from(files)
          .where(inArray(files.id, ids.slice(i, i + 1000)));
        for (const r of rows) found.add(r.id);
      }
      return found;
    },

    /** A file of the pack: its bytes, or where the file store keeps them (files/server-files.ts reads either). */
    async file(id: string): Promise<StoredBytes | undefined> {
      const [row] = await db
        .select({ id: files.id, data: files.data, sha256: files.sha256, location: files.location })
        .from(files)
        .where(eq(files.id, id));
      return row;
    },

    /** Deletes the packs past their expiry; answers how many and the files they held. */
    async deleteExpired(): Promise<{ count: number; fileIds: string[] }> {
      const gone = await db
        .delete(evidencePacks)
        .where(lt(evidencePacks.expiresAt, new Date()))
        .returning({ contents: evidencePacks.contents });
      return { count: gone.length, fileIds: gone.flatMap((g) => (g.contents ?? []).map((c) => c.fileId)) };
    },

    /**
     * Deletes these files when they are a pack's own (report PDFs stay with their reports); answers where their
     * bytes were, so the object store can drop them too.
     */
    async deletePackFiles(ids: string[]): Promise<{ sha256: string | null; location: FileLocation }[]> {
      const removed: { sha256: string | null; location: FileLocation }[] = [];
      for (let i = 0; i < ids.length; i += 1000)
        removed.push(
          ...(await db
            .delete(files)
            .where(and(inArray(files.id, ids.slice(i, i + 1000)), eq(files.kind, 'pack')))
            .returning({ sha256: files.sha256, location: files.location })),
        );
      return removed;
    },
  };
}
export type EvidencePacksRepository = ReturnType<typeof evidencePacksRepository>;
