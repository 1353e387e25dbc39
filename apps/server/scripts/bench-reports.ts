// Benchmarks the reports screen's calls against a database seeded by seed-reports.ts.
//   DATABASE_URL=postgres://... npx tsx apps/server/scripts/bench-reports.ts [--port 3500] [--runs 20]
// Starts the server as its own process (so its memory can be read from /proc), signs in as the bench admin,
// times each call from request to last byte, and prints a Markdown table for docs/benchmarks.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BENCH_ADMIN, BIG_SITE } from './seed-reports-constants.js';
import { SITE_PREFIX as ADMIN_SEED_SITES } from './seed-admin-constants.js';

const { values: args } = parseArgs({
  options: { port: { type: 'string', default: '3500' }, runs: { type: 'string', default: '20' } },
});
const runs = Number(args.runs);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the seeded PostgreSQL database');
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
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

/** Resident memory of the server process in MB (VmRSS now, VmHWM = peak since start). */
function memory(): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** CPU time the server process has used so far, in ms (utime + stime from /proc, in clock ticks of 10 ms). */
function cpuMs(): number {
  const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    if (i > 120) throw new Error('server did not start');
  }
  await new Promise((r) => setTimeout(r, 250));
}

const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(BENCH_ADMIN),
});
if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

async function get(p: string) {
  const start = performance.now();
  const res = await fetch(base + p, { headers: { cookie } });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  const body = Buffer.from(await res.arrayBuffer());
  return { ms: performance.now() - start, body };
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const rows: string[] = [];

async function timed(label: string, p: string, n = runs) {
  await get(p); // warm-up: connection, plan cache
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const r = await get(p);
    times.push(r.ms);
    bytes = r.body.length;
  }
  rows.push(
    `| ${label} | \`GET ${p}\` | ${pct(times, 0.5).toFixed(1)} | ${pct(times, 0.95).toFixed(1)} | ${(bytes / 1024).toFixed(1)} KB |`,
  );
  return { bytes };
}

const enc = encodeURIComponent;
const sites = JSON.parse((await get('/api/reports/sites')).body.toString()) as { siteName: string; count: number }[];
const total = sites.reduce((a, s) => a + s.count, 0);
// The admin seed's big site also has reports when both seeds share a database (bench:scale), but without stored
// PDFs or wizard data: a typical site is one of this seed's.
const typical = sites.find((s) => s.siteName !== BIG_SITE && !s.siteName.startsWith(ADMIN_SEED_SITES))!;
const bigCount = sites.find((s) => s.siteName === BIG_SITE)?.count ?? 0;
console.log(
  `Seeded: ${total} reports over ${sites.length} site names; ${BIG_SITE} has ${bigCount}, ${typical.siteName} has ${typical.count}`,
);

await timed('Baseline: signed-in call with no report query', '/api/auth/me');
await timed('Reports screen first data (site groups)', '/api/reports/sites');
await timed(
  `Expand a site (first page of 20, ${typical.count} reports)`,
  `/api/reports?siteName=${enc(typical.siteName)}&limit=20`,
);
await timed(
  `Expand ${BIG_SITE} (first page of 20, ${bigCount} reports)`,
  `/api/reports?siteName=${enc(BIG_SITE)}&limit=20`,
);
await timed(
  `${BIG_SITE}, last page (offset ${bigCount - 20})`,
  `/api/reports?siteName=${enc(BIG_SITE)}&limit=20&offset=${bigCount - 20}`,
);
await timed('All reports, first page (no site filter)', '/api/reports?limit=20');
const [one] = JSON.parse(
  (await get(`/api/reports?siteName=${enc(typical.siteName)}&limit=1&offset=7`)).body.toString(),
);
await timed('One PDF download (stored copy)', `/api/reports/${one.id}/pdf`);

