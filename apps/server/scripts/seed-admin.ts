// Seeds sites and properties for the "Admin data at scale" benchmark (docs/benchmarks.md).
//   DATABASE_URL=postgres://... npx tsx apps/server/scripts/seed-admin.ts [--sites 1000] [--properties 100000] [--big 20000]
//   DATA_DIR=/path/to/data    npx tsx apps/server/scripts/seed-admin.ts ...   (the embedded PGlite database)
// It also files results (reports, drafts) on the big site for the progress calls; --no-results leaves them out.
// One site gets --big properties, the rest share the remainder. Earlier bench sites (names starting with
// "Bench Site") are deleted first. Also creates the admin the benchmark signs in as.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq, like } from 'drizzle-orm';
import { DEFAULT_BUILDING_TYPES, defaultDesignParameters, NEW_TYPE_ROOMS, addRooms } from '@hiu/domain';
import { openDatabase } from '../src/db/client.js';
import { properties, sites, users } from '../src/db/schema.js';
import { hashPassword } from '../src/http/passwords.js';
import { ADMIN_BENCH_USER, benchAddress, BIG_SITE_NAME, SITE_PREFIX, TOWNS } from './seed-admin-constants.js';

const { values: args } = parseArgs({
  options: {
    sites: { type: 'string', default: '1000' },
    properties: { type: 'string', default: '100000' },
    big: { type: 'string', default: '20000' },
    batch: { type: 'string', default: '5000' },
    // Results on the big site for the picker's status filter and home's progress (docs/product.md#site-progress).
    'no-results': { type: 'boolean', default: false },
  },
});
const siteCount = Number(args.sites);
const total = Number(args.properties);
const big = Math.min(Number(args.big), total);
const batch = Number(args.batch);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl ? undefined : process.env.DATA_DIR;
if (!databaseUrl && !dataDir) throw new Error('Set DATABASE_URL (PostgreSQL) or DATA_DIR (embedded database) to seed');

const t0 = performance.now();
const seconds = () => ((performance.now() - t0) / 1000).toFixed(1);
const database = await openDatabase({ databaseUrl, dataDir });
const { db } = database;

// Realistic design parameters: every type has its rooms, as an admin would set them up.
const designParameters = {
  ...defaultDesignParameters(),
  radiators: Object.fromEntries(DEFAULT_BUILDING_TYPES.map((t) => [t, addRooms({}, NEW_TYPE_ROOMS)])),
};

const deleted = await db
  .delete(sites)
  .where(like(sites.name, `${SITE_PREFIX}%`))
  .returning({ id: sites.id });
if (deleted.length) console.log(`removed ${deleted.length} earlier bench sites (${seconds()} s)`);

const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_BENCH_USER.email));
if (!existing) {
  await db.insert(users).values({
    email: ADMIN_BENCH_USER.email,
    name: ADMIN_BENCH_USER.name,
    role: 'admin',
    passwordHash: await hashPassword(ADMIN_BENCH_USER.password),
  });
}

const siteRows = Array.from({ length: siteCount }, (_, i) => ({
  id: randomUUID(),
  name: i === 0 ? BIG_SITE_NAME : `${SITE_PREFIX} ${String(i).padStart(4, '0')}`,
  location: TOWNS[i % TOWNS.length]!,
  availableBuildingTypes: [...DEFAULT_BUILDING_TYPES],
  designParameters,
}));
for (let i = 0; i < siteRows.length; i += 500) await db.insert(sites).values(siteRows.slice(i, i + 500));
console.log(`${siteCount} sites (${seconds()} s)`);

// The big site first, then the rest spread evenly over the other sites.
const rest = total - big;
const others = siteCount - 1;
const counts = siteRows.map((_, i) => (i === 0 ? big : Math.floor(rest / others) + (i - 1 < rest % others ? 1 : 0)));
let pending: (typeof properties.$inferInsert)[] = [];
let inserted = 0;
const flush = async () => {
  if (pending.length === 0) return;
  await db.insert(properties).values(pending);
  inserted += pending.length;
  pending = [];
};
for (const [i, site] of siteRows.entries()) {
  for (let n = 0; n < counts[i]!; n++) {
    pending.push({ siteId: site.id, address: benchAddress(n), propertyType: DEFAULT_BUILDING_TYPES[n % 3]! });
    if (pending.length >= batch) {
      await flush();
      if (inserted % 20000 === 0) console.log(`${inserted} properties (${seconds()} s)`);
    }
  }
}
await flush();

if (!args['no-results']) {
  // By address order on the big site: 70% passed (every 20th after an earlier failed report), 10% failed,
  // 10% in progress (a draft), 10% not started. Built by the database itself, like seed-reports.ts.
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_BENCH_USER.email));
  const bigSite = siteRows[0]!;
  const numbered = `SELECT p.id, p.address, p.property_type, row_number() OVER (ORDER BY lower(p.address)) - 1 AS n
    FROM properties p WHERE p.site_id = '${bigSite.id}'`;
  const report = (status: string, at: string, where: string) => `
    INSERT INTO reports (id, user_id, site_id, property_id, site_name, property_address, dwelling_type, hiu_model,
      hiu_serial, engineer_name, start_time, completed_at, overall_status, notes, failure_reasons, ranges, wizard_data,
      pdf_filename)
    SELECT gen_random_uuid(), '${admin!.id}', '${bigSite.id}', x.id, '${BIG_SITE_NAME}', x.address, x.property_type,
      'Evo 40', 'SN' || x.n, '${ADMIN_BENCH_USER.name}', '2026-01-01T09:00:00.000Z', ${at}, '${status}', '', '[]', '{}',
      '{}', 'HIU_SN' || x.n || '.pdf'
    FROM (${numbered}) x WHERE ${where}`;
  await database.exec(`DELETE FROM reports WHERE site_name = '${BIG_SITE_NAME}'`);
  await database.exec(report('FAIL', `now() - interval '30 days'`, 'x.n % 20 = 0'));
  await database.exec(report('PASS', `now() - x.n * interval '1 minute'`, 'x.n % 10 < 7'));
  await database.exec(report('FAIL', `now() - x.n * interval '1 minute'`, 'x.n % 10 = 7'));
  await database.exec(`
    INSERT INTO drafts (id, user_id, site_id, property_id, current_step, wizard_data)
    SELECT gen_random_uuid(), '${admin!.id}', '${bigSite.id}', x.id, 'Initial Checks', '{}'
    FROM (${numbered}) x WHERE x.n % 10 = 8`);
  await database.exec('ANALYZE reports; ANALYZE drafts;');
  console.log(`results on the big site: 70% passed, 10% failed, 10% in progress, 10% not started (${seconds()} s)`);
}
await database.exec('ANALYZE sites; ANALYZE properties;');
console.log(`done: ${siteCount} sites, ${inserted} properties, big site ${big}, in ${seconds()} s`);
await database.close();
