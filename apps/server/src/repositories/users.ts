import { and, count, eq, gt, lt, or } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Role, User } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { sessions, signInFailures, users } from '../db/schema.js';
import { changedFields, writeAudit, type Actor } from './audit.js';

const SESSION_DAYS = 14;

function toUser(row: typeof users.$inferSelect): User {
  return { id: row.id, email: row.email, name: row.name, role: row.role, active: row.active };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Sessions kept in memory at once; beyond that the least recently used are looked up again. */
const SESSION_CACHE_ENTRIES = 10_000;

/**
 * Every API call reads its session; on the embedded database that read was a third of a draft save.
 * A signed-in session is remembered for `sessionCacheMs` (decision 095). Everything this process does to
 * a session or user (sign-out, deactivation, new password, role or name change) forgets it at once, so a
 * single server behaves exactly as without the cache; another server sharing the database sees such a
 * change within `sessionCacheMs`. Unknown tokens are never cached, so forged cookies cannot fill it.
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
  return {
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },
    async list(): Promise<User[]> {
      return (await db.select().from(users).orderBy(users.name)).map(toUser);
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
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values(input).returning();
        const user = toUser(row!);
        const { id: _id, ...after } = user;
        await writeAudit(tx, { actor, entityType: 'user', entityId: user.id, action: 'created', after });
        return user;
      });
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
    async update(
      id: string,
      patch: Partial<{ name: string; role: Role; active: boolean; passwordHash: string }>,
      actor: Actor = null,
    ) {
      const row = await db.transaction(async (tx) => {
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
        return row;
      });
      forgetUser(id); // after the writes, so no lookup that read before them keeps what it read
      return row && toUser(row);
    },
    async countActiveAdmins(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.active, true)));
      return row?.n ?? 0;
    },

    async createSession(userId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + SESSION_DAYS * 86400_000);
      await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
      return { token, expiresAt };
    },
    async userForSession(token: string): Promise<User | undefined> {
      const id = hashToken(token);
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
    },
    async deleteSession(token: string) {
      await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
      forgetSession(hashToken(token));
    },

    async recentFailures(email: string, ip: string, since: Date) {
      const [byEmail] = await db
        .select({ n: count() })
        .from(signInFailures)
        .where(and(eq(signInFailures.email, email), gt(signInFailures.createdAt, since)));
      const [byIp] = await db
        .select({ n: count() })
        .from(signInFailures)
        .where(and(eq(signInFailures.ip, ip), gt(signInFailures.createdAt, since)));
      return { email: byEmail?.n ?? 0, ip: byIp?.n ?? 0 };
    },
    async recordFailure(email: string, ip: string) {
      await db.insert(signInFailures).values({ email, ip });
      await db.delete(signInFailures).where(lt(signInFailures.createdAt, new Date(Date.now() - 86400_000)));
    },
    async clearFailures(email: string) {
      await db.delete(signInFailures).where(or(eq(signInFailures.email, email)));
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
