// Seeds a fresh database for the API load benchmark (scripts/bench/api-load.mjs) and prints, as JSON, what
// the load needs: one signed-in session per engineer, the site and property they work on.
//   DATABASE_URL=postgres://... npx tsx apps/server/scripts/seed-load.ts [--engineers 200]
//   DATA_DIR=/path/to/data    npx tsx apps/server/scripts/seed-load.ts ...   (the embedded PGlite database)
// Sessions are made as sign-in makes them, without sign-in's deliberately slow password check per engineer
// (one hash for all), so 200 engineers take seconds, not minutes.
import { parseArgs } from 'node:util';
import { DEFAULT_BUILDING_TYPES, defaultDesignParameters } from '@hiu/domain';
import { openDatabase } from '../src/db/client.js';
import { properties, sites, users } from '../src/db/schema.js';
import { hashPassword } from '../src/http/passwords.js';
import { SESSION_COOKIE } from '../src/http/access.js';
import { createRepositories } from '../src/repositories/index.js';

const { values: args } = parseArgs({ options: { engineers: { type: 'string', default: '200' } } });
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
const cookies: string[] = [];
for (const e of engineers) cookies.push(`${SESSION_COOKIE}=${(await repos.users.createSession(e.id)).token}`);
await database.close();
console.log(JSON.stringify({ siteId: site!.id, siteName: site!.name, propertyId: property!.id, cookies }));
