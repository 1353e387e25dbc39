import { randomUUID } from 'node:crypto';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { ApiToken, TokenScope } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { SESSION_CHANNEL } from '../db/notifications.js';
import { apiTokens, siteMembers, sites, users } from '../db/schema.js';
import { hashToken } from '../users/repository.js';

type Row = typeof apiTokens.$inferSelect;

export type TokensRepository = ReturnType<typeof tokensRepository>;

/** API tokens: each has its own account, member of its sites; only its hash is kept. */
export function tokensRepository(db: Db) {
  const sitesOf = async (userIds: string[]) => {
    const map = new Map<string, { id: string; name: string }[]>();
    if (userIds.length === 0) return map;
    const rows = await db
      .select({ userId: siteMembers.userId, id: sites.id, name: sites.name })
      .from(siteMembers)
      .innerJoin(sites, eq(sites.id, siteMembers.siteId))
      .where(inArray(siteMembers.userId, userIds))
      .orderBy(sites.name);
    for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), { id: r.id, name: r.name }]);
    return map;
  };
  const toToken = (row: Row, sitesList: { id: string; name: string }[], createdBy: string | null): ApiToken => ({
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    sites: row.allSites ? null : sitesList,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    createdBy,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  });

  return {
    /** The scope of the token whose account this is; undefined for a person. */
    async scopeOfAccount(userId: string): Promise<TokenScope | undefined> {
      const [row] = await db.select({ scope: apiTokens.scope }).from(apiTokens).where(eq(apiTokens.userId, userId));
      return row?.scope;
    },
    async list(): Promise<ApiToken[]> {
      const rows = await db
        .select({ token: apiTokens, createdBy: users.name })
        .from(apiTokens)
        .leftJoin(users, eq(users.id, apiTokens.createdBy))
        .orderBy(desc(apiTokens.createdAt));
      const memberships = await sitesOf(rows.map((r) => r.token.userId));
      return rows.map((r) => toToken(r.token, memberships.get(r.token.userId) ?? [], r.createdBy));
    },

    /** The unknown ids among `siteIds` (none: all exist). */
    async unknownSites(siteIds: string[]): Promise<string[]> {
      if (siteIds.length === 0) return [];
      const found = new Set(
        (await db.select({ id: sites.id }).from(sites).where(inArray(sites.id, siteIds))).map((r) => r.id),
      );
      return siteIds.filter((id) => !found.has(id.toLowerCase()));
    },

    /**
     * Inserts the token, its account and its site memberships (in the caller's transaction) and answers the
     * token as listed, with the sites it was given.
     */
    async insert(
      input: { name: string; scope: TokenScope; siteIds: string[]; expiresOn: string },
      token: string,
      createdBy: { id: string; name: string } | null,
    ) {
      const allSites = input.siteIds.length === 0;
      const [account] = await db
        .insert(users)
        .values({
          email: `token-${randomUUID()}@api-token.invalid`,
          name: `API token: ${input.name}`,
          role: input.scope === 'read' ? 'client' : 'supervisor',
          // Not a password hash: no password signs this account in.
          passwordHash: '!',
          kind: 'token',
        })
        .returning({ id: users.id });
      const [row] = await db
        .insert(apiTokens)
        .values({
          userId: account!.id,
          name: input.name,
          tokenHash: hashToken(token),
          prefix: token.slice(0, 10),
          scope: input.scope,
          allSites,
          expiresAt: new Date(`${input.expiresOn}T23:59:59.999Z`),
          createdBy: createdBy?.id ?? null,
        })
        .returning();
      const siteIds = allSites
        ? (await db.select({ id: sites.id }).from(sites)).map((s) => s.id)
        : [...new Set(input.siteIds.map((s) => s.toLowerCase()))];
      if (siteIds.length)
        await db
          .insert(siteMembers)
          .values(siteIds.map((siteId) => ({ siteId, userId: account!.id })))
          .onConflictDoNothing();
      const memberships = await db
        .select({ id: sites.id, name: sites.name })
        .from(siteMembers)
        .innerJoin(sites, eq(sites.id, siteMembers.siteId))
        .where(eq(siteMembers.userId, account!.id))
        .orderBy(sites.name);
      return {
        token: toToken(row!, memberships, createdBy?.name ?? null),
        siteIds: allSites ? ('all' as const) : siteIds,
      };
    },

    /**
     * Revokes the token and deactivates its account, telling every server in the same transaction (decision
     * 110's channel), so none keeps a remembered copy. Undefined when unknown; 'already' when revoked before.
     */
    async revoke(id: string) {
      const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, id)).for('update');
      if (!row) return undefined;
      if (row.revokedAt) return 'already' as const;
      await db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, id));
      await db.update(users).set({ active: false }).where(eq(users.id, row.userId));
      await db.execute(sql`SELECT pg_notify(${SESSION_CHANNEL}, ${`user:${row.userId}`})`);
      return { userId: row.userId, name: row.name };
    },
  };
}
