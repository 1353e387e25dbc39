// Times the admin and picker calls on a database seeded by seed-admin.ts (scripts/bench/README.md, "Admin data at scale").
//   DATABASE_URL=postgres://... npx tsx apps/server/scripts/bench-admin.ts [--port 3203] [--runs 20]
//   DATA_DIR=/path/to/data    npx tsx apps/server/scripts/bench-admin.ts ...   (the embedded PGlite database)
// Starts the server as its own process, signs in as the bench admin, times each call from request to last byte
// (after one warm-up call) and prints a Markdown table.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SITE_BULK_COLUMNS } from '@hiu/domain';
import { ADMIN_BENCH_USER, benchAddress, BIG_SITE_NAME } from './seed-admin-constants.js';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '3203' },
    runs: { type: 'string', default: '20' },
    'write-runs': { type: 'string', default: '3' },
  },
});
const runs = Number(args.runs);
const writeRuns = Number(args['write-runs']);
const databaseUrl = process.env.DATABASE_URL || '';
const dataDir = process.env.DATA_DIR;
if (!databaseUrl && !dataDir) throw new Error('Set DATABASE_URL or DATA_DIR to the seeded database');
const root = path.resolve(import.meta.dirname, '../../..');
const base = `http://127.0.0.1:${args.port}`;

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: args.port,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
process.on('exit', () => server.kill('SIGTERM'));

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    if (i > 480) throw new Error('server did not start');
  }
  await new Promise((r) => setTimeout(r, 250));
}

const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: ADMIN_BENCH_USER.email, password: ADMIN_BENCH_USER.password }),
});
if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

async function call(method: string, p: string, body?: unknown) {
  const start = performance.now();
  const res = await fetch(base + p, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${bytes.toString()}`);
  return { ms: performance.now() - start, bytes };
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const rows: string[] = [];
const row = (label: string, request: string, times: number[], size: string) =>
  rows.push(`| ${label} | \`${request}\` | ${pct(times, 0.5).toFixed(1)} | ${pct(times, 0.95).toFixed(1)} | ${size} |`);

async function timedGet(label: string, p: string) {
  await call('GET', p);
  const times: number[] = [];
  let size = 0;
  let items = 0;
  for (let i = 0; i < runs; i++) {
    const r = await call('GET', p);
    times.push(r.ms);
    size = r.bytes.length;
    const parsed = JSON.parse(r.bytes.toString()) as { items?: unknown[]; total?: number };
    items = parsed.items?.length ?? 1;
  }
  row(label, `GET ${p}`, times, `${(size / 1024).toFixed(1)} KB, ${items} items`);
}

const enc = encodeURIComponent;
const find = async (q: string) =>
  (
    JSON.parse((await call('GET', `/api/sites?q=${enc(q)}&limit=1`)).bytes.toString()) as {
      items: { id: string; propertyCount: number }[];
    }
  ).items[0]!;
const bigSite = await find(BIG_SITE_NAME);
const typical = await find('Bench Site 0500');

await timedGet('Site list, first page', '/api/sites?limit=25');
await timedGet('Site list, last page', '/api/sites?limit=25&offset=975');
await timedGet('Site search by location (50 matches)', `/api/sites?q=${enc('harrogate')}&limit=25`);
await timedGet('Site search by name (1 match)', `/api/sites?q=${enc('Site 0742')}&limit=25`);
await timedGet('Site select on home (picker, 200 a page)', '/api/sites?limit=200');
await timedGet('One site with design parameters', `/api/sites/${bigSite.id}`);
await timedGet(
  `Properties of the big site (${bigSite.propertyCount}), first page`,
  `/api/properties?siteId=${bigSite.id}&limit=25`,
);
await timedGet(
  'Properties of the big site, last page',
  `/api/properties?siteId=${bigSite.id}&limit=25&offset=${bigSite.propertyCount - 25}`,
);
await timedGet(
  'Address search in the big site (1 match)',
  `/api/properties?siteId=${bigSite.id}&q=${enc('Flat 12345,')}&limit=25`,
);
await timedGet(
  'Address search in the big site (many matches)',
  `/api/properties?siteId=${bigSite.id}&q=${enc('maple house')}&limit=25`,
);
await timedGet('Address search in the big site (no match)', `/api/properties?siteId=${bigSite.id}&q=zzz&limit=25`);
await timedGet(
  `Engineer's property picker, typical site (${typical.propertyCount})`,
  `/api/properties?siteId=${typical.id}&q=${enc('Flat 1')}&limit=20`,
);
// Where each property stands (seed-admin's results on the big site; docs/product.md#site-progress).
await timedGet('Picker in the big site, first page with marks', `/api/properties?siteId=${bigSite.id}&limit=20`);
await timedGet(
  'Picker in the big site, "Not started" filter',
  `/api/properties?siteId=${bigSite.id}&status=not_started&limit=20`,
);
await timedGet(
  'Picker in the big site, "Failed" filter',
  `/api/properties?siteId=${bigSite.id}&status=failed&limit=20`,
);
await timedGet(
  'Picker in the big site, "Failed" filter and a search',
  `/api/properties?siteId=${bigSite.id}&status=failed&q=${enc('maple house')}&limit=20`,
);
await timedGet(`Home progress of the big site`, `/api/sites/${bigSite.id}/progress`);
await timedGet(`Home progress of a typical site`, `/api/sites/${typical.id}/progress`);
await timedGet('Delete impact of the big site', `/api/sites/${bigSite.id}/delete-impact`);

// Writes: a 5,000-row bulk upload that creates one site, then deleting that site with its properties.
const bulkRows = 5000;
const upload: number[] = [];
const remove: number[] = [];
for (let r = 0; r < writeRuns; r++) {
  const name = `Bench Upload ${Date.now()}`;
  const csv = [
    SITE_BULK_COLUMNS.join(','),
    ...Array.from({ length: bulkRows }, (_, i) => `${name},Leeds,"${benchAddress(i)}",2b4p`),
  ].join('\n');
  const made = await call('POST', '/api/sites/bulk', { csvData: csv });
  upload.push(made.ms);
  const site = await find(name);
  remove.push((await call('DELETE', `/api/sites/${site.id}`)).ms);
}
row(`Bulk upload, ${bulkRows} rows, 1 new site`, 'POST /api/sites/bulk', upload, `${writeRuns} runs`);
row(`Delete a site with ${bulkRows} properties`, 'DELETE /api/sites/:id', remove, `${writeRuns} runs`);

console.log(
  `\nDatabase: ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}; ${runs} runs per read after one warm-up.\n`,
);
console.log('| Call | Request | Median ms | p95 ms | Answer |');
console.log('| --- | --- | ---: | ---: | --- |');
for (const r of rows) console.log(r);
server.kill('SIGTERM');
process.exit(0);
