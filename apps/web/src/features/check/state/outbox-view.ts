import type { CheckHost, OutboxSnapshot } from './check-host';
import { addressesByOp, readSentLog, recordSent } from './outbox-log';
import { dependentsOf, describeOp, plainError, type OutboxOp } from './outbox';

/**
 * What the outbox screen and the save badge show of the outbox's operations: this engineer's, with the property
 * each belongs to, what was sent lately, and what is refused or waits for something refused.
 */
export function outboxSnapshot(host: CheckHost, ops: OutboxOp[]): OutboxSnapshot {
  const user = host.user;
  const mine = ops.filter((o) => o.userId === user?.id);
  const address = addressesByOp(mine, host.snap.state);
  const failed = new Set(mine.filter((o) => o.status === 'failed').map((o) => o.id));
  return {
    pending: mine.length,
    failed: failed.size,
    refused: mine.filter((o) => failed.has(o.id) && !o.dependsOn.some((d) => failed.has(d))).length,
    online: host.deps.isOnline(),
    signedOut: mine.some((o) => o.lastStatus === 401),
    othersWaiting: user ? ops.length - mine.length : 0,
    sent: user ? readSentLog(host.deps.storage, user.id) : [],
    items: mine.map((o) => ({
      id: o.id,
      kind: o.kind,
      label: describeOp(o),
      property: address.get(o.id),
      createdAt: o.createdAt,
      attempts: o.attempts,
      status: o.status,
      lastError: o.lastError,
      problem: plainError(o),
      nextAttemptAt: o.nextAttemptAt,
      dependents: dependentsOf(mine, o.id).map((d) => ({
        id: d.id,
        label: describeOp(d),
        property: address.get(d.id),
      })),
    })),
  };
}

/** An operation of this engineer's reached the server: it joins the sent list (`known`: the outbox it was in). */
export function recordSentOp(host: CheckHost, known: OutboxOp[], op: OutboxOp): void {
  recordSent(host.deps.storage, {
    id: op.id,
    userId: op.userId,
    label: describeOp(op),
    property: addressesByOp([...known, op], host.snap.state).get(op.id),
    sentAt: new Date(host.now()).toISOString(),
  });
}
