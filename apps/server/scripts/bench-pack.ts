// Benchmarks a 1,000-flat site's dashboard and evidence pack against the bench database (seed-reports.ts):
// adds the site (1,000 flats, one report each, with the seed's stored PDF) once, then times the dashboard's
// first data and a pack built from scratch, sampling the server's memory while it builds.
//   DATABASE_URL=postgres://... npx tsx apps/server/scripts/bench-pack.ts [--port 3606] [--runs 20]
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { startBenchServer, TABLE_HEAD } from './bench-server.js';

const { values: args } = parseArgs({
  options: { port: { type: 'string', default: '3606' }, runs: { type: 'string', default: '20' } },
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
await db.end();

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

const before = rss();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
const started = performance.now();
const pack = (await (await call(`/api/sites/${site.id}/evidence-packs`, 'POST')).json()) as { id: string };
let state = { state: 'queued', done: 0, total: 0 };
while (state.state !== 'done' && state.state !== 'failed') {
  await new Promise((r) => setTimeout(r, 250));
  state = (await (await call(`/api/evidence-packs/${pack.id}`)).json()) as typeof state;
}
const built = (performance.now() - started) / 1000;
const dl = await call(`/api/evidence-packs/${pack.id}/download`);
const zipBytes = (await dl.arrayBuffer()).byteLength;
clearInterval(sampler);
peak = Math.max(peak, rss());

console.log(`\n${TABLE_HEAD}`);
console.log(
  `| Dashboard of a ${FLATS}-flat site | \`GET /api/sites/${site.id}/dashboard\` | ${median.toFixed(1)} | ${times[Math.floor(times.length * 0.95)]!.toFixed(1)} | - |`,
);
console.log(
  `| Evidence pack of a ${FLATS}-flat site | \`POST /api/sites/${site.id}/evidence-packs\` | ${(built * 1000).toFixed(0)} | - | ${state.state}, ${state.done} of ${state.total}; ZIP ${(zipBytes / 1024 / 1024).toFixed(1)} MB; server RSS ${before.toFixed(0)} -> peak ${peak.toFixed(0)} MB |`,
);
server.stop();
