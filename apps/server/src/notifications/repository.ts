import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { InboxEntry, NotificationKind } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { notifications, siteMembers, users } from '../db/schema.js';

export interface NewInboxEntry {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

const toEntry = (row: typeof notifications.$inferSelect): InboxEntry => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** The inbox's SQL (docs/product.md#notifications). */
export function notificationsRepository(db: Db) {
  return {
    /** Of `userIds`, the active people who belong to the site: only they hear of what happens on it. */
    async membersOf(siteId: string, userIds: string[]): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .select({ id: users.id })
        .from(siteMembers)
        .innerJoin(users, eq(users.id, siteMembers.userId))
        .where(
          and(
            eq(siteMembers.siteId, siteId),
            inArray(siteMembers.userId, userIds),
            eq(users.active, true),
            eq(users.kind, 'person'),
          ),
        );
      return rows.map((r) => r.id);
    },
    async add(entries: NewInboxEntry[]): Promise<void> {
      if (entries.length) await db.insert(notifications).values(entries);
    },
    /** My entries newest first, `limit` of them after the entry numbered `after`, and the number of the next page. */
    async page(userId: string, limit: number, after?: number): Promise<{ items: InboxEntry[]; next: string | null }> {
      const rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), after === undefined ? undefined : lt(notifications.seq, after)))
        .orderBy(desc(notifications.seq))
        .limit(limit + 1);
      const items = rows.slice(0, limit);
      return {
        items: items.map(toEntry),
        next: rows.length > limit ? String(items[items.length - 1]!.seq) : null,
      };
    },
    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },
    /** Marks one of my entries read; false when it is not mine or not there. */
    async markRead(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      if (rows.length) return true;
      const [mine] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
      return mine !== undefined;
    },
    async markAllRead(userId: string): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    },
  };
}
export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
