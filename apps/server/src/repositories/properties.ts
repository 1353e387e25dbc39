import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Property, PropertyDeleteImpact, PropertyStatus, PropertyWithStatus } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { drafts, properties, reports } from '../db/schema.js';
import { chunks, containsIgnoringCase, rethrowUnique } from './sql-helpers.js';
import { propertyStatusQueries } from './property-status.js';

export const ADDRESS_EXISTS = 'A property with this address already exists at this site';

const columns = {
  id: properties.id,
  siteId: properties.siteId,
  address: properties.address,
  propertyType: properties.propertyType,
};

export function propertiesRepository(db: Db) {
  const statuses = propertyStatusQueries(db);
  return {
    /**
     * One page of a site's properties in address order, searched by address (contains, case-insensitive),
     * each with where it stands; with `status`, only the properties standing there.
     */
    async list(query: {
      siteId: string;
      q?: string;
      status?: PropertyStatus;
      limit: number;
      offset: number;
    }): Promise<{ items: PropertyWithStatus[]; total: number }> {
      if (query.status) return statuses.pageWithStatus({ ...query, status: query.status });
      // Unfiltered, the page comes from the address index first and only its rows get a status.
      const q = query.q?.trim();
      const where: SQL | undefined = and(
        eq(properties.siteId, query.siteId),
        q ? containsIgnoringCase(sql`${properties.address}`, q) : undefined,
      );
      const [items, [totalRow]] = await Promise.all([
        db
          .select(columns)
          .from(properties)
          .where(where)
          .orderBy(asc(properties.addressKey), asc(properties.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ n: count() }).from(properties).where(where),
      ]);
      return { items: await statuses.forIds(items.map((p) => p.id)), total: totalRow?.n ?? 0 };
    },

    siteProgress: statuses.siteProgress,

    async byId(id: string): Promise<Property | undefined> {
      const [row] = await db.select(columns).from(properties).where(eq(properties.id, id));
      return row;
    },

    async create(input: { siteId: string; address: string; propertyType: string }): Promise<Property> {
      const [row] = await db
        .insert(properties)
        .values(input)
        .returning(columns)
        .catch(rethrowUnique(ADDRESS_EXISTS, { address: ADDRESS_EXISTS }));
      return row!;
    },

    async update(id: string, patch: { address?: string; propertyType?: string }): Promise<Property | undefined> {
      const [row] = await db
        .update(properties)
        .set(patch)
        .where(eq(properties.id, id))
        .returning(columns)
        .catch(rethrowUnique(ADDRESS_EXISTS, { address: ADDRESS_EXISTS }));
      return row;
    },

    async deleteImpact(id: string): Promise<PropertyDeleteImpact> {
      const [[d], [r]] = await Promise.all([
        db.select({ n: count() }).from(drafts).where(eq(drafts.propertyId, id)),
        db.select({ n: count() }).from(reports).where(eq(reports.propertyId, id)),
      ]);
      return { drafts: d?.n ?? 0, reports: r?.n ?? 0 };
    },

    /** Deletes the property and its drafts together; reports keep their copy (property_id set null). */
    async delete(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.delete(drafts).where(eq(drafts.propertyId, id));
        const deleted = await tx.delete(properties).where(eq(properties.id, id)).returning({ id: properties.id });
        return deleted.length > 0;
      });
    },

    /** Which of these addresses (lower-cased) the site already has. */
    async existingAddresses(siteId: string, addresses: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (const part of chunks(
        addresses.map((a) => a.toLowerCase()),
        1000,
      )) {
        const rows = await db
          .select({ a: sql<string>`lower(${properties.address})` })
          .from(properties)
          .where(and(eq(properties.siteId, siteId), inArray(sql`lower(${properties.address})`, part)));
        for (const r of rows) found.add(r.a);
      }
      return found;
    },

    /** Inserts all or none. */
    async createMany(siteId: string, rows: { address: string; propertyType: string }[]): Promise<number> {
      await db
        .transaction(async (tx) => {
          for (const part of chunks(rows, 5000))
            await tx.insert(properties).values(part.map((r) => ({ siteId, ...r })));
        })
        .catch(rethrowUnique(ADDRESS_EXISTS));
      return rows.length;
    },
  };
}
export type PropertiesRepository = ReturnType<typeof propertiesRepository>;
