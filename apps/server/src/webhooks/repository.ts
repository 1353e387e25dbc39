import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { WebhookDeliveryPage, WebhookEndpoint } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema.js';

type Row = typeof webhookEndpoints.$inferSelect;
const PAGE = 50;

export function toEndpoint(row: Row, last: WebhookEndpoint['lastDelivery'] = null): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    active: row.active,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    previousSecretUntil:
      row.previousSecretUntil && row.previousSecretUntil > new Date() ? row.previousSecretUntil.toISOString() : null,
    lastDelivery: last,
  };
}

/** What the audit log keeps of an endpoint: never its secret. */
export const audited = (row: Row) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  active: row.active,
});

export type WebhooksRepository = ReturnType<typeof webhooksRepository>;

/** How long an event and its delivery log are kept. */
export const WEBHOOK_EVENT_RETENTION_DAYS = 30;

export function webhooksRepository(db: Db) {
  const lastDeliveries = async () => {
    const { rows } = (await db.execute(sql`
      SELECT DISTINCT ON (endpoint_id) endpoint_id, at, ok, status_code
      FROM ${webhookDeliveries} ORDER BY endpoint_id, id DESC`)) as unknown as {
      rows: { endpoint_id: string; at: string | Date; ok: boolean; status_code: number | null }[];
    };
    return new Map(
      rows.map((r) => [r.endpoint_id, { at: new Date(r.at).toISOString(), ok: r.ok, statusCode: r.status_code }]),
    );
  };

  return {
    /**
     * Events (and their delivery log) older than `days`: long past their last retry (34 attempts over a day
     * and a half), kept a month for the log and Send again, then deleted so the tables do not grow forever.
     */
    async prune(days = WEBHOOK_EVENT_RETENTION_DAYS): Promise<number> {
      const gone = await db
        .delete(webhookEvents)
        .where(sql`${webhookEvents.createdAt} < now() - make_interval(days => ${days})`)
        .returning({ id: webhookEvents.id });
      return gone.length;
    },

    async list(): Promise<WebhookEndpoint[]> {
      const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.createdAt);
      const last = await lastDeliveries();
      return rows.map((r) => toEndpoint(r, last.get(r.id) ?? null));
    },

    async get(id: string): Promise<WebhookEndpoint | undefined> {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return row ? toEndpoint(row, (await lastDeliveries()).get(id) ?? null) : undefined;
    },

    async insert(
      input: { url: string; description: string; events: string[] },
      secret: string,
      createdBy: string | null,
    ) {
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ ...input, secret, createdBy })
        .returning();
      return row!;
    },

    /** Changes an endpoint; answers it as it was and as it is, or undefined when there is none. */
    async update(id: string, patch: { url?: string; description?: string; events?: string[]; active?: boolean }) {
      const [before] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
      if (!before) return undefined;
      const [row] = await db
        .update(webhookEndpoints)
        .set({ ...patch, ...(patch.active ? { disabledReason: null } : {}) })
        .where(eq(webhookEndpoints.id, id))
        .returning();
      return { before, row: row! };
    },

    async delete(id: string) {
      const [row] = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
      return row;
    },

    /** A new secret; the old one keeps signing beside it for a day, so receivers can switch. */
    async rotateSecret(id: string, secret: string) {
      const [before] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
      if (!before) return undefined;
      const [row] = await db
        .update(webhookEndpoints)
        .set({ secret, previousSecret: before.secret, previousSecretUntil: sql`now() + interval '24 hours'` })
        .where(eq(webhookEndpoints.id, id))
        .returning();
      return row!;
    },

    /** Whether the event was ever sent to the endpoint. */
    async wasSent(endpointId: string, eventId: string): Promise<boolean> {
      const [seen] = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.eventId, eventId)))
        .limit(1);
      return Boolean(seen);
    },

    /** Every attempt to the endpoint, newest first, a page at a time. */
    async deliveries(endpointId: string, cursor?: number): Promise<WebhookDeliveryPage> {
      const rows = await db
        .select({
          id: webhookDeliveries.id,
          eventId: webhookDeliveries.eventId,
          eventType: webhookEvents.type,
          attempt: webhookDeliveries.attempt,
          at: webhookDeliveries.at,
          ok: webhookDeliveries.ok,
          statusCode: webhookDeliveries.statusCode,
          durationMs: webhookDeliveries.durationMs,
          error: webhookDeliveries.error,
          responseExcerpt: webhookDeliveries.responseExcerpt,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            cursor === undefined ? undefined : lt(webhookDeliveries.id, cursor),
          ),
        )
        .orderBy(desc(webhookDeliveries.id))
        .limit(PAGE + 1);
      const items = rows.slice(0, PAGE).map((r) => ({ ...r, at: r.at.toISOString() }));
      return { items, nextCursor: rows.length > PAGE ? items.at(-1)!.id : null };
    },
  };
}
