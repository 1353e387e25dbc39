import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditEntry } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { auditLog, properties, reports, sites, users } from '../db/schema.js';

export interface AuditFilter {
  entityType?: string;
  entityId?: string;
  siteId?: string;
  propertyId?: string;
  actorId?: string;
  action?: string;
  /** Inclusive days (UTC), YYYY-MM-DD. */
  from?: string;
  to?: string;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

function filterSql(q: AuditFilter): SQL | undefined {
  return and(
    q.entityType ? eq(auditLog.entityType, q.entityType) : undefined,
    q.entityId ? eq(auditLog.entityId, q.entityId) : undefined,
    q.siteId ? eq(auditLog.siteId, q.siteId) : undefined,
    q.propertyId ? eq(auditLog.propertyId, q.propertyId) : undefined,
    q.actorId ? eq(auditLog.actorId, q.actorId) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.from ? gte(auditLog.at, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lt(auditLog.at, nextDay(q.to)) : undefined,
  );
}

/** A text that is a uuid as a uuid, else null: a join on it can use the primary key and never fails a cast. */
const asUuid = (text: SQL) =>
  sql`CASE WHEN ${text} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN (${text})::uuid END`;

export function auditRepository(db: Db) {
  const person = alias(users, 'person');
  const previousPerson = alias(users, 'previous_person');
  const retested = alias(reports, 'retested');
  return {
    /**
     * One page, newest first, keyset-paged by id (ids only grow), with the names its ids stand for: the page
     * is cut first, then each of its entries looks its names up by primary key, all in one statement.
     */
    async list(q: AuditFilter & { before?: number; limit: number }) {
      const where: SQL | undefined = and(filterSql(q), q.before ? lt(auditLog.id, q.before) : undefined);
      const a = db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(q.limit + 1)
        .as('a');
      const ofReport = sql`CASE WHEN ${a.entityType} = 'report' THEN ${a.entityId} END`;
      // The person an entry is about: the account, the member, the assigned engineer, the draft's engineer.
      const personId = sql`CASE ${a.entityType}
          WHEN 'user' THEN ${a.entityId}
          WHEN 'site_member' THEN coalesce(${a.after}->>'userId', ${a.before}->>'userId')
          WHEN 'assignment' THEN coalesce(${a.after}->>'engineerId', ${a.before}->>'engineerId')
          WHEN 'draft' THEN ${a.before}->>'engineerId' END`;
      const previousId = sql`CASE WHEN ${a.entityType} = 'assignment' AND ${a.action} = 'assigned'
          THEN ${a.before}->>'engineerId' END`;
      const rows = await db
        .select({
          id: a.id,
          at: a.at,
          actorId: a.actorId,
          actorName: a.actorName,
          entityType: a.entityType,
          entityId: a.entityId,
          action: a.action,
          before: a.before,
          after: a.after,
          reason: a.reason,
          siteId: a.siteId,
          propertyId: a.propertyId,
          // A report keeps its own copy of its site's name and flat's address (they may since be deleted).
          siteName: sql<string | null>`coalesce(${sites.name}, ${reports.siteName})`,
          propertyAddress: sql<string | null>`coalesce(${properties.address}, ${reports.propertyAddress})`,
          reportReference: reports.reference,
          personName: person.name,
          previousPersonName: previousPerson.name,
          retestOfReference: retested.reference,
        })
        .from(a)
        .leftJoin(sites, eq(sites.id, a.siteId))
        .leftJoin(properties, eq(properties.id, a.propertyId))
        .leftJoin(reports, sql`${reports.id} = ${asUuid(ofReport)}`)
        .leftJoin(person, sql`${person.id} = ${asUuid(personId)}`)
        .leftJoin(previousPerson, sql`${previousPerson.id} = ${asUuid(previousId)}`)
        .leftJoin(
          retested,
          sql`${retested.id} = ${asUuid(sql`CASE WHEN ${a.entityType} = 'report' THEN ${a.after}->>'retestOf' END`)}`,
        )
        .orderBy(desc(a.id));
      const items: AuditEntry[] = rows.slice(0, q.limit).map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        actorId: r.actorId,
        actorName: r.actorName,
        entityType: r.entityType,
        entityId: r.entityId,
        action: r.action,
        before: r.before,
        after: r.after,
        reason: r.reason,
        siteId: r.siteId,
        propertyId: r.propertyId,
        names: {
          site: r.siteName,
          property: r.propertyAddress,
          report: r.reportReference,
          person: r.personName,
          previousPerson: r.previousPersonName,
          retestOf: r.retestOfReference,
        },
      }));
      const last = items[items.length - 1];
      return { items, nextBefore: rows.length > q.limit && last ? last.id : null };
    },

    /** Every matching entry, newest first, a batch at a time (the CSV export). */
    async *batches(q: AuditFilter, size = 2000): AsyncGenerator<AuditEntry[]> {
      let before: number | undefined;
      for (;;) {
        const page = await this.list({ ...q, before, limit: size });
        if (page.items.length) yield page.items;
        if (page.nextBefore === null) return;
        before = page.nextBefore;
      }
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
