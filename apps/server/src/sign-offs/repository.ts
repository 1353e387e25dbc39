import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { SignOffBody, SignOffScope, SiteSignOff, Witness, WitnessBody } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { evidencePacks, properties, propertyWitnesses, siteSignOffs } from '../db/schema.js';
import { packContentsDigest } from '../evidence-packs/contents-digest.js';
import { coverageOf, scopeDigest, type SignedReport } from './scope.js';

const toSignOff = (r: typeof siteSignOffs.$inferSelect): SiteSignOff => ({
  id: r.id,
  name: r.name,
  role: r.role,
  comment: r.comment,
  signedAt: r.signedAt.toISOString(),
  coveredFlats: r.covers ? r.covers.length : null,
  totalFlats: r.totalFlats,
  digest: r.coversDigest,
  pack:
    r.packSha256 && r.packBuiltAt ? { id: r.packId, sha256: r.packSha256, builtAt: r.packBuiltAt.toISOString() } : null,
  exception: r.exception,
  newerPack: null,
});

/** The built pack a sign-off signs: what the pack holds, and the pack's own identity (decision 256). */
export interface SignedPack {
  id: string;
  sha256: string;
  builtAt: Date;
  flats: number;
  holds: SignedReport[];
}

/** Handover sign-offs and witnessed flats. */
export function signOffsRepository(db: Db) {
  return {
    async insert(
      siteId: string,
      signer: { id: string; role: string },
      body: Omit<SignOffBody, 'signature' | 'packId'> & { signature: Buffer },
      pack: SignedPack,
    ): Promise<SiteSignOff> {
      const [row] = await db
        .insert(siteSignOffs)
        .values({
          siteId,
          userId: signer.id,
          name: body.name,
          role: signer.role,
          comment: body.comment,
          signature: body.signature,
          covers: pack.holds,
          totalFlats: pack.flats,
          coversDigest: scopeDigest(pack.holds),
          packId: pack.id,
          packSha256: pack.sha256,
          packBuiltAt: pack.builtAt,
          exception: body.exception ?? null,
        })
        .returning();
      return toSignOff(row!);
    },

    /**
     * The site's sign-offs, each signed pack compared with the site's newest built pack when that is another:
     * the flats it holds that the sign-off does not cover, in address order (docs/product.md#evidence-pack).
     */
    async list(siteId: string): Promise<SiteSignOff[]> {
      const rows = await db
        .select()
        .from(siteSignOffs)
        .where(eq(siteSignOffs.siteId, siteId))
        .orderBy(asc(siteSignOffs.signedAt));
      const [newest] = await db
        .select({
          id: evidencePacks.id,
          holds: evidencePacks.holds,
          contents: evidencePacks.contents,
          finishedAt: evidencePacks.finishedAt,
        })
        .from(evidencePacks)
        .where(and(eq(evidencePacks.siteId, siteId), eq(evidencePacks.state, 'done')))
        .orderBy(desc(evidencePacks.requestedAt))
        .limit(1);
      if (!newest?.holds || !newest.contents || !newest.finishedAt) return rows.map(toSignOff);
      const flats = await db
        .select({ id: properties.id, address: properties.address })
        .from(properties)
        .where(eq(properties.siteId, siteId))
        .orderBy(asc(properties.addressKey), asc(properties.id));
      const order = new Map(flats.map((f, i) => [f.id, i]));
      const address = new Map(flats.map((f) => [f.id, f.address]));
      const newer = { sha256: packContentsDigest(newest.contents), builtAt: newest.finishedAt.toISOString() };
      return rows.map((r) => {
        const s = toSignOff(r);
        if (!r.packSha256 || !r.covers || r.packId === newest.id) return s;
        const notCovered = coverageOf(r.covers, newest.holds!)
          .notCovered.toSorted((a, b) => (order.get(a.propertyId) ?? 0) - (order.get(b.propertyId) ?? 0))
          .map((x) => address.get(x.propertyId) ?? 'A deleted flat');
        return { ...s, newerPack: { ...newer, notCovered } };
      });
    },

    /** Every sign-off with its signature, for the evidence pack. */
    async withSignatures(siteId: string) {
      const rows = await db
        .select()
        .from(siteSignOffs)
        .where(eq(siteSignOffs.siteId, siteId))
        .orderBy(asc(siteSignOffs.signedAt));
      return rows.map((r) => ({ ...toSignOff(r), signature: r.signature, covers: r.covers }));
    },

    /**
     * What a sign-off made now would sign: each flat's latest approved report at its revision,
     * the reports an evidence pack holds in reports/, and the number of the site's flats.
     */
    async scope(siteId: string): Promise<SignOffScope> {
      const { rows } = (await db.execute(sql`
        SELECT DISTINCT ON (property_id) id AS "reportId", property_id AS "propertyId", revision
        FROM reports WHERE site_id = ${siteId} AND review_state = 'approved' AND property_id IS NOT NULL
        ORDER BY property_id, completed_at DESC, id DESC`)) as unknown as { rows: SignedReport[] };
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(properties)
        .where(eq(properties.siteId, siteId));
      const reports = rows.map((r) => ({
        reportId: r.reportId,
        propertyId: r.propertyId,
        revision: Number(r.revision),
      }));
      return { coveredFlats: reports.length, totalFlats: count?.n ?? 0, digest: scopeDigest(reports), reports };
    },

    /** The addresses of the site's reports awaiting review, in address order (a report of no flat: its address). */
    async awaitingReview(siteId: string): Promise<string[]> {
      const { rows } = (await db.execute(sql`
        SELECT coalesce(p.address, r.wizard_data->>'address', 'A flat') AS address
        FROM reports r LEFT JOIN properties p ON p.id = r.property_id
        WHERE r.site_id = ${siteId} AND r.review_state = 'awaiting_review'
        ORDER BY p.address_key NULLS LAST, r.completed_at`)) as unknown as { rows: { address: string }[] };
      return rows.map((r) => r.address);
    },

    async signature(siteId: string, id: string): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ signature: siteSignOffs.signature })
        .from(siteSignOffs)
        .where(and(eq(siteSignOffs.siteId, siteId), eq(siteSignOffs.id, id)));
      return row?.signature;
    },

    /** Marks the flat witnessed, replacing an earlier mark. */
    async witness(property: { id: string; siteId: string }, body: WitnessBody, markedBy: string | null) {
      const values = { witnessName: body.name, witnessRole: body.role, witnessedOn: body.date, markedBy };
      await db
        .insert(propertyWitnesses)
        .values({ propertyId: property.id, siteId: property.siteId, ...values })
        .onConflictDoUpdate({ target: propertyWitnesses.propertyId, set: { ...values, markedAt: new Date() } });
    },

    /** Takes the flat's witness mark off; answers the mark as it was, or undefined. */
    async unwitness(propertyId: string) {
      const [gone] = await db.delete(propertyWitnesses).where(eq(propertyWitnesses.propertyId, propertyId)).returning();
      return gone;
    },

    async witnesses(siteId: string): Promise<Witness[]> {
      const rows = await db
        .select({
          propertyId: propertyWitnesses.propertyId,
          address: properties.address,
          name: propertyWitnesses.witnessName,
          role: propertyWitnesses.witnessRole,
          date: propertyWitnesses.witnessedOn,
        })
        .from(propertyWitnesses)
        .innerJoin(properties, eq(properties.id, propertyWitnesses.propertyId))
        .where(eq(propertyWitnesses.siteId, siteId))
        .orderBy(asc(properties.addressKey));
      return rows;
    },
  };
}
export type SignOffsRepository = ReturnType<typeof signOffsRepository>;
