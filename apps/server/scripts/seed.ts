// `npm run seed`: fills an empty database with demo data (demo-data.ts) and prints who can sign in. It opens the
// database the app would (DATA_DIR, ./data by default, or DATABASE_URL) and refuses, changing nothing, one that
// already has users (exit 1). With PGlite, stop the server using DATA_DIR first: one process opens it at a time.
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { buildApp } from '../src/app.js';
import { DatabaseNotEmpty, seedDemo } from './demo-data.js';

const config = { ...loadConfig(), webDist: undefined };
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
const started = Date.now();
console.log(`seed: putting demo data into ${where}...`);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp(config, database, { logger: false });
let code = 0;
try {
  await app.ready();
  const seed = await seedDemo(app);
  const { awaiting, sentBack, approved, retests } = seed.reports;
  console.log(
    [
      `seed: done in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
      ...seed.sites.map(
        (s) => `  ${s.name}: ${s.flats} flats, ${s.testPack === 'standard' ? 'Standard checklist' : 'CP1/TS1 pack'}`,
      ),
      `  reports: ${awaiting.length} awaiting review (${retests.length} a re-test), ${sentBack.length} sent back, ${approved.length} approved`,
      '',
      `Sign in with any of these (password for all: ${seed.password}):`,
      ...seed.users.map((u) => `  ${u.role.padEnd(10)} ${u.email.padEnd(24)} ${u.name}`),
    ].join('\n'),
  );
} catch (error) {
  code = 1;
  if (error instanceof DatabaseNotEmpty) console.error(`seed: ${error.message}`);
  else {
    console.error('seed: failed part way; what was made stays (start again on an empty database):');
    console.error(error);
  }
} finally {
  await app.close();
  await database.close();
}
process.exit(code);
