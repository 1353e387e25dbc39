import { and, asc, eq, isNull } from 'drizzle-orm';
import type { SiteIssue, SiteIssueBody } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { siteIssues } from '../db/schema.js';

const toIssue = (r: typeof siteIssues.$inferSelect): SiteIssue => ({
  id: r.id,
  siteId: r.siteId,
  description: r.description,
  owner: r.owner,
  due: r.due,
  resolved: r.closedAt !== null,
  closingComment: r.closingComment,
  closedBy: r.closedBy,
  closedAt: r.closedAt?.toISOString() ?? null,
  raisedBy: r.raisedBy,
  raisedAt: r.raisedAt.toISOString(),
});

/** Issues that apply to every flat of a site (docs/product.md#network-wide-issues). */
export function siteIssuesRepository(db: Db) {
  return {
    /** Open ones first, each group oldest first. */
    async list(siteId: string): Promise<SiteIssue[]> {
      const rows = await db
        .select()
        .from(siteIssues)
        .where(eq(siteIssues.siteId, siteId))
        .orderBy(asc(siteIssues.raisedAt), asc(siteIssues.id));
      return rows.map(toIssue).sort((a, b) => Number(a.resolved) - Number(b.resolved));
    },

    async get(siteId: string, id: string): Promise<SiteIssue | undefined> {
      const [row] = await db
        .select()
        .from(siteIssues)
        .where(and(eq(siteIssues.siteId, siteId), eq(siteIssues.id, id)));
      return row && toIssue(row);
    },

    async insert(siteId: string, id: string, body: SiteIssueBody, raisedBy: string | null): Promise<SiteIssue> {
      const [row] = await db
        .insert(siteIssues)
        .values({ id, siteId, ...body, raisedBy })
        .returning();
      return toIssue(row!);
    },

    /** Closes an open issue; undefined when it is not open (closed meanwhile, or not there). */
    async close(siteId: string, id: string, closingComment: string, closedBy: string | null) {
      const [row] = await db
        .update(siteIssues)
        .set({ closingComment, closedBy, closedAt: new Date() })
        .where(and(eq(siteIssues.siteId, siteId), eq(siteIssues.id, id), isNull(siteIssues.closedAt)))
        .returning();
      return row && toIssue(row);
    },
  };
}

export type SiteIssuesRepository = ReturnType<typeof siteIssuesRepository>;
