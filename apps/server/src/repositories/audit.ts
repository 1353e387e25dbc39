import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { isUuid, type AuditEntry } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import { chunks } from './sql-helpers.js';

/** A database handle or an open transaction: audit entries are written in the change's own transaction. */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who made a change; null for the system itself (a migration, an automatic approval has its own actor). */
export type Actor = { id: string; name: string } | null;

export interface AuditInput {
  actor: Actor;
  entityType:
    'user' | 'site' | 'site_member' | 'property' | 'report' | 'assignment' | 'draft' | 'webhook' | 'api_token';
  entityId: string;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
  /** The site and property the change belongs to; taken from the entity or its fields when not given. */
  siteId?: string | null;
  propertyId?: string | null;
}

const uuidLike = (v: unknown): string | null => (typeof v === 'string' && isUuid(v) ? v.toLowerCase() : null);

/** Where an entry belongs, as migration 0024 filled it for the entries written before it. */
function belongsTo(e: AuditInput): { siteId: string | null; propertyId: string | null } {
  const own = (types: string[]) => (types.includes(e.entityType) ? uuidLike(e.entityId) : null);
  return {
    siteId: e.siteId ?? own(['site', 'site_member']) ?? uuidLike(e.after?.siteId) ?? uuidLike(e.before?.siteId) ?? null,
    propertyId: e.propertyId ?? own(['property', 'assignment']) ?? uuidLike(e.after?.propertyId) ?? null,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `patch` whose value differs from `before`, as they were and as they are. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined || same(before[key], value)) continue;
    was[key] = before[key] ?? null;
    now[key] = value;
  }
  return { before: was, after: now };
}

export async function writeAudit(tx: Tx, entries: AuditInput | AuditInput[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  for (const part of chunks(list, 1000)) {
    if (part.length === 0) continue;
    await tx.insert(auditLog).values(
      part.map((e) => ({
        actorId: e.actor?.id ?? null,
        actorName: e.actor?.name ?? 'System',
        entityType: e.entityType,
        entityId: e.entityId,
        action: e.action,
        before: e.before ?? null,
        after: e.after ?? null,
        reason: e.reason ?? null,
        ...belongsTo(e),
      })),
    );
  }
}

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

export function auditRepository(db: Db) {
  return {
    /** One page, newest first, keyset-paged by id (ids only grow). */
    async list(q: AuditFilter & { before?: number; limit: number }) {
      const where: SQL | undefined = and(filterSql(q), q.before ? lt(auditLog.id, q.before) : undefined);
      const rows = await db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(q.limit + 1);
      const items: AuditEntry[] = rows.slice(0, q.limit).map((r) => ({ ...r, at: r.at.toISOString() }));
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
