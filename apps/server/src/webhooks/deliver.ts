import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../db/client.js';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema.js';
import type { JobHandler, HandlerWithFailurePath } from '../jobs/queue/runner.js';
import { urlProblem } from '../http/outbound/target-safety.js';
import { postOutbound, type OutboundAnswer } from '../http/outbound/post.js';

/** A delivery waits this long for the whole answer; a receiver should answer at once and work later. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Of the answer, the first 500 characters are kept in the log. */
const EXCERPT = 500;

/** The webhook-signature header: the current secret's signature, and the previous one's while it overlaps. */
export function signatures(
  endpoint: { secret: string; previousSecret: string | null; previousSecretUntil: Date | null },
  id: string,
  at: Date,
  body: string,
): string {
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > at)
    secrets.push(endpoint.previousSecret);
  return secrets.map((s) => new Webhook(s).sign(id, at, body)).join(' ');
}

/**
 * Sends one event to one endpoint and logs the attempt. A refused or failed attempt throws, so the queue
 * tries again with backoff; when the last attempt (a day on) fails, the endpoint is turned off with the reason.
 */
export function webhookDeliveryJob(db: Db, allowPrivate: boolean): HandlerWithFailurePath {
  const run: JobHandler = async (job) => {
    const { eventId, endpointId } = job.payload as { eventId: string; endpointId: string };
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
    // Deleted, or turned off (a test event goes to a turned-off endpoint too): nothing to send.
    if (!endpoint || !event || (!endpoint.active && event.type !== 'webhook.test')) return;
    const body = JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.payload });
    const at = new Date();
    const started = performance.now();
    const problem = urlProblem(endpoint.url, allowPrivate);
    const answer: OutboundAnswer = problem
      ? { statusCode: null, body: '', error: problem }
      : await postOutbound(
          new URL(endpoint.url),
          body,
          {
            'content-type': 'application/json',
            'webhook-id': event.id,
            'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
            'webhook-signature': signatures(endpoint, event.id, at, body),
            'user-agent': 'HIU-Commissioning-Webhooks/1',
          },
          { allowPrivate, timeoutMs: DELIVERY_TIMEOUT_MS },
        );
    const ok = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
    await db.insert(webhookDeliveries).values({
      endpointId,
      eventId,
      attempt: job.attempt,
      at,
      statusCode: answer.statusCode,
      durationMs: Math.round(performance.now() - started),
      ok,
      error: answer.error,
      responseExcerpt: answer.body ? answer.body.slice(0, EXCERPT) : null,
    });
    if (ok) return;
    throw new Error(answer.error ?? `The endpoint answered ${answer.statusCode}`);
  };
  return {
    run,
    // The last attempt failed, or its server stopped: the endpoint is turned off with the reason.
    failed: async (job, reason) => {
      await db
        .update(webhookEndpoints)
        .set({
          active: false,
          disabledReason: `Turned off after ${job.attempt} failed attempts over more than a day to deliver one event. Last: ${reason}`,
        })
        .where(eq(webhookEndpoints.id, String(job.payload.endpointId)));
    },
  };
}
