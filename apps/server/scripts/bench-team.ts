// Benchmarks the team screens' first data against a database seeded by seed-reports.ts and seed-team.ts:
// the review queue, the review counts, a report with its revisions, and the History panels.
//   DATABASE_URL=postgres://... npx tsx apps/server/scripts/bench-team.ts [--port 3605] [--runs 20]
// Prints a Markdown table (the same columns as bench-reports.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BENCH_ADMIN, BIG_SITE } from './seed-reports-constants.js';

const { values: args } = parseArgs({
  options: { port: { type: 'string', default: '3605' }, runs: { type: 'string', default: '20' } },
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
if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
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
async function timed(label: string, p: string) {
  await get(p);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const r = await get(p);
    times.push(r.ms);
    bytes = r.body.length;
  }
  rows.push(
    `| ${label} | \`GET ${p}\` | ${pct(times, 0.5).toFixed(1)} | ${pct(times, 0.95).toFixed(1)} | ${(bytes / 1024).toFixed(1)} KB |`,
  );
}

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const one = async (sql: string, values: unknown[] = []) => (await client.query(sql, values)).rows[0];
const counts =
  await one(`SELECT (SELECT count(*) FROM reports)::int AS reports, (SELECT count(*) FROM audit_log)::int AS events,
  (SELECT count(*) FROM reports WHERE review_state = 'awaiting_review')::int AS awaiting`);
const big = await one(`SELECT id FROM sites WHERE name = $1`, [BIG_SITE]);
const bigAwaiting = await one(
  `SELECT count(*)::int AS n FROM reports WHERE site_id = $1 AND review_state = 'awaiting_review'`,
  [big.id],
);
const report =
  await one(`SELECT r.id, r.site_id, a.property_id FROM audit_log a JOIN reports r ON r.id::text = a.entity_id
  WHERE a.entity_type = 'report' AND a.action = 'corrected' ORDER BY a.id DESC LIMIT 1`);
const someSite = await one(`SELECT site_id FROM audit_log WHERE site_id IS NOT NULL ORDER BY id DESC LIMIT 1`);
const someProperty = await one(
  `SELECT property_id FROM audit_log WHERE property_id IS NOT NULL ORDER BY id DESC LIMIT 1`,
);
await client.end();
console.log(
  `Seeded: ${counts.reports} reports (${counts.awaiting} awaiting review; ${bigAwaiting.n} on ${BIG_SITE}), ${counts.events} history entries`,
);

await timed('Baseline: signed-in call', '/api/auth/me');
await timed('Review counts on home (every site)', '/api/me/review-counts');
await timed(
  `Review queue of ${BIG_SITE}, first page of 25 (${bigAwaiting.n} waiting)`,
  `/api/sites/${big.id}/review-queue`,
);
await timed(`Review queue of ${BIG_SITE}, failing only`, `/api/sites/${big.id}/review-queue?verdict=FAIL`);
await timed('A report to review, with its revisions', `/api/reports/${report.id}`);
await timed("A report's history", `/api/audit?entityType=report&entityId=${report.id}`);
await timed("A site's history, first page of 50", `/api/audit?siteId=${someSite.site_id}&limit=50`);
await timed("A property's history, first page of 50", `/api/audit?propertyId=${someProperty.property_id}&limit=50`);
await timed('The whole history, first page of 50', '/api/audit?limit=50');
await timed('The whole history, one action, first page of 50', '/api/audit?action=approved&limit=50');

console.log(`\n| Call | Request | Median ms | p95 ms | Size / notes |\n|---|---|---|---|---|\n${rows.join('\n')}`);
stop();
