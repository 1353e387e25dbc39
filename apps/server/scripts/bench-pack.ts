// Benchmarks a 1,000-flat site's dashboard and evidence pack against the bench database (seed-reports.ts):
// adds the site (1,000 flats, one report each, with the seed's stored PDF) once, then times the dashboard's
// first data and a pack built from scratch, sampling the server's memory while it builds, and the draft saves of
// other engineers (each saving every 3 s on its own clock) with nothing built and while packs build, in one run.
//   DATABASE_URL=postgres://... npx tsx apps/server/scripts/bench-pack.ts [--port 3606] [--runs 20]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { passingCheck } from '@hiu/domain/testing';
import { openDatabase } from '../src/db/client.js';
import { createRepositories } from '../src/repositories/index.js';
import { SESSION_COOKIE } from '../src/http/access.js';
import { startBenchServer, TABLE_HEAD } from './bench-server.js';
// @ts-expect-error: the rig's load generator is plain JavaScript
import { draftSavers, percentile } from '../../../scripts/bench/paced-load.mjs';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '3606' },
    runs: { type: 'string', default: '20' },
    engineers: { type: 'string', default: '100' },
  },
});
const runs = Number(args.runs);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the seeded PostgreSQL database');
const SITE = 'Pack Bench Site';
const FLATS = 1000;

// Migrations first, through the app's own code.
await (await openDatabase({ databaseUrl })).close();
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
let [site] = (
  await db.query(`SELECT id FROM sites s WHERE name = $1 AND EXISTS (SELECT 1 FROM reports r WHERE r.site_id = s.id)`, [
    SITE,
  ])
).rows;
if (!site) {
  await db.query(`DELETE FROM sites WHERE name = $1`, [SITE]);
  // One flat per report, copied from a seeded report (its data and stored PDF), half a block each.
  site = (
    await db.query(
      `INSERT INTO sites (name, location, available_building_types, design_parameters)
       SELECT $1, 'Bench', available_building_types, design_parameters FROM sites LIMIT 1 RETURNING id`,
      [SITE],
    )
  ).rows[0];
  await db.query(
    `INSERT INTO properties (site_id, address, property_type, block, floor)
     SELECT $1, 'Flat ' || g, '2b4p', CASE WHEN g <= $2 / 2 THEN 'A' ELSE 'B' END, (g % 10)::text
     FROM generate_series(1, $2::int) g`,
    [site.id, FLATS],
  );
  await db.query(
    `INSERT INTO reports (id, user_id, site_id, property_id, site_name, property_address, dwelling_type, hiu_model, hiu_serial,
       engineer_name, start_time, completed_at, overall_status, notes, failed_step, failure_reasons, ranges, ranges_source,
       wizard_data, pdf_file_id, pdf_filename, review_state)
     SELECT gen_random_uuid(), t.user_id, $1, p.id, $2, p.address, t.dwelling_type, t.hiu_model, t.hiu_serial, t.engineer_name, t.start_time,
       t.completed_at + (row_number() OVER ()) * interval '1 minute', t.overall_status, t.notes, t.failed_step,
       t.failure_reasons, t.ranges, t.ranges_source, t.wizard_data, t.pdf_file_id, t.pdf_filename, 'approved'
     FROM properties p CROSS JOIN (SELECT * FROM reports WHERE pdf_file_id IS NOT NULL AND site_name <> $2 LIMIT 1) t
     WHERE p.site_id = $1`,
    [site.id, SITE],
  );
}
// Engineers of the site who save drafts while the pack builds, each with a session made as sign-in makes it.
const ENGINEERS = Number(args.engineers);
await db.query(
  `INSERT INTO users (email, name, role, password_hash)
   SELECT 'pack-bench-engineer-' || g || '@example.com', 'Pack Bench Engineer ' || g, 'engineer', 'not-used'
   FROM generate_series(1, $1::int) g ON CONFLICT DO NOTHING`,
  [ENGINEERS],
);
const { rows: engineers } = await db.query(
  `SELECT id FROM users WHERE email LIKE 'pack-bench-engineer-%' ORDER BY email LIMIT $1`,
  [ENGINEERS],
);
await db.query(
  `INSERT INTO site_members (site_id, user_id) SELECT $1, id FROM users WHERE email LIKE 'pack-bench-engineer-%'
   ON CONFLICT DO NOTHING`,
  [site.id],
);
const { rows: flats } = await db.query(`SELECT id FROM properties WHERE site_id = $1 ORDER BY id LIMIT $2`, [
  site.id,
  ENGINEERS,
]);
await db.end();
const sessions = await openDatabase({ databaseUrl });
const repos = createRepositories(sessions.db);
const cookies: string[] = [];
for (const e of engineers) cookies.push(`${SESSION_COOKIE}=${(await repos.users.createSession(e.id)).token}`);
await sessions.close();
const bodies = engineers.map((_, i) =>
  JSON.stringify({
    id: randomUUID(),
    siteId: site.id,
    propertyId: flats[i % flats.length].id,
    currentStep: 'Heating Checks',
    wizardData: passingCheck({ site: { id: site.id, name: SITE }, propertyId: flats[i % flats.length].id }),
  }),
);
const DRAFT_EVERY_MS = 3000;
const server = await startBenchServer(args.port!, databaseUrl);
const { call, rss } = server;

