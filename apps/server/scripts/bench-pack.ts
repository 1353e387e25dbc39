// Benchmarks a 1,000-flat site's dashboard and evidence pack against the bench database (seed-reports.ts):
// adds the site (1,000 flats, one report each, with the seed's stored PDF) once, then times the dashboard's
// first data and packs built from scratch (each a new pack, one after another; the first gives the build time
// and the server's memory growth, sampled while it builds). Meanwhile other engineers of the site save their
// drafts at the field's pace (paced-load.mjs: each every few seconds on its own clock): their saves are timed
// with nothing being built (idle), then those due while a pack builds, in the same run and on the same server,
// and the ratio of the two p99s is printed (target: at most 2x).
//   DATABASE_URL=postgres://... npx tsx apps/server/scripts/bench-pack.ts [--port 3606] [--runs 20]
//   DATA_DIR=/path/to/copy     npx tsx apps/server/scripts/bench-pack.ts ...   (its PGlite copy, copy-to-pglite.ts)
//   [--engineers 100] [--every 3] [--idle 20] [--builds 10] [--timeline FILE]
//   (engineers saving, seconds between saves, seconds of idle saves, packs built in turn, each save and the
//   builds' progress written as JSON)
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { checkUpToStep, roomsSetAsExpected } from '@hiu/domain/testing';
import { SESSION_COOKIE } from '../src/http/access.js';
import { createRepositories } from '../src/repositories/index.js';
import { benchTarget, openBenchDatabase, pct, startBenchServer, TABLE_HEAD } from './bench-server.js';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '3606' },
    runs: { type: 'string', default: '20' },
    engineers: { type: 'string', default: '100' },
    every: { type: 'string', default: '3' },
    idle: { type: 'string', default: '20' },
    builds: { type: 'string', default: '10' },
    // Writes each save's due time and latency, and the pack's progress as polled, to this JSON file.
    timeline: { type: 'string' },
  },
});
const runs = Number(args.runs);
const ENGINEERS = Number(args.engineers);
const EVERY_MS = Number(args.every) * 1000;
const IDLE_S = Number(args.idle);
/**
 * Packs built one after another while the saves go on: a build of a second sees about 30 saves, so ten give the
 * busy p99 a few hundred (with three, about 60, it was the slowest save alone).
 */
const BUILDS = Number(args.builds);
/** The draft savers run in windows of this many seconds, one after another, until the pack is built. */
const WINDOW_S = 10;
const target = benchTarget();
const SITE = 'Pack Bench Site';
const FLATS = 1000;
/** The engineers who save drafts; their own accounts, kept for the next run. */
const ENGINEER_EMAIL = (i: number) => `pack-draft-engineer-${String(i).padStart(3, '0')}@example.com`;

interface SaveRun {
  latencies: number[];
  dueAt: number[];
  errors: number;
  loadGeneratorDelayP99: number;
}
const paced = (await import(
  pathToFileURL(path.resolve(import.meta.dirname, '../../../scripts/bench/paced-load.mjs')).href
)) as {
  draftSavers(o: {
    url: string;
    bodies: string[];
    cookies: string[];
    everyMs: number;
    seconds: number;
  }): Promise<SaveRun>;
  percentile(values: number[], p: number): number;
};

// Set-up through the app's own code (which migrates), before the server starts.
const bench = await openBenchDatabase(target);
let found = (
  await bench.rows<{ id: string }>(
    sql`SELECT id FROM sites s WHERE name = ${SITE} AND EXISTS (SELECT 1 FROM reports r WHERE r.site_id = s.id)`,
  )
)[0];
if (!found) {
  await bench.rows(sql`DELETE FROM sites WHERE name = ${SITE}`);
  // One flat per report, copied from a seeded report (its data and stored PDF), half a block each.
  found = await bench.one<{ id: string }>(
    sql`INSERT INTO sites (name, location, available_building_types, design_parameters)
       SELECT ${SITE}, 'Bench', available_building_types, design_parameters FROM sites LIMIT 1 RETURNING id`,
  );
  await bench.rows(
    sql`INSERT INTO properties (site_id, address, property_type, block, floor)
     SELECT ${found.id}, 'Flat ' || g, '2b4p', CASE WHEN g <= ${FLATS}::int / 2 THEN 'A' ELSE 'B' END, (g % 10)::text
     FROM generate_series(1, ${FLATS}::int) g`,
  );
  await bench.rows(
    sql`INSERT INTO reports (id, user_id, site_id, property_id, site_name, property_address, dwelling_type, hiu_model, hiu_serial,
       engineer_name, start_time, completed_at, overall_status, notes, failed_step, failure_reasons, ranges, ranges_source,
       wizard_data, pdf_file_id, pdf_filename, review_state)
     SELECT gen_random_uuid(), t.user_id, ${found.id}, p.id, ${SITE}, p.address, t.dwelling_type, t.hiu_model, t.hiu_serial, t.engineer_name, t.start_time,
       t.completed_at + (row_number() OVER ()) * interval '1 minute', t.overall_status, t.notes, t.failed_step,
       t.failure_reasons, t.ranges, t.ranges_source, t.wizard_data, t.pdf_file_id, t.pdf_filename, 'approved'
     FROM properties p CROSS JOIN (SELECT * FROM reports WHERE pdf_file_id IS NOT NULL AND site_name <> ${SITE} LIMIT 1) t
     WHERE p.site_id = ${found.id}`,
  );
}
const site = found;

