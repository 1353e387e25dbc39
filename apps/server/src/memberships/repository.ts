import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SiteMember } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { siteMembers, users } from '../db/schema.js';
import { statement } from '../db/statements.js';

/** Asked before most reads of a site's data (site-access.ts). */
const membership = statement<{ one: number }, 'siteId' | 'userId'>(
  'site_membership',
  sql`SELECT 1 AS one FROM ${siteMembers}
      WHERE ${siteMembers.siteId} = ${sql.placeholder('siteId')} AND ${siteMembers.userId} = ${sql.placeholder('userId')}`,
);

/**
 * Who belongs to which site. Engineers are members of every site unless an admin takes
 * them off: triggers (migration 0019) add every active engineer to a new site and a new engineer to every site.
 */
export function membersRepository(db: Db) {
  return {
    async isMember(siteId: string, userId: string): Promise<boolean> {
      return (await membership.run(db, { siteId, userId })).length > 0;
    },

    /** Which of these sites the user belongs to. */
    async memberSites(userId: string, siteIds: string[]): Promise<Set<string>> {
      if (siteIds.length === 0) return new Set();
      const rows = await db
        .select({ siteId: siteMembers.siteId })
        .from(siteMembers)
        .where(and(eq(siteMembers.userId, userId), inArray(siteMembers.siteId, siteIds)));
      return new Set(rows.map((r) => r.siteId));
    },

    async list(siteId: string): Promise<SiteMember[]> {
      const rows = await db
        .select({
          userId: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
          active: users.active,
          addedAt: siteMembers.createdAt,
        })
        .from(siteMembers)
        .innerJoin(users, eq(users.id, siteMembers.userId))
        .where(eq(siteMembers.siteId, siteId))
        .orderBy(asc(users.name), asc(users.id));
      return rows.map((r) => ({ ...r, addedAt: r.addedAt.toISOString() }));
    },

    /** Adds the user to the site; false when they already were a member. */
    async add(siteId: string, userId: string): Promise<boolean> {
      const added = await db
        .insert(siteMembers)
        .values({ siteId, userId })
        .onConflictDoNothing()
        .returning({ siteId: siteMembers.siteId });
      return added.length > 0;
    },

    /** Takes the user off the site; false when they were not a member. */
    async remove(siteId: string, userId: string): Promise<boolean> {
      const removed = await db
        .delete(siteMembers)
        .where(and(eq(siteMembers.siteId, siteId), eq(siteMembers.userId, userId)))
        .returning({ siteId: siteMembers.siteId });
      return removed.length > 0;
    },
  };
}
export type MembersRepository = ReturnType<typeof membersRepository>;
