import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { PackIssue, Property, PropertyDeleteImpact, PropertyStatus, PropertyWithStatus } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { assignments, drafts, properties, reports } from '../db/schema.js';
import { chunks, rethrowUnique } from './sql-helpers.js';
import { propertyStatusQueries } from './property-status.js';
import { changedFields, writeAudit, type Actor } from './audit.js';
import { emitWebhookEvent } from '../webhooks/events.js';

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

    async create(
      input: { siteId: string; address: string; propertyType: string; block?: string; floor?: string },
      actor: Actor = null,
    ) {
      return db
        .transaction(async (tx): Promise<Property> => {
          const [row] = await tx.insert(properties).values(input).returning(columns);
          const { id, ...after } = row!;
          await writeAudit(tx, { actor, entityType: 'property', entityId: id, action: 'created', after });
          return row!;
        })
        .catch(rethrowUnique(ADDRESS_EXISTS, { address: ADDRESS_EXISTS }));
    },

    async update(
      id: string,
      patch: { address?: string; propertyType?: string; block?: string; floor?: string },
      actor: Actor = null,
    ) {
      return db
        .transaction(async (tx): Promise<Property | undefined> => {
          const [was] = await tx.select(columns).from(properties).where(eq(properties.id, id)).for('update');
          if (!was) return undefined;
          const [row] = await tx.update(properties).set(patch).where(eq(properties.id, id)).returning(columns);
          const change = changedFields(was, patch);
          if (Object.keys(change.after).length > 0)
            await writeAudit(tx, {
              actor,
              entityType: 'property',
              entityId: id,
              action: 'updated',
              siteId: was.siteId,
              ...change,
            });
          return row;
        })
        .catch(rethrowUnique(ADDRESS_EXISTS, { address: ADDRESS_EXISTS }));
    },

    async deleteImpact(id: string): Promise<PropertyDeleteImpact> {
      const [[d], [r]] = await Promise.all([
        db.select({ n: count() }).from(drafts).where(eq(drafts.propertyId, id)),
        db.select({ n: count() }).from(reports).where(eq(reports.propertyId, id)),
      ]);
      return { drafts: d?.n ?? 0, reports: r?.n ?? 0 };
    },

    /** Deletes the property and its drafts together; reports keep their copy (property_id set null). */
    async delete(id: string, actor: Actor = null): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.delete(drafts).where(eq(drafts.propertyId, id));
        const deleted = await tx.delete(properties).where(eq(properties.id, id)).returning(columns);
        const [was] = deleted;
        if (was) {
          const { id: _id, ...before } = was;
          await writeAudit(tx, { actor, entityType: 'property', entityId: id, action: 'deleted', before });
        }
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
    async createMany(
      siteId: string,
      rows: { address: string; propertyType: string; engineerId?: string; block?: string; floor?: string }[],
      actor: Actor = null,
    ): Promise<number> {
      await db
        .transaction(async (tx) => {
          for (const part of chunks(rows, 5000)) {
            const made = await tx
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
              .returning({ id: properties.id });
            // The import's "Assigned To" column: assigned in the same transaction, each with its history entry.
            const assigned = part.flatMap((r, i) =>
              r.engineerId
                ? [{ propertyId: made[i]!.id, siteId, engineerId: r.engineerId, assignedBy: actor?.id ?? null }]
                : [],
            );
            if (assigned.length === 0) continue;
            await tx.insert(assignments).values(assigned);
            const byEngineer = new Map<string, typeof assigned>();
            for (const a of assigned) {
              const list = byEngineer.get(a.engineerId) ?? [];
              list.push(a);
              byEngineer.set(a.engineerId, list);
            }
            for (const [engineerId, list] of byEngineer)
              await emitWebhookEvent(tx, 'property.assigned', {
                siteId,
                engineerId,
                dueDate: null,
                propertyIds: list.map((a) => a.propertyId),
                assignedBy: actor ? { id: actor.id, name: actor.name } : null,
              });
            await writeAudit(
              tx,
              assigned.map((a) => ({
                actor,
                entityType: 'assignment' as const,
                entityId: a.propertyId,
                action: 'assigned',
                after: { siteId, engineerId: a.engineerId, dueDate: null },
              })),
            );
          }
          // One entry per import: its rows are the import's own data, kept by the properties themselves.
          await writeAudit(tx, {
            actor,
            entityType: 'site',
            entityId: siteId,
            action: 'properties_imported',
            after: { count: rows.length },
          });
        })
        .catch(rethrowUnique(ADDRESS_EXISTS));
      return rows.length;
    },
  };
}
export type PropertiesRepository = ReturnType<typeof propertiesRepository>;