// The reports screen's latest report per property (each address is one property here) and one history.
await timed(
  `Expand a site, latest per property (first page of 20, ${typical.count} reports)`,
  `/api/reports/latest?siteName=${enc(typical.siteName)}&limit=20`,
);
await timed(
  `Expand ${BIG_SITE}, latest per property (first page of 20, ${bigCount} reports)`,
  `/api/reports/latest?siteName=${enc(BIG_SITE)}&limit=20`,
);
const latestBig = JSON.parse((await get(`/api/reports/latest?siteName=${enc(BIG_SITE)}&limit=1`)).body.toString());
await timed(
  `${BIG_SITE}: one property's earlier reports (${latestBig.items[0].earlierReports})`,
  `/api/reports/${latestBig.items[0].id}/earlier`,
);

// CSV exports: time, rows per second, and the server's memory while it streams.
async function exportCsv(siteName: string, count: number) {
  const before = memory();
  const cpuBefore = cpuMs();
  let peak = before.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, memory().rss)), 20);
  const r = await get(`/api/reports/export.csv?siteName=${enc(siteName)}`);
  clearInterval(sampler);
  peak = Math.max(peak, memory().rss);
  const cpu = cpuMs() - cpuBefore;
  const lines = r.body.toString().split('\r\n').length - 2;
  if (lines !== count) throw new Error(`CSV for ${siteName}: ${lines} rows, expected ${count}`);
  rows.push(
    `| CSV export, ${count} reports | \`GET /api/reports/export.csv?siteName=${enc(siteName)}\` | ${r.ms.toFixed(0)} | - | ` +
      `${(r.body.length / 1024 / 1024).toFixed(1)} MB; ${Math.round(count / (r.ms / 1000))} rows/s; server CPU ${cpu} ms ` +
      `(${Math.round(count / (cpu / 1000))} rows per CPU-second); server RSS ${before.rss.toFixed(0)} -> peak ${peak.toFixed(0)} MB |`,
  );
}
await exportCsv(typical.siteName, typical.count);
await exportCsv(BIG_SITE, bigCount);
await exportCsv(BIG_SITE, bigCount);

// The per-site counts in the database: the trigger-kept table the API reads, against grouping every report
// (with its covering index, and without it: dropped inside a rolled-back transaction).
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const countsSql = `SELECT site_name, total, pass, fail FROM report_site_counts WHERE total > 0 ORDER BY lower(site_name), site_name`;
const groupSql = `SELECT coalesce(nullif(site_name, ''), 'Unknown Site') AS name, count(*),
  count(*) FILTER (WHERE overall_status = 'PASS'), count(*) FILTER (WHERE overall_status = 'FAIL')
  FROM reports GROUP BY 1 ORDER BY lower(coalesce(nullif(site_name, ''), 'Unknown Site'))`;
async function plan(label: string, query: string) {
  const times: number[] = [];
  let nodes: string[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`);
    const root = res.rows[0]['QUERY PLAN'][0];
    times.push(root['Execution Time']);
    nodes = [];
    const walk = (n: { 'Node Type': string; 'Index Name'?: string; Plans?: unknown[] }) => {
      nodes.push(n['Index Name'] ? `${n['Node Type']} (${n['Index Name']})` : n['Node Type']);
      (n.Plans as (typeof n)[] | undefined)?.forEach(walk);
    };
    walk(root.Plan);
  }
  console.log(`${label}: median ${pct(times, 0.5).toFixed(1)} ms in the database; plan: ${nodes.join(' > ')}`);
}
await plan('Counts table (what the API reads)', countsSql);
await plan('GROUP BY over reports, index-only', groupSql);
await client.query('BEGIN');
await client.query('DROP INDEX reports_site_name_status_idx');
await plan('GROUP BY over reports, no covering index', groupSql);
await client.query('ROLLBACK');
await client.end();

console.log(`\n| Call | Request | Median ms | p95 ms | Size / notes |\n|---|---|---|---|---|\n${rows.join('\n')}`);
const m = memory();
console.log(`\nServer process: RSS now ${m.rss.toFixed(0)} MB, peak ${m.peak.toFixed(0)} MB`);
stop();
