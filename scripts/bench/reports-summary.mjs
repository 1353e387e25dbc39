// The Reports screen's site summary at 500,000 reports (docs/product.md#reports, target 6 of docs/benchmarks.md):
// each collapsed site's report count and Pass / Fail badges come from counts the database keeps per site, so their
// call and the screen's first draw do not grow with the reports. Seeds its own PostgreSQL database with SQL (one to five
// minutes: small rows, no PDFs or CSV lines, which this screen never reads), then times GET /api/reports/by-site and
// the screen drawing its first sites with their badges at 390x844 in Chromium.
//   npm run build && npm run bench:reports-summary [-- --db=hiu_bench_summary] [--reseed] [--runs=20] [--port=3620]
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { ensurePostgres } from '../ensure-postgres.mjs';
import { launchChromium } from './browser-lib.mjs';
import { median, recordFigure } from './results.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const arg = (name, dflt) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt;
const DB = arg('db', 'hiu_bench_summary');
const RUNS = Number(arg('runs', '20'));
const RENDERS = Number(arg('renders', '5'));
const PORT = Number(arg('port', '3620'));
const REPORTS = 500_000;
const SITES = 1_000;
const ADMIN = { email: 'summary-admin@example.com', password: 'summary-password-1' };
/** A screen's first data (as the other scale figures); the screen's first sites drawn once their data is in. */
const CALL_MS = 100;
const RENDER_MS = 200;
/** The screen draws this many sites at first (reports-page.tsx). */
const FIRST_SITES = 50;

const base = await ensurePostgres({ log: () => {} });
const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
const url = new URL(base);
url.pathname = `/${DB}`;
const databaseUrl = url.toString();

const admin = new pg.Client({ connectionString: base });
await admin.connect();
if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB])).rowCount === 0)
  await admin.query(`CREATE DATABASE "${DB}"`);
await admin.end();

// Migrations through the app's own code, then the data in SQL.
const { openDatabase } = await tsImport('../../apps/server/src/db/client.ts', import.meta.url);
await (await openDatabase({ databaseUrl })).close();
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const have = Number((await db.query('SELECT count(*) AS n FROM reports')).rows[0].n);
if (have !== REPORTS || process.argv.includes('--reseed')) {
  const t0 = performance.now();
  const { hashPassword } = await tsImport('../../apps/server/src/http/passwords.ts', import.meta.url);
  await db.query(`CREATE FUNCTION pg_temp.v4(t text) RETURNS uuid IMMUTABLE LANGUAGE sql AS $$
    SELECT (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-8' || substr(h, 18, 3) || '-' || substr(h, 21, 12))::uuid
    FROM md5(t) h $$`);
  await db.query('BEGIN');
  await db.query('TRUNCATE reports CASCADE'); // and what refers to them: bench data only
  await db.query(
    `INSERT INTO users (id, email, name, role, password_hash) VALUES (pg_temp.v4('summary-admin'), $1, 'Summary Admin', 'admin', $2)
     ON CONFLICT (id) DO UPDATE SET password_hash = excluded.password_hash, active = true`,
    [ADMIN.email, await hashPassword(ADMIN.password)],
  );
  await db.query(
    `INSERT INTO sites (id, name, location, available_building_types, design_parameters)
     SELECT pg_temp.v4('summary-site' || n), 'Summary Site ' || lpad(n::text, 4, '0'), 'Bench City', '["1b2p"]'::jsonb, '{}'::jsonb
     FROM generate_series(1, $1::int) n ON CONFLICT (id) DO NOTHING`,
    [SITES],
  );
  // Ten statements of 50,000: the triggers that keep the counts run once per statement.
  for (let from = 1; from <= REPORTS; from += 50_000) {
    await db.query(
      `INSERT INTO reports (id, user_id, site_id, property_id, site_name, property_address, dwelling_type, hiu_model,
         hiu_serial, engineer_name, start_time, completed_at, overall_status, notes, failed_step, failure_reasons,
         ranges, ranges_source, wizard_data, pdf_file_id, pdf_filename)
       SELECT pg_temp.v4('summary-report' || g), pg_temp.v4('summary-admin'), pg_temp.v4('summary-site' || (g % $3::int + 1)),
              NULL, 'Summary Site ' || lpad((g % $3::int + 1)::text, 4, '0'), 'Flat ' || (g % 400 + 1), '1b2p', 'Evo',
              'SN' || g, 'Summary Admin', '2026-01-01T09:00:00.000Z', timestamptz '2024-06-01' + g * interval '97 seconds',
              CASE WHEN g % 10 < 7 THEN 'PASS' WHEN g % 10 < 9 THEN 'FAIL' ELSE 'PENDING' END, '', NULL, '[]'::jsonb,
              '{}'::jsonb, 'site', '{}'::json, NULL, 'HIU_SN' || g || '.pdf'
       FROM generate_series($1::int, $2::int) g`,
      [from, Math.min(REPORTS, from + 49_999), SITES],
    );
  }
  await db.query('COMMIT');
  await db.query('VACUUM (ANALYZE) reports');
  console.log(`Seeded ${REPORTS} reports over ${SITES} sites in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
const kept = (await db.query('SELECT sum(total)::int AS total, count(*)::int AS sites FROM report_site_counts'))
  .rows[0];
await db.end();
console.log(`Database ${DB}: the kept counts say ${kept.total} reports over ${kept.sites} sites`);

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
process.on('exit', () => server.kill('SIGTERM'));
const origin = `http://127.0.0.1:${PORT}`;
for (let i = 0; ; i++) {
  const up = await fetch(`${origin}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (i > 360) throw new Error('the server did not start within 3 minutes');
  await new Promise((r) => setTimeout(r, 500));
}
const login = await fetch(`${origin}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin },
  body: JSON.stringify(ADMIN),
});
if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];

