import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { listenForNotices, READ_CHANNEL, SESSION_CHANNEL } from '../db/notifications.js';
import type { UsersRepository } from '../users/sessions.js';
import { noticeTags, type ResponseCache } from './cache.js';
import { waitForOwnNotices } from './writes-wait-for-their-notices.js';

/**
 * What other servers and the database announce: sessions ended or users changed, and which
 * cached answers a change made stale. On PostgreSQL a connection of its own listens; a
 * write's answer waits until this server has heard its own change, so the caller's next read sees it. The
 * embedded database hears its notices in process, as each commit returns.
 */
export async function listenForChanges(
  app: FastifyInstance,
  opts: { config: Config; database: Database; users: UsersRepository; answers: ResponseCache },
) {
  const { config, database, users, answers } = opts;
  const heardRead = (payload: string) => answers.changed(noticeTags(payload));
  if (database.kind === 'pglite' && database.listen) {
    if (config.responseCache.maxBytes === 0) return;
    const stop = await database.listen(READ_CHANNEL, heardRead);
    answers.setLive(true);
    app.addHook('onClose', async () => {
      answers.setLive(false);
      await stop().catch(() => undefined); // the database may be closed first
    });
    return;
  }
  const wanted = config.sessionCacheMs > 0 || config.responseCache.maxBytes > 0;
  if (!config.databaseUrl || !wanted) return;
  const listener = listenForNotices({
    databaseUrl: config.databaseUrl,
    channels: { [SESSION_CHANNEL]: (notice) => users.heard(notice), [READ_CHANNEL]: heardRead },
    onLive: (live) => {
      users.forgetAll();
      answers.setLive(live);
    },
    warn: (message) => app.log.warn(message),
  });
  await listener.ready;
  app.addHook('onClose', () => listener.close());
  if (config.responseCache.maxBytes > 0) waitForOwnNotices(app, () => listener.settle());
}
