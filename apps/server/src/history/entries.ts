import { isUuid } from '@hiu/domain';
import type { Tx } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import { chunks } from '../repositories/sql-helpers.js';

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
