import { randomBytes } from 'node:crypto';
import { and, arrayContains, eq } from 'drizzle-orm';
import type { WebhookEventType } from '@hiu/domain';
import { webhookEndpoints, webhookEvents } from '../db/schema.js';
import { enqueueJob, type NewJob } from '../jobs/queue/store.js';
import type { Tx } from '../db/client.js';

export const WEBHOOK_DELIVERY_JOB = 'webhook.deliver';
/** Attempts over a little more than 24 hours with the queue's backoff (10 s doubling to an hour). */
export const WEBHOOK_MAX_ATTEMPTS = 34;

/** A new signing secret in the Standard Webhooks form. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The job of one delivery of an event to one endpoint; `again` makes a resend its own job. */
export const deliveryJob = (eventId: string, endpointId: string, again = ''): NewJob => ({
  kind: WEBHOOK_DELIVERY_JOB,
  key: `webhook:${eventId}:${endpointId}${again ? `:${again}` : ''}`,
  payload: { eventId, endpointId },
  maxAttempts: WEBHOOK_MAX_ATTEMPTS,
});

/**
 * Records an event in the caller's transaction, with a delivery queued to every active endpoint that asked
 * for it: the change and its event commit together or not at all. The payload is kept as it
 * is now, so a delivery retried later sends what happened, not what the data has become.
 */
export async function emitWebhookEvent(
  tx: Tx,
  type: WebhookEventType,
  data: Record<string, unknown>,
  onlyEndpoint?: string,
): Promise<string | null> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      onlyEndpoint
        ? eq(webhookEndpoints.id, onlyEndpoint)
        : and(eq(webhookEndpoints.active, true), arrayContains(webhookEndpoints.events, [type])),
    );
  if (endpoints.length === 0) return null;
  const [event] = await tx.insert(webhookEvents).values({ type, payload: data }).returning({ id: webhookEvents.id });
  for (const e of endpoints) await enqueueJob(tx, deliveryJob(event!.id, e.id));
  return event!.id;
}
