import { and, count, eq, gt, lt, or } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Role, User } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { sessions, signInFailures, users } from '../db/schema.js';

const SESSION_DAYS = 14;

function toUser(row: typeof users.$inferSelect): User {
  return { id: row.id, email: row.email, name: row.name, role: row.role, active: row.active };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function usersRepository(db: Db) {
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
    async create(input: { email: string; name: string; role: Role; passwordHash: string }): Promise<User> {
      const [row] = await db.insert(users).values(input).returning();
      return toUser(row!);
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
        return toUser(row!);
      });
    },
    async update(id: string, patch: Partial<{ name: string; role: Role; active: boolean; passwordHash: string }>) {
      const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
      if (row && (patch.active === false || patch.passwordHash))
        await db.delete(sessions).where(eq(sessions.userId, id));
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
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, new Date()), eq(users.active, true)));
      return row && toUser(row.user);
    },
    async deleteSession(token: string) {
      await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
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