// The site's engineers: members of this site only (a new engineer joins every site), each with a session made
// as sign-in makes it, and each with a flat of the site to save a half-done check of.
for (let i = 0; i < ENGINEERS; i++)
  await bench.rows(
    sql`INSERT INTO users (email, name, role, password_hash)
      SELECT ${ENGINEER_EMAIL(i)}, ${`Pack Draft Engineer ${i}`}, 'engineer', 'no sign-in: session made by the bench'
      WHERE NOT EXISTS (SELECT 1 FROM users WHERE email = ${ENGINEER_EMAIL(i)})`,
  );
const engineers = await bench.rows<{ id: string }>(
  sql`SELECT id FROM users WHERE email LIKE 'pack-draft-engineer-%' ORDER BY email LIMIT ${ENGINEERS}`,
);
const engineerIds = sql.join(
  engineers.map((e) => sql`${e.id}::uuid`),
  sql`, `,
);
await bench.rows(sql`DELETE FROM site_members WHERE user_id IN (${engineerIds}) AND site_id <> ${site.id}`);
await bench.rows(
  sql`INSERT INTO site_members (site_id, user_id) SELECT ${site.id}, id FROM users WHERE id IN (${engineerIds})
      ON CONFLICT DO NOTHING`,
);
const flats = await bench.rows<{ id: string; address: string }>(
  sql`SELECT id, address FROM properties WHERE site_id = ${site.id} ORDER BY address LIMIT ${ENGINEERS}`,
);
const repos = createRepositories(bench.database.db);
const cookies: string[] = [];
for (const e of engineers) cookies.push(`${SESSION_COOKIE}=${(await repos.users.createSession(e.id)).token}`);
await bench.close();

const ROOMS = roomsSetAsExpected(
  Object.fromEntries(['Hall', 'Living Room', 'Kitchen', 'Bedroom 1', 'Bedroom 2'].map((r) => [r, '2.5'])),
);
/** Each engineer keeps saving one draft: a check half done (steps 1-5), as api-load.mjs saves it. */
const draftIds = engineers.map(() => randomUUID());
const bodies = engineers.map((_, i) => {
  const flat = flats[i % flats.length]!;
  return JSON.stringify({
    id: draftIds[i],
    siteId: site.id,
    propertyId: flat.id,
    currentStep: 'Heating Mode',
    wizardData: checkUpToStep(5, {
      site: { id: site.id, name: SITE },
      propertyId: flat.id,
      address: flat.address,
      dwellingType: '2b4p',
      startTime: new Date().toISOString(),
      radiators: { roomChecks: ROOMS },
    }),
  });
});

const server = await startBenchServer(args.port!, target);
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

/** Draft saves in windows of WINDOW_S seconds until `until()` says stop (or `seconds` have passed). */
async function saving(until: () => boolean, seconds = Infinity): Promise<SaveRun> {
  const all: SaveRun = { latencies: [], dueAt: [], errors: 0, loadGeneratorDelayP99: 0 };
  const started = performance.now();
  while (!until() && performance.now() - started < seconds * 1000 - 1) {
    const left = Math.min(WINDOW_S, Math.round(seconds - (performance.now() - started) / 1000));
    const w = await paced.draftSavers({ url: server.base, bodies, cookies, everyMs: EVERY_MS, seconds: left });
    all.latencies.push(...w.latencies);
    all.dueAt.push(...w.dueAt);
    all.errors += w.errors;
    all.loadGeneratorDelayP99 = Math.max(all.loadGeneratorDelayP99, w.loadGeneratorDelayP99);
  }
  return all;
}
const within = (r: SaveRun, from: number, to: number) =>
  r.latencies.filter((_, i) => r.dueAt[i]! >= from && r.dueAt[i]! <= to);

