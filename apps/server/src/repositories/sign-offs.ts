import { and, asc, eq } from 'drizzle-orm';
import type { SignOffBody, SiteSignOff, Witness, WitnessBody } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { properties, propertyWitnesses, siteSignOffs } from '../db/schema.js';
import { writeAudit, type Actor } from './audit.js';

const toSignOff = (r: typeof siteSignOffs.$inferSelect): SiteSignOff => ({
  id: r.id,
  name: r.name,
  role: r.role,
  comment: r.comment,
  signedAt: r.signedAt.toISOString(),
});

/** Handover sign-offs and witnessed flats (decision 185), each written with its history entry. */
export function signOffsRepository(db: Db) {
  return {
    async create(
      siteId: string,
      signer: NonNullable<Actor> & { role: string },
      body: Omit<SignOffBody, 'signature'> & { signature: Buffer },
    ): Promise<SiteSignOff> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(siteSignOffs)
          .values({
            siteId,
            userId: signer.id,
            name: body.name,
            role: signer.role,
            comment: body.comment,
            signature: body.signature,
          })
          .returning();
        await writeAudit(tx, {
          actor: signer,
          entityType: 'site',
          entityId: siteId,
          action: 'signed_off',
          after: { name: body.name, role: signer.role, ...(body.comment ? { comment: body.comment } : {}) },
        });
        return toSignOff(row!);
      });
    },

    async list(siteId: string): Promise<SiteSignOff[]> {
      const rows = await db
        .select()
        .from(siteSignOffs)
        .where(eq(siteSignOffs.siteId, siteId))
        .orderBy(asc(siteSignOffs.signedAt));
      return rows.map(toSignOff);
    },

    /** Every sign-off with its signature, for the evidence pack. */
    async withSignatures(siteId: string) {
      const rows = await db
        .select()
        .from(siteSignOffs)
        .where(eq(siteSignOffs.siteId, siteId))
        .orderBy(asc(siteSignOffs.signedAt));
      return rows.map((r) => ({ ...toSignOff(r), signature: r.signature }));
    },

    async signature(siteId: string, id: string): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ signature: siteSignOffs.signature })
        .from(siteSignOffs)
        .where(and(eq(siteSignOffs.siteId, siteId), eq(siteSignOffs.id, id)));
      return row?.signature;
    },

    async witness(property: { id: string; siteId: string }, body: WitnessBody, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const values = {
          witnessName: body.name,
          witnessRole: body.role,
          witnessedOn: body.date,
          markedBy: actor?.id ?? null,
        };
        await tx
          .insert(propertyWitnesses)
          .values({ propertyId: property.id, siteId: property.siteId, ...values })
          .onConflictDoUpdate({ target: propertyWitnesses.propertyId, set: { ...values, markedAt: new Date() } });
        await writeAudit(tx, {
          actor,
          entityType: 'property',
          entityId: property.id,
          action: 'witnessed',
          after: { name: body.name, role: body.role, date: body.date },
          siteId: property.siteId,
        });
      });
    },

    async unwitness(property: { id: string; siteId: string }, actor: Actor): Promise<boolean> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(propertyWitnesses)
          .where(eq(propertyWitnesses.propertyId, property.id))
          .returning();
        if (gone.length)
          await writeAudit(tx, {
            actor,
            entityType: 'property',
            entityId: property.id,
            action: 'unwitnessed',
            before: { name: gone[0]!.witnessName, role: gone[0]!.witnessRole, date: gone[0]!.witnessedOn },
            siteId: property.siteId,
          });
        return gone.length > 0;
      });
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
