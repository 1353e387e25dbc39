import { and, count, eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Role, User } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { SESSION_CHANNEL } from '../db/notifications.js';

export const EMAIL_EXISTS = 'A user with this email already exists';

export type UserRow = typeof users.$inferSelect;
export type UserPatch = Partial<{ name: string; role: Role; active: boolean; passwordHash: string }>;

export function toUser(row: UserRow): User {
  return { id: row.id, email: row.email, name: row.name, role: row.role, active: row.active };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The accounts' SQL, over the database or one transaction of it: no transactions, no history. */
export function accountsRepository(db: Db) {
  return {
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },
    /** People, not the accounts API tokens act as. */
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
    async withHashByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },
    async insert(input: { email: string; name: string; role: Role; passwordHash: string }): Promise<User> {
      const [row] = await db.insert(users).values(input).returning();
      return toUser(row!);
    },
    /** Held until the transaction ends: a second first-admin set-up waits and then sees the first. */
    async lockTable(): Promise<void> {
      await db.execute('LOCK TABLE users IN EXCLUSIVE MODE');
    },
    /** Every active admin's id, their rows locked until the transaction ends. */
    async lockActiveAdmins(): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.active, true)))
        .for('update');
      return rows.map((r) => r.id);
    },
    async lockById(id: string): Promise<User | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
      return row && toUser(row);
    },
    async update(id: string, patch: UserPatch): Promise<User | undefined> {
      const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
      return row && toUser(row);
    },
    /** Signs the user out everywhere. */
    async endSessions(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
    /** Told to every server, this one included, when the transaction commits. */
    async announceChange(userId: string): Promise<void> {
      await db.execute(sql`SELECT pg_notify(${SESSION_CHANNEL}, ${`user:${userId}`})`);
    },
    /** Ends one session (signing out), by its token's hash. */
    async deleteSession(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    /** Told to every server, this one included, when the transaction commits: each forgets the session. */
    async announceSessionEnded(id: string): Promise<void> {
      await db.execute(sql`SELECT pg_notify(${SESSION_CHANNEL}, ${`session:${id}`})`);
    },
  };
}
export type AccountsRepository = ReturnType<typeof accountsRepository>;
