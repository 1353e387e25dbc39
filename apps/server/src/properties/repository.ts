import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { PackIssue, Property, PropertyDeleteImpact, PropertyStatus, PropertyWithStatus } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { drafts, properties, reports } from '../db/schema.js';
import { chunks, rethrowUnique } from '../repositories/sql-helpers.js';
import { propertyStatusQueries } from './status-queries.js';

export const ADDRESS_EXISTS = 'A property with this address already exists at this site';

const columns = {
  id: properties.id,
  siteId: properties.siteId,
  address: properties.address,
  propertyType: properties.propertyType,
  block: properties.block,
  floor: properties.floor,
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
      propertyType?: string;
      limit: number;
      offset: number;
      approvedOnly?: boolean;
    }): Promise<{ items: PropertyWithStatus[]; total: number }> {
      if (query.status) return statuses.pageWithStatus({ ...query, status: query.status });
      return statuses.page({ ...query, q: query.q?.trim() || undefined });
    },

    siteProgress: statuses.siteProgress,

    /** The issues list of the property's latest report, only the items not yet resolved. */
    async latestOpenIssues(propertyId: string): Promise<PackIssue[]> {
      const [row] = (
        (await db.execute(sql`SELECT wizard_data->'cp1'->'issues' AS issues FROM reports
          WHERE property_id = ${propertyId} ORDER BY completed_at DESC, id DESC LIMIT 1`)) as unknown as {
          rows: { issues: PackIssue[] | null }[];
        }
      ).rows;
      return (row?.issues ?? []).filter((i) => !i.resolved);
    },

    async byId(id: string): Promise<Property | undefined> {
      const [row] = await db.select(columns).from(properties).where(eq(properties.id, id));
      return row;
    },

    async insert(input: { siteId: string; address: string; propertyType: string; block?: string; floor?: string }) {
      const [row] = await db
        .insert(properties)
        .values(input)
        .returning(columns)
        .catch(rethrowUnique(ADDRESS_EXISTS, { address: ADDRESS_EXISTS }));
      return row!;
    },

    /** Changes a property; answers it as it was and as it is, or undefined when there is none. */
    async update(id: string, patch: { address?: string; propertyType?: string; block?: string; floor?: string }) {
      const [was] = await db.select(columns).from(properties).where(eq(properties.id, id)).for('update');
      if (!was) return undefined;
      const [now] = await db
        .update(properties)
        .set(patch)
        .where(eq(properties.id, id))
        .returning(columns)
        .catch(rethrowUnique(ADDRESS_EXISTS, { address: ADDRESS_EXISTS }));
      return { was, now: now! };
    },

    async deleteImpact(id: string): Promise<PropertyDeleteImpact> {
      const [[d], [r]] = await Promise.all([
        db.select({ n: count() }).from(drafts).where(eq(drafts.propertyId, id)),
        db.select({ n: count() }).from(reports).where(eq(reports.propertyId, id)),
      ]);
      return { drafts: d?.n ?? 0, reports: r?.n ?? 0 };
    },

    /** Deletes the property and its drafts (in the caller's transaction); reports keep their copy (property_id set null). */
    async delete(id: string): Promise<Property | undefined> {
      await db.delete(drafts).where(eq(drafts.propertyId, id));
      const [was] = await db.delete(properties).where(eq(properties.id, id)).returning(columns);
      return was;
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

    /** Inserts the rows (in the caller's transaction) and answers their ids in the same order. */
    async insertMany(
      siteId: string,
      rows: { address: string; propertyType: string; block?: string; floor?: string }[],
    ): Promise<string[]> {
      const ids: string[] = [];
      for (const part of chunks(rows, 5000)) {
        const made = await db
          .insert(properties)
          .values(
            part.map((r) => ({
              siteId,
              address: r.address,
              propertyType: r.propertyType,
              block: r.block ?? '',
              floor: r.floor ?? '',
            })),
          )
          .returning({ id: properties.id })
          .catch(rethrowUnique(ADDRESS_EXISTS));
        ids.push(...made.map((m) => m.id));
      }
      return ids;
    },
  };
}
export type PropertiesRepository = ReturnType<typeof propertiesRepository>;
