import { randomUUID } from 'node:crypto';
import { and, count, eq, getTableColumns, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  defaultDesignParameters,
  isTestPackId,
  type TestPackId,
  designParametersSchema,
  siteKey,
  type DesignParameters,
  type ExistingBulkSite,
  type ParsedSiteBulk,
  type Site,
  type SiteBulkPlan,
  type SiteDeleteImpact,
  type SiteSummary,
} from '@hiu/domain';
import type { Db } from '../db/client.js';
import { drafts, properties, reports, siteMembers, sitePropertyCounts, sites } from '../db/schema.js';
import { chunks, containsIgnoringCase, rethrowUnique } from '../repositories/sql-helpers.js';
import { statement } from '../db/statements.js';

const SITE_EXISTS = 'A site with this name already exists: site names are unique';

/** A site's number of flats, kept by the database; `site` is the site's id column. */
const flatsOf = (site: SQL) =>
  sql<number>`coalesce((SELECT c.total FROM ${sitePropertyCounts} c WHERE c.site_id = ${site}), 0)`;
// Written out in full: drizzle leaves columns unqualified in single-table selects.
const propertyCount = flatsOf(sql`${sites}.id`);

function toSite(row: typeof sites.$inferSelect & { propertyCount: number }): Site {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    availableBuildingTypes: row.availableBuildingTypes,
    // Stored parameters from before a field existed get that field's default.
    designParameters: designParametersSchema.parse(row.designParameters),
    propertyCount: Number(row.propertyCount),
    autoApprovePassing: row.autoApprovePassing,
    keepOriginalPhotos: row.keepOriginalPhotos,
    testPack: isTestPackId(row.testPack) ? row.testPack : 'standard',
  };
}

export interface NewSite {
  name: string;
  location: string;
  availableBuildingTypes: string[];
  designParameters: DesignParameters;
  autoApprovePassing?: boolean;
  keepOriginalPhotos?: boolean;
  testPack?: TestPackId;
}

interface ListRow {
  id: string;
  name: string;
  location: string;
  availableBuildingTypes: string[];
  total: number | string;
  propertyCount: number;
}
/**
 * One page of sites with its total and each of its sites' flat counts, in one statement: on the embedded
 * database every statement has a fixed cost of its own, and this list is the busiest read in the app. Counted
 * for this page only, after paging: a count in the paged select would run for every skipped row.
 */
type Paging = number | Placeholder;
const listStatement = (
  where: SQL,
  limit: Paging = sql.placeholder('limit'),
  offset: Paging = sql.placeholder('offset'),
) => sql`
  WITH page AS (
    SELECT ${sites.id}, ${sites.name}, ${sites.location}, ${sites.availableBuildingTypes}, count(*) OVER () AS total
    FROM ${sites} WHERE ${where}
    ORDER BY lower(${sites.name}), lower(${sites.location}), ${sites.id}
    LIMIT ${limit} OFFSET ${offset}
  )
  SELECT page.id, page.name, page.location, page.available_building_types AS "availableBuildingTypes", page.total,
    ${flatsOf(sql`page.id`)} AS "propertyCount"
  FROM page ORDER BY lower(page.name), lower(page.location), page.id`;

/** Sites the user belongs to. */
const isMemberOf = (userId: SQL | Placeholder | string) =>
  sql`EXISTS (SELECT 1 FROM ${siteMembers} m WHERE m.site_id = ${sites.id} AND m.user_id = ${userId})`;

// Without a search, named statements: building the query anew cost more than running it.
const membersList = statement<ListRow, 'memberId' | 'limit' | 'offset'>(
  'sites_of_member',
  listStatement(isMemberOf(sql.placeholder('memberId'))),
);
const everyList = statement<ListRow, 'limit' | 'offset'>('sites_all', listStatement(sql`true`));

