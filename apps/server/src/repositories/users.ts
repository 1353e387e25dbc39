import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Role, User } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { apiTokens, sessions, users } from '../db/schema.js';
import { SESSION_CHANNEL } from '../db/notifications.js';
import { changedFields, writeAudit, type Actor } from './audit.js';
import { rethrowUnique } from './sql-helpers.js';

export const EMAIL_EXISTS = 'A user with this email already exists';

const SESSION_DAYS = 14;

function toUser(row: typeof users.$inferSelect): User {
  return { id: row.id, email: row.email, name: row.name, role: row.role, active: row.active };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Sessions kept in memory at once; beyond that the least recently used are looked up again. */
const SESSION_CACHE_ENTRIES = 10_000;

/**
 * Every API call reads its session; on the embedded database that read was a third of a draft save.
 * A signed-in session is remembered for `sessionCacheMs` (decision 095). Everything this process does to
 * a session or user (sign-out, deactivation, new password, role or name change) forgets it at once, so a
 * single server behaves exactly as without the cache. The same change is announced on SESSION_CHANNEL in its
 * own transaction, so every other server on the database forgets it as soon as it hears (decision 110); if a
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
  // Told to every server, this one included, when the transaction commits.
  const announce = (tx: Pick<Db, 'execute'>, notice: string) =>
    tx.execute(sql`SELECT pg_notify(${SESSION_CHANNEL}, ${notice})`);
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
   * The account an API token acts as (decision 170), by the token's hash, remembered like a session: unknown,
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
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },
    /** People, not the accounts API tokens act as (decision 170). */
    async list(): Promise<User[]> {
      return (await db.select().from(users).where(eq(users.kind, 'person')).orderBy(users.name)).map(toUser);
    },
    async isPerson(id: string): Promise<boolean> {
      const [row] = await db.select({ kind: users.kind }).from(users).where(eq(users.id, id));
      return row?.kind === 'person';
    },
    async byId(id: string): Promise<User | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row && toUser(row);
    },
    async withHashByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },
    /** The account and its history are written together (a new engineer joins every site: decision 145). */
    async create(
      input: { email: string; name: string; role: Role; passwordHash: string },
      actor: Actor = null,
    ): Promise<User> {
      // The unique email index decides between two adds of one address at once; both are told the same.
      return db
        .transaction(async (tx) => {
          const [row] = await tx.insert(users).values(input).returning();
          const user = toUser(row!);
          const { id: _id, ...after } = user;
          await writeAudit(tx, { actor, entityType: 'user', entityId: user.id, action: 'created', after });
          return user;
        })
        .catch(rethrowUnique(EMAIL_EXISTS, { email: EMAIL_EXISTS }));
    },
    /** Creates the first admin only while there are no users, in one statement so two visitors cannot both win. */
    async createFirstAdmin(input: { email: string; name: string; passwordHash: string }): Promise<User | undefined> {
      return db.transaction(async (tx) => {
        await tx.execute('LOCK TABLE users IN EXCLUSIVE MODE');
        const [existing] = await tx.select({ n: count() }).from(users);
        if ((existing?.n ?? 0) > 0) return undefined;
        const [row] = await tx
          .insert(users)
          .values({ ...input, role: 'admin' })
          .returning();
        const user = toUser(row!);
        const { id: _id, ...after } = user;
        await writeAudit(tx, { actor: user, entityType: 'user', entityId: user.id, action: 'created', after });
        return user;
      });
    },
    /**
     * Changes a user, unless the change would leave no active admin ('last_admin'). Decided in one transaction
     * that first locks every active admin's row, so two admins removing each other at once are taken in turn
     * and the second sees the first's change.
     */
    async update(
      id: string,
      patch: Partial<{ name: string; role: Role; active: boolean; passwordHash: string }>,
      actor: Actor = null,
    ): Promise<User | undefined | 'last_admin'> {
      const result = await db.transaction(async (tx) => {
        if (patch.active === false || (patch.role !== undefined && patch.role !== 'admin')) {
          const admins = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.role, 'admin'), eq(users.active, true)))
            .for('update');
          if (admins.length <= 1 && admins.some((a) => a.id === id)) return 'last_admin' as const;
        }
        const [was] = await tx.select().from(users).where(eq(users.id, id)).for('update');
        const [row] = await tx.update(users).set(patch).where(eq(users.id, id)).returning();
        if (row && (patch.active === false || patch.passwordHash))
          await tx.delete(sessions).where(eq(sessions.userId, id));
        if (was && row) {
          const { passwordHash: _h, ...visible } = patch;
          const change = changedFields(toUser(was), visible);
          // A new password is recorded as changed, never its hash.
          if (patch.passwordHash) change.after.password = 'changed';
          if (Object.keys(change.after).length > 0)
            await writeAudit(tx, { actor, entityType: 'user', entityId: id, action: 'updated', ...change });
        }
        if (row) await announce(tx, `user:${id}`);
        return row && toUser(row);
      });
      forgetUser(id); // after the writes, so no lookup that read before them keeps what it read
      return result;
    },
    async createSession(userId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + SESSION_DAYS * 86400_000);
      await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
      return { token, expiresAt };
    },
    userForSession: (token: string) => userForSessionHash(hashToken(token)),
    userForSessionHash,
    userForApiTokenHash,
    async deleteSession(token: string) {
      const id = hashToken(token);
      await db.transaction(async (tx) => {
        await tx.delete(sessions).where(eq(sessions.id, id));
        await announce(tx, `session:${id}`);
      });
      forgetSession(id);
    },
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
