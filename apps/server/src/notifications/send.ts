import type { NotificationKind } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { notificationsRepository } from './repository.js';

/** An event for the people it concerns; only those who belong to the site hear of it. */
export interface Notice {
  siteId: string;
  userIds: string[];
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

/** Writes each notice's inbox entries in the command's transaction (db/unit-of-work.ts). */
export async function writeNotices(tx: Db, notices: Notice[]): Promise<void> {
  const repo = notificationsRepository(tx);
  for (const { siteId, userIds, ...entry } of notices) {
    const recipients = await repo.membersOf(siteId, [...new Set(userIds)]);
    await repo.add(recipients.map((userId) => ({ ...entry, userId })));
  }
}
