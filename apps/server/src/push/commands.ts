import type { PushSubscriptionBody } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { runCommand } from '../db/unit-of-work.js';
import type { Actor } from '../history/entries.js';
import { pushRepository } from './repository.js';

// A phone's subscription is a setting of that phone, not an event of the work: no history entry is written.

export function subscribeToPush(
  db: Db,
  actor: NonNullable<Actor>,
  sessionId: string,
  subscription: PushSubscriptionBody,
) {
  return runCommand(db, actor, ({ tx }) => pushRepository(tx).save(actor.id, sessionId, subscription));
}

export function unsubscribeFromPush(db: Db, actor: NonNullable<Actor>, endpoint: string) {
  return runCommand(db, actor, ({ tx }) => pushRepository(tx).remove(endpoint));
}
