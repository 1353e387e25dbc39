// Seeds a fresh database for the API benchmarks (scripts/bench/api-load.mjs, reads.mjs) and prints, as JSON,
// what the load needs: one signed-in session per engineer, the site and property they work on, and the sites.
//   DATABASE_URL=postgres://... npx tsx apps/server/scripts/seed-load.ts [--engineers 200]
//   DATA_DIR=/path/to/data    npx tsx apps/server/scripts/seed-load.ts ...   (the embedded PGlite database)
// For the reads, a working contractor's data: [--sites 20 --flats 200 --member-of 3 --assigned 10 --reports 25]
// (sites, flats per site, sites each engineer belongs to, flats assigned to each, reports each has submitted).
// Sessions are made as sign-in makes them, without sign-in's deliberately slow password check per engineer
// (one hash for all), so 200 engineers take seconds, not minutes.
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { DEFAULT_BUILDING_TYPES, DEFAULT_RANGES, defaultDesignParameters, wizardDataSchema } from '@hiu/domain';
import { passingCheck } from '@hiu/domain/testing';
import { openDatabase } from '../src/db/client.js';
import { assignments, properties, reports, siteMembers, sites, users } from '../src/db/schema.js';
import { hashPassword } from '../src/http/passwords.js';
import { SESSION_COOKIE } from '../src/http/access.js';
import { createRepositories } from '../src/repositories/index.js';

const { values: args } = parseArgs({
  options: {
    engineers: { type: 'string', default: '200' },
    sites: { type: 'string', default: '1' },
    flats: { type: 'string', default: '1' },
    'member-of': { type: 'string', default: '0' },
    assigned: { type: 'string', default: '0' },
    reports: { type: 'string', default: '0' },
  },
});
const n = (name: keyof typeof args) => Number(args[name]);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl ? undefined : process.env.DATA_DIR;
if (!databaseUrl && !dataDir) throw new Error('Set DATABASE_URL (PostgreSQL) or DATA_DIR (embedded database) to seed');

const database = await openDatabase({ databaseUrl, dataDir });
const { db } = database;
const repos = createRepositories(db);
const passwordHash = await hashPassword('load-password-1');
const [site] = await db
  .insert(sites)
  .values({
    name: 'Load Court',
    location: 'Leeds',
    availableBuildingTypes: [...DEFAULT_BUILDING_TYPES],
    designParameters: defaultDesignParameters(),
  })
  .returning({ id: sites.id, name: sites.name });
const [property] = await db
  .insert(properties)
  .values({ siteId: site!.id, address: 'Flat 1, Load Court', propertyType: DEFAULT_BUILDING_TYPES[0]! })
  .returning({ id: properties.id });
const engineers = await db
  .insert(users)
  .values(
    Array.from({ length: Number(args.engineers) }, (_, i) => ({
      email: `load-engineer-${i}@example.com`,
      name: `Load Engineer ${i}`,
      role: 'engineer' as const,
      passwordHash,
    })),
  )
  .returning({ id: users.id });
const siteIds = await seedWork(site!.id);
const cookies: string[] = [];
for (const e of engineers) cookies.push(`${SESSION_COOKIE}=${(await repos.users.createSession(e.id)).token}`);
await database.close();
console.log(JSON.stringify({ siteId: site!.id, siteName: site!.name, propertyId: property!.id, siteIds, cookies }));

/**
 * More sites and flats, each engineer a member of some sites with flats assigned and reports submitted there.
 * Engineer i belongs to sites i, i+1, ... (round the list), so every site has engineers.
 */
async function seedWork(firstSiteId: string): Promise<string[]> {
  const moreSites = Array.from({ length: Math.max(0, n('sites') - 1) }, (_, i) => ({
    name: `Load Site ${i + 2}`,
    location: 'Leeds',
    availableBuildingTypes: [...DEFAULT_BUILDING_TYPES],
    designParameters: defaultDesignParameters(),
  }));
  // drizzle refuses an insert of no rows
  const more = moreSites.length
    ? await db.insert(sites).values(moreSites).returning({ id: sites.id, name: sites.name })
    : [];
  const all = [{ id: firstSiteId, name: 'Load Court' }, ...more];
  const flatsOf = new Map<string, { id: string; address: string }[]>();
  for (const s of all) {
    const flats = Array.from({ length: n('flats') - (s.id === firstSiteId ? 1 : 0) }, (_, i) => ({
      siteId: s.id,
      address: `Flat ${i + 2}, ${s.name}`,
      propertyType: DEFAULT_BUILDING_TYPES[i % DEFAULT_BUILDING_TYPES.length]!,
    }));
    const rows = flats.length
      ? await db.insert(properties).values(flats).returning({ id: properties.id, address: properties.address })
      : [];
    flatsOf.set(s.id, rows);
  }
  if (n('member-of') === 0) return all.map((s) => s.id);
  const wizardData = wizardDataSchema.parse(passingCheck({ photoId: null, signatureId: null }));
  const next = new Map<string, number>(); // the next unassigned flat of each site
  for (const [i, e] of engineers.entries()) {
    const mine = Array.from({ length: Math.min(n('member-of'), all.length) }, (_, k) => all[(i + k) % all.length]!);
    await db
      .insert(siteMembers)
      .values(mine.map((s) => ({ siteId: s.id, userId: e.id })))
      .onConflictDoNothing();
    const home = mine[0]!;
    const flats = flatsOf.get(home.id)!;
    const from = next.get(home.id) ?? 0;
    next.set(home.id, from + n('assigned'));
    const assigned = Array.from({ length: n('assigned') }, (_, k) => flats[(from + k) % flats.length]!);
    if (assigned.length)
      await db
        .insert(assignments)
        .values(assigned.map((p) => ({ propertyId: p.id, siteId: home.id, engineerId: e.id })))
        .onConflictDoNothing();
    if (n('reports') === 0) continue;
    await db.insert(reports).values(
      Array.from({ length: n('reports') }, (_, k) => {
        const p = flats[(i * 7 + k) % flats.length]!;
        const at = new Date(Date.UTC(2026, 0, 1) + (i * 1000 + k) * 60_000);
        return {
          id: randomUUID(),
          userId: e.id,
          siteId: home.id,
          propertyId: p.id,
          siteName: home.name,
          propertyAddress: p.address,
          dwellingType: '2b4p',
          hiuModel: wizardData.hiuModel ?? 'Evo Compact 40',
          hiuSerial: `SN${i}-${k}`,
          engineerName: `Load Engineer ${i}`,
          startTime: new Date(at.getTime() - 75 * 60_000).toISOString(),
          completedAt: at,
          overallStatus: k % 10 === 9 ? ('FAIL' as const) : ('PASS' as const),
          notes: '',
          failureReasons: [],
          ranges: DEFAULT_RANGES,
          wizardData,
          pdfFilename: `HIU_SN${i}-${k}.pdf`,
        };
      }),
    );
  }
  return all.map((s) => s.id);
}