/** What the history keeps of a site. */
export const audited = (s: NewSite | Site | typeof sites.$inferSelect) => ({
  name: s.name,
  location: s.location,
  availableBuildingTypes: s.availableBuildingTypes,
  designParameters: s.designParameters,
  autoApprovePassing: s.autoApprovePassing ?? false,
  keepOriginalPhotos: s.keepOriginalPhotos ?? false,
  testPack: s.testPack ?? 'standard',
});

export function sitesRepository(db: Db) {
  /**
   * In a transaction, `lock` holds the site's row until it ends: 'update' while its types or design change,
   * 'share' while a property is checked against them (a change waits for the check, and the check for it).
   */
  const byId = async (id: string, lock?: 'update' | 'share'): Promise<Site | undefined> => {
    const query = db
      .select({ ...getTableColumns(sites), propertyCount })
      .from(sites)
      .where(eq(sites.id, id));
    const [row] = lock ? await query.for(lock, { of: sites }) : await query;
    return row && toSite(row);
  };

  return {
    byId,

    /** The id of the site with this name (names are unique, case-insensitive). */
    async idByName(name: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: sites.id })
        .from(sites)
        .where(eq(sql`lower(${sites.name})`, name.trim().toLowerCase()));
      return row?.id;
    },

    /** One page of sites in name order, searched by name or location; counts, never the properties. */
    async list(query: {
      q?: string;
      limit: number;
      offset: number;
      /** Only the sites this user belongs to (everyone but admins). */
      memberId?: string;
    }): Promise<{ items: SiteSummary[]; total: number }> {
      const q = query.q?.trim();
      const where = (memberId: SQL | string | undefined) =>
        and(
          q
            ? or(containsIgnoringCase(sql`${sites.name}`, q), containsIgnoringCase(sql`${sites.location}`, q))
            : undefined,
          memberId === undefined ? undefined : isMemberOf(memberId),
        );
      const paging = { limit: query.limit, offset: query.offset };
      const rows = q
        ? (
            (await db.execute(listStatement(where(query.memberId)!, query.limit, query.offset))) as unknown as {
              rows: ListRow[];
            }
          ).rows
        : query.memberId
          ? await membersList.run(db, { ...paging, memberId: query.memberId })
          : await everyList.run(db, paging);
      // A page past the end has no row to carry the total; count on its own then.
      const total = rows[0]
        ? Number(rows[0].total)
        : ((await db.select({ n: count() }).from(sites).where(where(query.memberId)))[0]?.n ?? 0);
      return { items: rows.map(({ total: _, ...s }) => ({ ...s, propertyCount: Number(s.propertyCount) })), total };
    },

    /** Inserts a site and answers its id. A new site gets every active engineer as a member (a trigger). */
    async insert(input: NewSite): Promise<string> {
      const [row] = await db
        .insert(sites)
        .values(input)
        .returning({ id: sites.id })
        .catch(rethrowUnique(SITE_EXISTS, { name: SITE_EXISTS }));
      return row!.id;
    },

    /** Changes a site and answers its row as it was; undefined when there is none. */
    async update(id: string, patch: Partial<NewSite>): Promise<typeof sites.$inferSelect | undefined> {
      const [was] = await db.select().from(sites).where(eq(sites.id, id)).for('update');
      if (!was) return undefined;
      await db
        .update(sites)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(sites.id, id))
        .catch(rethrowUnique(SITE_EXISTS, { name: SITE_EXISTS }));
      return was;
    },

    /** How many of the site's properties have each type (a type in use cannot be removed). */
    async propertyTypeCounts(id: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ type: properties.propertyType, n: count() })
        .from(properties)
        .where(eq(properties.siteId, id))
        .groupBy(properties.propertyType);
      return new Map(rows.map((r) => [r.type, r.n]));
    },

    async deleteImpact(id: string): Promise<SiteDeleteImpact> {
      const siteProperties = db.select({ id: properties.id }).from(properties).where(eq(properties.siteId, id));
      const [[p], [d], [r]] = await Promise.all([
        db.select({ n: count() }).from(properties).where(eq(properties.siteId, id)),
        db
          .select({ n: count() })
          .from(drafts)
          .where(or(eq(drafts.siteId, id), inArray(drafts.propertyId, siteProperties))),
        db.select({ n: count() }).from(reports).where(eq(reports.siteId, id)),
      ]);
      return { properties: p?.n ?? 0, drafts: d?.n ?? 0, reports: r?.n ?? 0 };
    },

    /**
     * Deletes the site, its properties and their drafts (run it in a transaction); reports keep their copy
     * (site_id set null). Answers the site's row as it was, or undefined.
     */
    async delete(id: string): Promise<typeof sites.$inferSelect | undefined> {
      const siteProperties = db.select({ id: properties.id }).from(properties).where(eq(properties.siteId, id));
      await db.delete(drafts).where(or(eq(drafts.siteId, id), inArray(drafts.propertyId, siteProperties)));
      await db.delete(properties).where(eq(properties.siteId, id));
      const [was] = await db.delete(sites).where(eq(sites.id, id)).returning();
      return was;
    },

    /** The sites an upload names that already exist, with those of the upload's addresses they already have. */
    async existingForBulk(parsed: ParsedSiteBulk): Promise<ExistingBulkSite[]> {
      const wanted = new Map(parsed.sites.map((s) => [s.key, s]));
      const names = [...new Set(parsed.sites.map((s) => s.name.toLowerCase()))];
      const found: ExistingBulkSite[] = [];
      for (const part of chunks(names, 1000)) {
        const rows = await db
          .select({ id: sites.id, name: sites.name, location: sites.location, types: sites.availableBuildingTypes })
          .from(sites)
          .where(inArray(sql`lower(${sites.name})`, part));
        for (const r of rows) {
          const key = siteKey(r.name, r.location);
          const existing = {
            id: r.id,
            name: r.name,
            availableBuildingTypes: r.types,
            existingAddresses: new Set<string>(),
          };
          if (wanted.has(key)) found.push({ ...existing, key });
          // The same name elsewhere: the name is taken (site names are unique).
          for (const s of parsed.sites)
            if (s.key !== key && s.name.toLowerCase() === r.name.toLowerCase())
              found.push({ ...existing, key: s.key, takenAtLocation: r.location });
        }
      }
      for (const site of found) {
        if (site.takenAtLocation !== undefined) continue;
        const addresses = wanted.get(site.key)!.properties.map((p) => p.address.toLowerCase());
        for (const part of chunks(addresses, 1000)) {
          const rows = await db
            .select({ a: sql<string>`lower(${properties.address})` })
            .from(properties)
            .where(and(eq(properties.siteId, site.id), inArray(sql`lower(${properties.address})`, part)));
          for (const r of rows) site.existingAddresses.add(r.a);
        }
      }
      return found;
    },

    /** Inserts everything a checked upload plans (run it in a transaction); answers the new sites. */
    async insertBulk(plan: SiteBulkPlan): Promise<(NewSite & { id: string })[]> {
      const created: (NewSite & { id: string })[] = [];
      const rows: { siteId: string; address: string; propertyType: string }[] = [];
      try {
        for (const part of chunks(plan.newSites, 500)) {
          const values = part.map((s) => ({
            id: randomUUID(),
            name: s.name,
            location: s.location,
            availableBuildingTypes: s.availableBuildingTypes,
            designParameters: defaultDesignParameters(),
          }));
          await db.insert(sites).values(values);
          created.push(...values);
          part.forEach((s, i) => rows.push(...s.properties.map((p) => ({ siteId: values[i]!.id, ...p }))));
        }
        for (const add of plan.addToSites) rows.push(...add.properties.map((p) => ({ siteId: add.siteId, ...p })));
        for (const part of chunks(rows, 5000)) await db.insert(properties).values(part);
      } catch (err) {
        rethrowUnique('Another change to these sites happened during the upload. Please upload the file again.')(err);
      }
      return created;
    },
  };
}
export type SitesRepository = ReturnType<typeof sitesRepository>;