const times: number[] = [];
await call(`/api/sites/${site.id}/dashboard`);
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  const res = await call(`/api/sites/${site.id}/dashboard`);
  await res.arrayBuffer();
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;

// One pack built from scratch: its time and the server's memory while it builds.
const buildPack = async () => {
  const pack = (await (await call(`/api/sites/${site.id}/evidence-packs`, 'POST')).json()) as { id: string };
  let state = { state: 'queued', done: 0, total: 0 };
  while (state.state !== 'done' && state.state !== 'failed') {
    await new Promise((r) => setTimeout(r, 250));
    state = (await (await call(`/api/evidence-packs/${pack.id}`)).json()) as typeof state;
  }
  return { id: pack.id, state };
};
const before = rss();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
const started = performance.now();
const first = await buildPack();
const built = (performance.now() - started) / 1000;
const state = first.state;
const dl = await call(`/api/evidence-packs/${first.id}/download`);
const zipBytes = (await dl.arrayBuffer()).byteLength;
clearInterval(sampler);
peak = Math.max(peak, rss());

// Draft saves in one run of the load generator (after 5 s of warm-up): 15 s with nothing built, then packs
// built one after another for 25 s; each save counts as quiet or building by when it was due.
const url = `http://127.0.0.1:${args.port}`;
await draftSavers({ url, bodies, cookies, everyMs: DRAFT_EVERY_MS, seconds: 5 });
const runStart = Date.now();
const savers = draftSavers({ url, bodies, cookies, everyMs: DRAFT_EVERY_MS, seconds: 42 });
await new Promise((r) => setTimeout(r, 15_000));
const building: [number, number][] = [];
while (Date.now() - runStart < 40_000) {
  const from = Date.now();
  await buildPack();
  building.push([from, Date.now()]);
}
const all = (await savers) as { latencies: number[]; dueAt: number[]; errors: number };
const during = (t: number) => building.some(([a, b]) => t >= a && t <= b);
const quiet = { latencies: all.latencies.filter((_, i) => all.dueAt[i]! < runStart + 15_000) };
const busy = { latencies: all.latencies.filter((_, i) => during(all.dueAt[i]!)), errors: all.errors };

console.log(`\n${TABLE_HEAD}`);
console.log(
  `| Dashboard of a ${FLATS}-flat site | \`GET /api/sites/${site.id}/dashboard\` | ${median.toFixed(1)} | ${times[Math.floor(times.length * 0.95)]!.toFixed(1)} | - |`,
);
console.log(
  `| Evidence pack of a ${FLATS}-flat site | \`POST /api/sites/${site.id}/evidence-packs\` | ${(built * 1000).toFixed(0)} | - | ${state.state}, ${state.done} of ${state.total}; ZIP ${(zipBytes / 1024 / 1024).toFixed(1)} MB; server RSS ${before.toFixed(0)} -> peak ${peak.toFixed(0)} MB |`,
);
const [p99Quiet, p99Busy] = [percentile(quiet.latencies, 99), percentile(busy.latencies, 99)];
console.log(
  `| Draft saves while the pack builds, ${ENGINEERS} engineers every ${DRAFT_EVERY_MS / 1000} s | \`POST /api/drafts\` | ${percentile(busy.latencies, 50).toFixed(1)} | - | p99 ${p99Busy.toFixed(1)} ms during ${building.length} builds vs ${p99Quiet.toFixed(1)} ms quiet: ${(p99Busy / p99Quiet).toFixed(2)}x; ${busy.latencies.length} + ${quiet.latencies.length} saves, ${busy.errors} errors |`,
);
server.stop();
