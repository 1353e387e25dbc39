import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { PushSubscriptionBody } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { notifications, pushSubscriptions, sessions, users } from '../db/schema.js';

/** Push subscriptions' SQL (docs/product.md#push-notifications). */
export function pushRepository(db: Db) {
  return {
    /**
     * Keeps a subscription for a person, bound to the session that made it (ended with it); an address already
     * known moves to them and that session with its new keys.
     */
    async save(userId: string, sessionId: string, { endpoint, keys }: PushSubscriptionBody): Promise<void> {
      await db
        .insert(pushSubscriptions)
        .values({ userId, sessionId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, sessionId, p256dh: keys.p256dh, auth: keys.auth, updatedAt: sql`now()` },
        });
    },
    /**
     * Removes the subscription at an address, whoever it was for: only the browser holding a subscription knows
     * its address, so a browser that presents it may stop what reaches it (another person's, on a shared phone).
     */
    async remove(endpoint: string): Promise<boolean> {
      const gone = await db
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint))
        .returning({ id: pushSubscriptions.id });
      return gone.length > 0;
    },
    /** A subscription the push service said is gone. */
    async removeById(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },
    async ofUsers(userIds: string[]): Promise<{ id: string; userId: string }[]> {
      if (userIds.length === 0) return [];
      return db
        .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .innerJoin(sessions, and(eq(sessions.id, pushSubscriptions.sessionId), gt(sessions.expiresAt, sql`now()`)))
        .where(inArray(pushSubscriptions.userId, userIds));
    },
    /**
     * An inbox entry and the subscription to push it to, while both exist, the subscription is still its person's,
     * the session that made it has not expired and their account is active; otherwise undefined.
     */
    async forPush(notificationId: string, subscriptionId: string) {
      const [row] = await db
        .select({
          id: notifications.id,
          title: notifications.title,
          body: notifications.body,
          link: notifications.link,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(notifications)
        .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, notifications.userId))
        .innerJoin(users, eq(users.id, notifications.userId))
        .innerJoin(sessions, and(eq(sessions.id, pushSubscriptions.sessionId), gt(sessions.expiresAt, sql`now()`)))
        .where(
          and(eq(notifications.id, notificationId), eq(pushSubscriptions.id, subscriptionId), eq(users.active, true)),
        );
      return row;
    },
  };
}
