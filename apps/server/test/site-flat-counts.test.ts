import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';

const t = useTestApp();

type Admin = Awaited<ReturnType<typeof signedIn>>;

/** A site's flat count as the site list and the site itself show it. */
async function shownCounts(admin: Admin, siteId: string) {
  const listed = (await admin.get('/api/sites?limit=200')).json().items.find((s: { id: string }) => s.id === siteId);
  return [listed?.propertyCount, (await admin.get(`/api/sites/${siteId}`)).json().propertyCount];
}

/** The database's kept counts against a count of the flats themselves, for every site. */
async function keptAndCounted() {
  const { db } = await t.database();
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { site_id: string; total: number }[] }).rows
      .map((r) => `${r.site_id}:${r.total}`)
      .sort();
  return [
    await rows(sql`SELECT site_id, total FROM site_property_counts`),
    await rows(sql`SELECT site_id, count(*)::int AS total FROM properties GROUP BY site_id`),
  ];
}

// The site list reads each site's flat count from a table the database keeps (decision 199), not by counting.
describe("a site's flat count", () => {
  it('follows flats added one by one and in bulk, changed, deleted, and the site deleted', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin);
    expect(await shownCounts(admin, site.id)).toEqual([0, 0]);

    const first = await createProperty(admin, site.id, { address: 'Flat 1' });
    const bulk = await admin.post('/api/properties/bulk', {
      siteId: site.id,
      properties: [2, 3, 4].map((n) => ({ address: `Flat ${n}`, propertyType: '1b2p' })),
    });
    expect(bulk.statusCode).toBe(201);
    expect(await shownCounts(admin, site.id)).toEqual([4, 4]);

    expect((await admin.patch(`/api/properties/${first.id}`, { address: 'Flat 1A' })).statusCode).toBe(200);
    expect((await admin.delete(`/api/properties/${first.id}`)).statusCode).toBe(204);
    expect(await shownCounts(admin, site.id)).toEqual([3, 3]);
    const [kept, counted] = await keptAndCounted();
    expect(kept).toEqual(counted);

    // No screen moves a flat to another site; the database still counts one that moves.
    const other = await createSite(admin);
    const { db } = await t.database();
    await db.execute(
      sql`UPDATE properties SET site_id = ${other.id} WHERE site_id = ${site.id} AND address = 'Flat 2'`,
    );
    expect([await shownCounts(admin, site.id), await shownCounts(admin, other.id)]).toEqual([
      [2, 2],
      [1, 1],
    ]);
    const [keptMoved, countedMoved] = await keptAndCounted();
    expect(keptMoved).toEqual(countedMoved);

    expect((await admin.delete(`/api/sites/${site.id}`)).statusCode).toBe(204);
    const [keptAfter, countedAfter] = await keptAndCounted();
    expect(keptAfter).toEqual(countedAfter);
    expect(keptAfter!.some((r) => r.startsWith(site.id))).toBe(false);
  });

  it('counts every one of many flats added to one site at the same moment', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin);
    const added = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 3 === 0
          ? admin.post('/api/properties/bulk', {
              siteId: site.id,
              properties: [
                { address: `Block ${i} Flat 1`, propertyType: '1b2p' },
                { address: `Block ${i} Flat 2`, propertyType: '1b2p' },
              ],
            })
          : admin.post('/api/properties', { siteId: site.id, address: `Flat ${i}`, propertyType: '1b2p' }),
      ),
    );
    expect(added.map((r) => r.statusCode)).toEqual(added.map(() => 201));
    expect(await shownCounts(admin, site.id)).toEqual([16, 16]);
    const [kept, counted] = await keptAndCounted();
    expect(kept).toEqual(counted);
  });
});
