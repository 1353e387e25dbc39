import type { NotificationKind } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { enqueueJob } from '../jobs/queue/store.js';
import { notificationsRepository } from './repository.js';
import { MAIL_JOB, mailJobKey } from './mail-job-key.js';

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
 * send email, one mail job per entry: a change that rolls back sends nothing, and a mail waits in the queue
 * while the SMTP server is down.
 */
export async function writeNotices(tx: Db, notices: Notice[], opts: { mail: boolean }): Promise<void> {
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
  }
}
