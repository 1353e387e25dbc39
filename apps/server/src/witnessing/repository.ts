import { and, desc, eq, sql } from 'drizzle-orm';
import type { DwellingReading, Ranges, ReviewState, WitnessRecord } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { properties, siteSamplingPlans, witnessRecords } from '../db/schema.js';

const rows = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

type RecordRow = typeof witnessRecords.$inferSelect & { address: string };

const toRecord = (r: RecordRow): WitnessRecord => ({
  id: r.id,
  reportId: r.reportId,
  propertyId: r.propertyId,
  address: r.address,
  name: r.name,
  role: r.role,
  date: r.witnessedOn,
  readings: r.readings as DwellingReading[],
  failed: r.failed,
  signatureSha256: r.signatureSha256,
  recordedAt: r.recordedAt.toISOString(),
});

const recordColumns = {
  id: witnessRecords.id,
  siteId: witnessRecords.siteId,
  propertyId: witnessRecords.propertyId,
  reportId: witnessRecords.reportId,
  userId: witnessRecords.userId,
  name: witnessRecords.name,
  role: witnessRecords.role,
  witnessedOn: witnessRecords.witnessedOn,
  readings: witnessRecords.readings,
  failed: witnessRecords.failed,
  signature: witnessRecords.signature,
  signatureSha256: witnessRecords.signatureSha256,
  recordedAt: witnessRecords.recordedAt,
  address: properties.address,
};

/** Witness records of reports and each site's sampling plan (docs/product.md#witnessing-and-sampling): SQL only. */
export function witnessingRepository(db: Db) {
  return {
    /** What witnessing a report needs of it: its site and flat, its review state, ranges and test pack. */
    async report(id: string) {
      const [row] = await rows<{
        id: string;
        site_id: string;
        property_id: string | null;
        review_state: ReviewState;
        ranges: Ranges;
        test_pack: { id: string; version: number } | null;
      }>(
        db,
        sql`SELECT id, site_id, property_id, review_state, ranges, wizard_data->'testPack' AS test_pack
          FROM reports WHERE id = ${id}`,
      );
      return row;
    },

    async insert(values: typeof witnessRecords.$inferInsert, address: string): Promise<WitnessRecord> {
      const [row] = await db.insert(witnessRecords).values(values).returning();
      return toRecord({ ...row!, address });
    },

    /** A report's witness records, newest first. */
    async ofReport(reportId: string): Promise<WitnessRecord[]> {
      const found = await db
        .select(recordColumns)
        .from(witnessRecords)
        .innerJoin(properties, eq(properties.id, witnessRecords.propertyId))
        .where(eq(witnessRecords.reportId, reportId))
        .orderBy(desc(witnessRecords.recordedAt));
      return found.map(toRecord);
    },

    /** Each flat's newest witness record on the site, by flat. */
    async latestBySite(siteId: string): Promise<Map<string, WitnessRecord>> {
      const found = await db
        .selectDistinctOn([witnessRecords.propertyId], recordColumns)
        .from(witnessRecords)
        .innerJoin(properties, eq(properties.id, witnessRecords.propertyId))
        .where(eq(witnessRecords.siteId, siteId))
        .orderBy(witnessRecords.propertyId, desc(witnessRecords.recordedAt));
      return new Map(found.map((r) => [r.propertyId, toRecord(r)]));
    },

    async signature(siteId: string, id: string): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ signature: witnessRecords.signature })
        .from(witnessRecords)
        .where(and(eq(witnessRecords.siteId, siteId), eq(witnessRecords.id, id)));
      return row?.signature;
    },

    async rate(siteId: string): Promise<number | null> {
      const [row] = await db
        .select({ rate: siteSamplingPlans.rate })
        .from(siteSamplingPlans)
        .where(eq(siteSamplingPlans.siteId, siteId));
      return row?.rate ?? null;
    },

    async setRate(siteId: string, rate: number | null, by: string | null) {
      if (rate === null) {
        await db.delete(siteSamplingPlans).where(eq(siteSamplingPlans.siteId, siteId));
        return;
      }
      await db
        .insert(siteSamplingPlans)
        .values({ siteId, rate, setBy: by })
        .onConflictDoUpdate({ target: siteSamplingPlans.siteId, set: { rate, setBy: by, setAt: new Date() } });
    },

    /**
     * The site's flats as the sampling plan reads them: address, block and type, whether the latest report is
     * approved or failed, and whether the flat is witnessed (a record of a witness, or an earlier mark).
     */
    flats(siteId: string) {
      return rows<{
        id: string;
        address: string;
        block: string;
        property_type: string;
        report_id: string | null;
        review_state: ReviewState | null;
        overall_status: 'PASS' | 'FAIL' | 'PENDING' | null;
        marked: boolean;
        witness_failed: boolean | null;
      }>(
        db,
        sql`SELECT p.id, p.address, p.block, p.property_type, r.id AS report_id, r.review_state, r.overall_status,
            EXISTS (SELECT 1 FROM property_witnesses w WHERE w.property_id = p.id) AS marked,
            (SELECT wr.failed FROM witness_records wr WHERE wr.property_id = p.id
              ORDER BY wr.recorded_at DESC LIMIT 1) AS witness_failed
          FROM properties p
          LEFT JOIN LATERAL (SELECT id, review_state, overall_status FROM reports
            WHERE property_id = p.id ORDER BY completed_at DESC, id DESC LIMIT 1) r ON true
          WHERE p.site_id = ${siteId} ORDER BY p.address_key, p.id`,
      );
    },
  };
}
export type WitnessingRepository = ReturnType<typeof witnessingRepository>;
