import type { NotificationKind } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { enqueueJob } from '../jobs/queue/store.js';
import { notificationsRepository } from './repository.js';
import { MAIL_JOB, mailJobKey } from './mail-job-key.js';
import { PUSH_JOB, pushJobKey } from '../push/push-job-key.js';
import { pushRepository } from '../push/repository.js';

/**
 * An event for the people it concerns: of a site's, only those who belong to the site hear of it; of a person's
 * own account (no site), only that person while their account is active.
 */
export interface Notice {
  siteId: string | null;
  userIds: string[];
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

/**
 * Writes each notice's inbox entries in the command's transaction (db/unit-of-work.ts) and, when the servers
 * send email, one mail job per entry, and when they send push, one push job per entry and subscribed phone: a
 * change that rolls back sends nothing, and a message waits in the queue while its server is down.
 */
export async function writeNotices(tx: Db, notices: Notice[], opts: { mail: boolean; push: boolean }): Promise<void> {
  const repo = notificationsRepository(tx);
  for (const { siteId, userIds, ...entry } of notices) {
    const named = [...new Set(userIds)];
    const recipients = siteId ? await repo.membersOf(siteId, named) : await repo.activePeople(named);
    const ids = await repo.add(recipients.map((userId) => ({ ...entry, userId })));
    if (opts.mail)
      for (const { id, userId } of ids)
        await enqueueJob(tx, {
          kind: MAIL_JOB,
          key: mailJobKey(id),
          payload: { notificationId: id },
          ownerId: userId,
          maxAttempts: 8,
        });
    if (opts.push) {
      const phones = await pushRepository(tx).ofUsers(ids.map((e) => e.userId));
      for (const { id, userId } of ids)
        for (const phone of phones.filter((p) => p.userId === userId))
          await enqueueJob(tx, {
            kind: PUSH_JOB,
            key: pushJobKey(id, phone.id),
            payload: { notificationId: id, subscriptionId: phone.id },
            ownerId: userId,
            maxAttempts: 6,
          });
    }
  }
}