// The call the screen makes, from request to last byte; each run asks anew (no ETag), as a first visit does.
const times = [];
let body;
for (let i = 0; i <= RUNS; i++) {
  const start = performance.now();
  const res = await fetch(`${origin}/api/reports/by-site`, { headers: { cookie } });
  body = await res.json();
  if (!res.ok) throw new Error(`GET /api/reports/by-site: ${res.status}`);
  if (i > 0) times.push(performance.now() - start); // the first warms the connection and the plan
}
const total = body.reduce((n, s) => n + s.reports, 0);
if (total !== REPORTS || body.length !== SITES)
  throw new Error(`the screen's sites say ${total} reports over ${body.length} sites, not ${REPORTS} over ${SITES}`);
const p95 = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)];
recordFigure({
  bench: 'reports-summary',
  name: `Reports screen's site summary call, ${REPORTS.toLocaleString('en-GB')} reports over ${SITES} sites (median of ${RUNS})`,
  value: median(times),
  unit: 'ms',
  target: `<= ${CALL_MS} ms`,
  pass: median(times) <= CALL_MS,
  note: `(p95 ${p95.toFixed(1)} ms, ${(JSON.stringify(body).length / 1024).toFixed(0)} KB)`,
});

// The screen: from navigation to its first sites drawn with their count and badges, at a phone's size.
const browser = await launchChromium();
const drawn = [];
try {
  for (let i = 0; i <= RENDERS; i++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: origin }]);
    const page = await context.newPage();
    await page.goto(`${origin}/admin/reports`);
    const ms = await page.waitForFunction(
      (n) => {
        const summaries = globalThis.document.querySelectorAll('[data-testid="site-summary"]');
        if (summaries.length < n || !/Pass/.test(summaries[n - 1].textContent)) return null;
        const answer = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/api/reports/by-site'));
        return { drawn: performance.now(), afterData: answer ? performance.now() - answer.responseEnd : NaN };
      },
      FIRST_SITES,
      { polling: 'raf', timeout: 60_000 },
    );
    if (i > 0) drawn.push(await ms.jsonValue()); // the first fills the server's caches and the browser's
    await context.close();
  }
} finally {
  await browser.close();
}
const afterData = drawn.map((d) => d.afterData);
console.log(
  `Load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (1/5/15 min) on ${os.cpus().length} cores`,
);
recordFigure({
  bench: 'reports-summary',
  name: `Reports screen's render: its answer received to the first ${FIRST_SITES} sites drawn with count and badges, 390x844 (median of ${RENDERS})`,
  value: median(afterData),
  unit: 'ms',
  target: `<= ${RENDER_MS} ms`,
  pass: median(afterData) <= RENDER_MS,
  note: `(runs ${afterData.map((d) => d.toFixed(0)).join(' / ')} ms)`,
});
// Mostly the screen's code arriving and starting, which the first-load benchmarks measure.
recordFigure({
  bench: 'reports-summary',
  name: `Reports screen from navigation to the same, 390x844 (median of ${RENDERS})`,
  value: median(drawn.map((d) => d.drawn)),
  unit: 'ms',
  note: `(runs ${drawn.map((d) => d.drawn.toFixed(0)).join(' / ')} ms; no target)`,
});
process.exitCode = median(times) <= CALL_MS && median(afterData) <= RENDER_MS ? 0 : 1;
server.kill('SIGTERM');
