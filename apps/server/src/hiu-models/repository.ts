import { eq, sql } from 'drizzle-orm';
import { MAX_HIU_MODEL_SUGGESTIONS, type SiteHiuModels } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { drafts, reports } from '../db/schema.js';

export function hiuModelsRepository(db: Db) {
  return {
    /**
     * The models recorded on a site's reports and checks in progress (drafts of every engineer), most
     * frequent first. Spellings that differ only in case count as one model.
     */
    async forSite(siteId: string): Promise<SiteHiuModels> {
      const fromReports = db
        .select({ model: sql<string>`btrim(${reports.hiuModel})`.as('model') })
        .from(reports)
        .where(eq(reports.siteId, siteId));
      const fromDrafts = db
        .select({ model: sql<string>`btrim(${drafts.wizardData} ->> 'hiuModel')`.as('model') })
        .from(drafts)
        .where(eq(drafts.siteId, siteId));
      const m = fromReports.unionAll(fromDrafts).as('m');
      const rows = await db
        .select({ model: sql<string>`min(${m.model})`, count: sql<number>`count(*)::int` })
        .from(m)
        .where(sql`${m.model} <> ''`)
        .groupBy(sql`lower(${m.model})`)
        .orderBy(sql`count(*) DESC`, sql`lower(min(${m.model}))`)
        .limit(MAX_HIU_MODEL_SUGGESTIONS);
      return { models: rows.map((r) => ({ model: r.model, count: Number(r.count) })) };
    },
  };
}