// A new pack's request is answered with the site's pack still being built, if there is one (another run's):
// that is waited out, before the idle saves and before each build.
type Pack = { id: string; state: string; done: number; total: number };
const packsOf = async () => (await (await call(`/api/sites/${site.id}/evidence-packs`)).json()) as Pack[];
async function noPackBuilding() {
  for (let i = 0; (await packsOf()).some((p) => p.state === 'queued' || p.state === 'running'); i++) {
    if (i === 0) console.log('Waiting for a pack of the site that is already being built (another run) to finish');
    if (i > 1200) throw new Error('A pack of the site has been building for 10 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
}

// Warm-up (each engineer's first save makes their draft; later ones update it), then the idle saves.
await noPackBuilding();
await saving(() => false, 2 * (EVERY_MS / 1000));
const packsBeforeIdle = (await packsOf()).length;
const idle = await saving(() => false, IDLE_S);
const idleLoad = os.loadavg()[0]!;
/** A pack built by another run while the idle saves were timed would make them no idle figure. */
const idleDisturbed = (await packsOf()).length !== packsBeforeIdle;

// The packs: each a new one, built from the start, one after another, while the engineers go on saving; the
// saves due while one was building are the busy ones. The first build gives the build time and memory figures.
interface Build {
  id: string;
  seconds: number;
  state: Pack;
  from: number;
  to: number;
  before: number;
  peak: number;
  progress: { at: number; done: number; state: string }[];
}
const builds: Build[] = [];
let allBuilt = false;
const busyRun = saving(() => allBuilt);
for (let b = 0; b < BUILDS; b++) {
  await noPackBuilding();
  const earlier = new Set((await packsOf()).map((p) => p.id));
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
  const from = Date.now();
  const started = performance.now();
  const pack = (await (await call(`/api/sites/${site.id}/evidence-packs`, 'POST')).json()) as Pack;
  if (earlier.has(pack.id) || pack.state !== 'queued' || pack.done !== 0)
    throw new Error(`The request did not start a new pack: ${JSON.stringify(pack)}`);
  let state: Pack = pack;
  const progress: Build['progress'] = [];
  while (state.state !== 'done' && state.state !== 'failed') {
    await new Promise((r) => setTimeout(r, 250));
    state = (await (await call(`/api/evidence-packs/${pack.id}`)).json()) as Pack;
    progress.push({ at: Date.now() - from, done: state.done, state: state.state });
  }
  const seconds = (performance.now() - started) / 1000;
  const to = Date.now();
  clearInterval(sampler);
  peak = Math.max(peak, rss());
  builds.push({ id: pack.id, seconds, state, from, to, before, peak, progress });
  await new Promise((r) => setTimeout(r, 1000)); // a second between builds
}
allBuilt = true;
const busyLoad = os.loadavg()[0]!;
const busyAll = await busyRun;
const busy = builds.flatMap((b) => within(busyAll, b.from, b.to));
if (args.timeline)
  fs.writeFileSync(
    args.timeline,
    JSON.stringify({
      builds: builds.map((b) => ({ from: b.from, to: b.to, progress: b.progress })),
      saves: busyAll.latencies.map((ms, i) => ({ due: Math.round(busyAll.dueAt[i]!), ms: Math.round(ms) })),
    }),
  );
const first = builds[0]!;
// The latest pack: an earlier one is superseded by the next build and no longer downloads.
const dl = await call(`/api/evidence-packs/${builds.at(-1)!.id}/download`);
const zipBytes = (await dl.arrayBuffer()).byteLength;

// The engineers' drafts go, so the site's dashboard is as before at the next run.
for (const [i, id] of draftIds.entries())
  await fetch(`${server.base}/api/drafts/${id}`, { method: 'DELETE', headers: { cookie: cookies[i]! } });
await server.stopped();

const p = (xs: number[], q: number) => paced.percentile(xs, q);
const [idle50, idle99, busy50, busy99] = [p(idle.latencies, 50), p(idle.latencies, 99), p(busy, 50), p(busy, 99)];
const buildTimes = builds.map((b) => b.seconds.toFixed(1)).join(' / ');
console.log(`\nDatabase: ${target.kind}.`);
console.log(`\n${TABLE_HEAD}`);
console.log(
  `| Dashboard of a ${FLATS}-flat site | \`GET /api/sites/${site.id}/dashboard\` | ${median.toFixed(1)} | ${pct(times, 0.95).toFixed(1)} | - |`,
);
console.log(
  `| Evidence pack of a ${FLATS}-flat site | \`POST /api/sites/${site.id}/evidence-packs\` | ${(first.seconds * 1000).toFixed(0)} | - | ${first.state.state}, ${first.state.done} of ${first.state.total}; ZIP ${(zipBytes / 1024 / 1024).toFixed(1)} MB; server RSS ${first.before.toFixed(0)} -> peak ${first.peak.toFixed(0)} MB; ${ENGINEERS} engineers saving drafts meanwhile; ${BUILDS} builds: ${buildTimes} s, RSS peaks ${builds.map((b) => b.peak.toFixed(0)).join(' / ')} MB |`,
);
console.log(
  `| Draft saves while the pack builds, ${ENGINEERS} engineers every ${EVERY_MS / 1000} s | \`POST /api/drafts\` | ${busy50.toFixed(1)} | - | p99 ${busy99.toFixed(1)} ms during vs ${idle99.toFixed(1)} ms idle: ratio ${(busy99 / idle99).toFixed(2)}x; p50 ${busy50.toFixed(1)} / ${idle50.toFixed(1)} ms; ${busy.length} saves during ${BUILDS} builds (${buildTimes} s), ${idle.latencies.length} in ${IDLE_S} s idle${idleDisturbed ? ' (DISTURBED: another run built a pack of the site meanwhile)' : ''}; ${idle.errors + busyAll.errors} errors; load average ${idleLoad.toFixed(1)} idle / ${busyLoad.toFixed(1)} busy; load generator's delay p99 ${Math.max(idle.loadGeneratorDelayP99, busyAll.loadGeneratorDelayP99).toFixed(1)} ms |`,
);
