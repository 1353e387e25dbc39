import type { Db } from '../db/client.js';
import { runCommand } from '../db/unit-of-work.js';
import type { Actor } from '../history/entries.js';
import { deliveryJob, emitWebhookEvent, newWebhookSecret } from './events.js';
import { audited, toEndpoint, webhooksRepository } from './repository.js';

/** An endpoint and its secret, shown once. */
export function createWebhook(db: Db, actor: Actor, input: { url: string; description: string; events: string[] }) {
  return runCommand(db, actor, async ({ tx, record }) => {
    const secret = newWebhookSecret();
    const row = await webhooksRepository(tx).insert(input, secret, actor?.id ?? null);
    record({ entityType: 'webhook', entityId: row.id, action: 'created', after: audited(row) });
    return { ...toEndpoint(row), secret };
  });
}

export function updateWebhook(
  db: Db,
  actor: Actor,
  id: string,
  patch: { url?: string; description?: string; events?: string[]; active?: boolean },
) {
  return runCommand(db, actor, async ({ tx, record }) => {
    const changed = await webhooksRepository(tx).update(id, patch);
    if (!changed) return undefined;
    record({
      entityType: 'webhook',
      entityId: id,
      action: 'updated',
      before: audited(changed.before),
      after: audited(changed.row),
    });
    return toEndpoint(changed.row);
  });
}

/** False when there is no such endpoint. */
export function deleteWebhook(db: Db, actor: Actor, id: string) {
  return runCommand(db, actor, async ({ tx, record }) => {
    const row = await webhooksRepository(tx).delete(id);
    if (!row) return false;
    record({ entityType: 'webhook', entityId: id, action: 'deleted', before: audited(row) });
    return true;
  });
}

/** A new secret, shown once; the old one keeps signing beside it for a day. */
export function rotateWebhookSecret(db: Db, actor: Actor, id: string) {
  return runCommand(db, actor, async ({ tx, record }) => {
    const secret = newWebhookSecret();
    const row = await webhooksRepository(tx).rotateSecret(id, secret);
    if (!row) return undefined;
    record({ entityType: 'webhook', entityId: id, action: 'secret_rotated' });
    return { ...toEndpoint(row), secret };
  });
}

/**
 * A test event to this endpoint only, delivered like any other; its id is answered at once, so it is written
 * here rather than with the unit of work's events (which go to every endpoint that asked for their type).
 */
export function sendTestEvent(db: Db, actor: Actor, id: string) {
  return runCommand(db, actor, ({ tx }) =>
    emitWebhookEvent(
      tx,
      'webhook.test',
      { endpointId: id, message: 'A test event from HIU Commissioning', sentBy: actor?.name ?? null },
      id,
    ),
  );
}

/** Sends an event to the endpoint again (a new job; the webhook-id stays the event's); false if it never was. */
export function resendDelivery(db: Db, actor: Actor, endpointId: string, eventId: string) {
  return runCommand(db, actor, async ({ tx, enqueue }) => {
    if (!(await webhooksRepository(tx).wasSent(endpointId, eventId))) return false;
    enqueue(deliveryJob(eventId, endpointId, `again:${Date.now()}`));
    return true;
  });
}
