import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accountLinks, users } from '../db/schema.js';

export type LinkPurpose = 'invite' | 'reset';

/** The SQL of one-time account links (docs/product.md#invitations): only the token's hash is stored. */
export function accountLinksRepository(db: Db) {
  const open = (tokenHash: string) =>
    and(eq(accountLinks.tokenHash, tokenHash), isNull(accountLinks.usedAt), gt(accountLinks.expiresAt, new Date()));
  return {
    async create(input: { userId: string; purpose: LinkPurpose; tokenHash: string; expiresAt: Date }) {
      const [row] = await db.insert(accountLinks).values(input).returning({ id: accountLinks.id });
      return row!.id;
    },
    /** A link made for the person within `seconds`, still open: a second request in that time sends nothing. */
    async openSince(userId: string, purpose: LinkPurpose, since: Date): Promise<boolean> {
      const rows = await db
        .select({ id: accountLinks.id })
        .from(accountLinks)
        .where(
          and(
            eq(accountLinks.userId, userId),
            eq(accountLinks.purpose, purpose),
            isNull(accountLinks.usedAt),
            gt(accountLinks.createdAt, since),
          ),
        );
      return rows.length > 0;
    },
    /** Earlier open links of the person for this purpose stop working: only the newest does. */
    async retire(userId: string, purpose: LinkPurpose): Promise<void> {
      await db
        .update(accountLinks)
        .set({ usedAt: new Date() })
        .where(and(eq(accountLinks.userId, userId), eq(accountLinks.purpose, purpose), isNull(accountLinks.usedAt)));
    },
    /** Uses the link up, if it is open: one statement, so two uses at once cannot both succeed. */
    async useUp(tokenHash: string) {
      const [row] = await db
        .update(accountLinks)
        .set({ usedAt: new Date() })
        .where(open(tokenHash))
        .returning({ userId: accountLinks.userId, purpose: accountLinks.purpose });
      return row;
    },
    /** An open link with its person, for the page it opens. */
    async peek(tokenHash: string) {
      const [row] = await db
        .select({ purpose: accountLinks.purpose, name: users.name, email: users.email, active: users.active })
        .from(accountLinks)
        .innerJoin(users, eq(users.id, accountLinks.userId))
        .where(open(tokenHash));
      return row;
    },
    /** A link with its person, for its email; undefined once used or expired (nothing to send). */
    async forMail(id: string) {
      const [row] = await db
        .select({ purpose: accountLinks.purpose, name: users.name, email: users.email })
        .from(accountLinks)
        .innerJoin(users, eq(users.id, accountLinks.userId))
        .where(and(eq(accountLinks.id, id), isNull(accountLinks.usedAt), gt(accountLinks.expiresAt, new Date())));
      return row;
    },
  };
}
export type AccountLinksRepository = ReturnType<typeof accountLinksRepository>;
