import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { isUuid, REPORT_CSV_FORMAT, reportCsvLine, reportReference, type DesignParameters } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { auditLog, drafts, files, properties, reportCsvLines, reports, sites } from '../db/schema.js';

export type NewReport = typeof reports.$inferInsert;

export interface ImageFile {
  id: string;
  ownerId: string | null;
  kind: string;
  contentType: string;
  size: number;
}

/** What a submit reads and writes: the site it names, its files, its number and the report with its CSV line. */
export function reportSubmitRepository(db: Db) {
  return {
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
              .select({ id: properties.id, address: properties.address, type: properties.propertyType })
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
        /** The flat's type as the office holds it: it picks the flat's own design values. */
        propertyType: property?.type ?? null,
        /** When the site was created: no check of it can be older. */
        createdAt: site?.createdAt ?? null,
        autoApprovePassing: site?.autoApprovePassing ?? false,
        keepOriginalPhotos: site?.keepOriginalPhotos ?? false,
        testPack: site?.testPack ?? 'standard',
      };
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

    /** A new report reference: numbered by the database, so concurrent submits never share one. */
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

    /** The id of the property's latest report when that was sent back: a new report is its re-test. */
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
  };
}
