import { and, count, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { InboxEntry, NotificationKind } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { jobs, notificationPreferences, notifications, siteMembers, users } from '../db/schema.js';
import { MAIL_JOB } from './mail-job-key.js';

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
    /** Of `userIds`, the active people (not the accounts API tokens act as). */
    async activePeople(userIds: string[]): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, userIds), eq(users.active, true), eq(users.kind, 'person')));
      return rows.map((r) => r.id);
    },
    async add(entries: NewInboxEntry[]): Promise<{ id: string; userId: string }[]> {
      if (entries.length === 0) return [];
      return db.insert(notifications).values(entries).returning({ id: notifications.id, userId: notifications.userId });
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
    /** An entry with the person it is for, to be emailed. */
    async forMail(id: string) {
      const [row] = await db
        .select({
          entry: {
            id: notifications.id,
            kind: notifications.kind,
            title: notifications.title,
            body: notifications.body,
            link: notifications.link,
          },
          userId: users.id,
          name: users.name,
          email: users.email,
          active: users.active,
        })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(eq(notifications.id, id));
      return row;
    },
    /** Whether the person wants email of this kind (yes until they say no), and its unsubscribe secret. */
    async emailPreference(userId: string, kind: NotificationKind) {
      await db.insert(notificationPreferences).values({ userId, kind }).onConflictDoNothing();
      const [row] = await db
        .select({ email: notificationPreferences.email, unsubscribeToken: notificationPreferences.unsubscribeToken })
        .from(notificationPreferences)
        .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
      return row!;
    },
    /** My choices, kind by kind (every kind is on until turned off). */
    async emailPreferences(userId: string): Promise<Map<string, boolean>> {
      const rows = await db
        .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      return new Map(rows.map((r) => [r.kind, r.email]));
    },
    async setEmail(userId: string, kind: NotificationKind, email: boolean): Promise<void> {
      await db
        .insert(notificationPreferences)
        .values({ userId, kind, email })
        .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { email } });
    },
    /** The one-click unsubscribe: turns the link's kind off for its person; false for an unknown link. */
    async unsubscribe(token: string): Promise<boolean> {
      const rows = await db
        .update(notificationPreferences)
        .set({ email: false })
        .where(eq(notificationPreferences.unsubscribeToken, token))
        .returning({ kind: notificationPreferences.kind });
      return rows.length > 0;
    },
    /**
     * Mails being retried after a refusal, and those that failed for good, newest first, with the SMTP server's
     * last answer: for admins.
     */
    async mailFailures(limit = 100) {
      return db
        .select({
          notificationId: sql<string>`${jobs.payload}->>'notificationId'`,
          to: users.email,
          subject: notifications.title,
          state: jobs.state,
          reason: jobs.lastError,
          attempts: jobs.attempts,
          maxAttempts: jobs.maxAttempts,
          nextAttemptAt: jobs.runAt,
          failedAt: jobs.finishedAt,
        })
        .from(jobs)
        .leftJoin(notifications, sql`${notifications.id}::text = ${jobs.payload}->>'notificationId'`)
        .leftJoin(users, eq(users.id, notifications.userId))
        .where(
          and(
            eq(jobs.kind, MAIL_JOB),
            or(eq(jobs.state, 'failed'), and(inArray(jobs.state, ['queued', 'running']), isNotNull(jobs.lastError))),
          ),
        )
        .orderBy(desc(jobs.createdAt))
        .limit(limit);
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
