import { and, eq, gt, isNull } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { User } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { apiTokens, sessions, users } from '../db/schema.js';
import { accountsRepository, hashToken, toUser } from './repository.js';

const SESSION_DAYS = 14;

/** Sessions kept in memory at once; beyond that the least recently used are looked up again. */
const SESSION_CACHE_ENTRIES = 10_000;

/**
 * Every API call reads its session; on the embedded database that read was a third of a draft save.
 * A signed-in session is remembered for `sessionCacheMs`. Everything this process does to
 * a session or user (sign-out, deactivation, new password, role or name change) forgets it at once, so a
 * single server behaves exactly as without the cache. The same change is announced on SESSION_CHANNEL in the
 * command that makes it (users/commands.ts), so every other server forgets it as soon as it hears; if a
 * server's listener is down, the cache time still bounds what it remembers. Unknown tokens are never cached,
 * so forged cookies cannot fill it.
 */
function sessionCache(ttlMs: number) {
  if (ttlMs <= 0) return undefined;
  return new LRUCache<string, { user: User; expiresAt: number }>({ max: SESSION_CACHE_ENTRIES, ttl: ttlMs });
}

export function usersRepository(db: Db, opts: { sessionCacheMs?: number } = {}) {
  const cached = sessionCache(opts.sessionCacheMs ?? 0);
  // Bumped by every change; a lookup that overlapped one does not cache what it read (it may be stale).
  let changes = 0;
  const forgetUser = (userId: string) => {
    changes++;
    if (!cached) return;
    for (const [key, entry] of cached.entries()) if (entry.user.id === userId) cached.delete(key);
  };
  const forgetSession = (id: string) => {
    changes++;
    cached?.delete(id);
  };
  // A token's last use, written at most once a minute per token so reads stay reads.
  const touched = new Map<string, number>();
  const touch = (userId: string) => {
    const now = Date.now();
    if ((touched.get(userId) ?? 0) > now - 60_000) return;
    touched.set(userId, now);
    void db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiTokens.userId, userId))
      .catch(() => touched.delete(userId));
  };
  /** A session's user, found by the token's hash (a request's credential is hashed once, http/credential.ts). */
  async function userForSessionHash(id: string): Promise<User | undefined> {
    const hit = cached?.get(id);
    if (hit && hit.expiresAt > Date.now()) return hit.user;
    const seen = changes;
    const [row] = await db
      .select({ user: users, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date()), eq(users.active, true)));
    if (!row) return undefined;
    const user = toUser(row.user);
    if (seen === changes) cached?.set(id, { user, expiresAt: row.expiresAt.getTime() });
    return user;
  }
  /**
   * The account an API token acts as, by the token's hash, remembered like a session: unknown,
   * revoked or expired tokens answer undefined. A revocation announces the account's change, so every server
   * forgets it.
   */
  async function userForApiTokenHash(tokenHash: string): Promise<User | undefined> {
    const id = `token:${tokenHash}`;
    const hit = cached?.get(id);
    if (hit && hit.expiresAt > Date.now()) {
      touch(hit.user.id);
      return hit.user;
    }
    const seen = changes;
    const [row] = await db
      .select({ user: users, expiresAt: apiTokens.expiresAt })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(
        and(
          eq(apiTokens.tokenHash, tokenHash),
          isNull(apiTokens.revokedAt),
          gt(apiTokens.expiresAt, new Date()),
          eq(users.active, true),
        ),
      );
    if (!row) return undefined;
    const user = toUser(row.user);
    if (seen === changes) cached?.set(id, { user, expiresAt: row.expiresAt.getTime() });
    touch(user.id);
    return user;
  }
  return {
    ...accountsRepository(db),
    /**
     * Forgets what is remembered of the user. Called after a change to them has committed, so no lookup that read
     * before the change keeps what it read.
     */
    forgetUser,
    async createSession(userId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + SESSION_DAYS * 86400_000);
      await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
      return { token, expiresAt };
    },
    userForSession: (token: string) => userForSessionHash(hashToken(token)),
    userForSessionHash,
    userForApiTokenHash,
    /** Forgets a session ended by a command (users/commands.ts `signOut`), once its change has committed. */
    forgetSession,
    /** A change announced by some server (SESSION_CHANNEL): forget what it affects. */
    heard(notice: string) {
      const [kind, id] = notice.split(':');
      if (!id) return;
      if (kind === 'user') forgetUser(id);
      else if (kind === 'session') forgetSession(id);
    },
    /** Notices may have been missed: forget every remembered session. */
    forgetAll() {
      changes++;
      cached?.clear();
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
