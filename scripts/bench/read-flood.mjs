// One engineer's read flood against the others: engineers open their home screen's reads on
// their own clocks, first quiet, then while one more engineer's stuck client asks for a page of the site's
// properties (200 of its 1,000 flats, with where each stands) in a loop: as many requests at once as --flood,
// each sent again the moment it is answered, never waiting for Retry-After. The figure is the others' read p99 during the flood over their p99 when quiet, in the same
// run on the same server (PostgreSQL, the product's default read limit).
//   npm run bench:flood [-- --seconds=20] [-- --engineers=100] [-- --flood=8] [-- --runs=3] [-- --compare=1]
// With --runs=N the figure is the median of N runs (a fresh server and database each time).
// --compare=1 runs it again on a server with the limit off (READ_LIMIT=0), to show what the limit holds off.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freshLoadDatabase } from './load-server.mjs';
import { percentile } from './paced-load.mjs';
import { median, recordFigure } from './results.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const arg = (name, dflt) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt);
const SECONDS = arg('seconds', 20);
const ENGINEERS = arg('engineers', 100);
const FLOOD = arg('flood', 8);
const PORT = arg('port', 3640);
const COMPARE = arg('compare', 0) === 1;
const RUNS = arg('runs', 1);
/** Each engineer opens home (sites, drafts, their flats) this often, at a phase of their own. */
const HOME_EVERY_MS = 3_000;
const HOME_READS = ['/api/sites', '/api/drafts', '/api/me/assignments'];
const TARGET_RATIO = 2;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function freshDatabase() {
  // The engineers and one more, the flooder, each with a session of their own.
  const { env, seed, cleanup } = await freshLoadDatabase('postgres', [`--engineers=${ENGINEERS + 1}`]);
  // An admin session straight into the database (no slow password check), to add the site's flats.
  const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
  const sql = new pg.Client({ connectionString: env.DATABASE_URL });
  await sql.connect();
  const token = randomBytes(32).toString('base64url');
  const { rows } = await sql.query(
    `INSERT INTO users (email, name, role, password_hash) SELECT 'flood-admin@example.com', 'Admin', 'admin', password_hash FROM users LIMIT 1 RETURNING id`,
  );
  await sql.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
    createHash('sha256').update(token).digest('base64url'),
    rows[0].id,
  ]);
  await sql.end();
  return {
    env: { DATABASE_URL: env.DATABASE_URL },
    siteId: seed.siteId,
    adminCookie: `hiu_session=${token}`,
    cookies: seed.cookies,
    drop: cleanup,
  };
}

async function startServer(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'warn', WEB_DIST: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(250);
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** The engineers at work for `seconds`: every home read's time, and any answer that was not 200. */
async function engineersAtWork(url, cookies, seconds) {
  const latencies = [];
  const failures = {};
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    cookies.map(async (cookie) => {
      await sleep(Math.random() * HOME_EVERY_MS);
      while (Date.now() < deadline) {
        const next = Date.now() + HOME_EVERY_MS;
        await Promise.all(
          HOME_READS.map(async (p) => {
            const started = performance.now();
            const res = await fetch(url + p, { headers: { cookie } }).catch(() => ({
              status: 0,
              text: async () => '',
            }));
            await res.text();
            latencies.push(performance.now() - started);
            if (res.status !== 200) failures[res.status] = (failures[res.status] ?? 0) + 1;
          }),
        );
        await sleep(Math.max(0, next - Date.now()));
      }
    }),
  );
  return { p99: percentile(latencies, 99), p50: percentile(latencies, 50), reads: latencies.length, failures };
}

/** The site gets 1,000 flats through the API, as an admin's bulk upload makes them. */
async function addFlats(url, db) {
  for (let batch = 0; batch < 5; batch++) {
    const properties = Array.from({ length: 200 }, (_, i) => ({
      address: `Flat ${batch * 200 + i + 2}, Load Court`,
      propertyType: '1b2p',
    }));
    const res = await fetch(`${url}/api/properties/bulk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: db.adminCookie },
      body: JSON.stringify({ siteId: db.siteId, properties }),
    });
    if (!res.ok) throw new Error(`bulk properties: ${res.status} ${await res.text()}`);
  }
}

/**
 * The stuck client, in a process of its own (so its work does not delay the engineers' clock): autocannon
 * keeps `FLOOD` requests in flight with one session, for `seconds`. Returns its answers by status.
 */
function flood(target, cookie, seconds) {
  const script = `
    import autocannon from 'autocannon';
    const statuses = {};
    const instance = autocannon({ url: ${JSON.stringify(target)}, connections: ${FLOOD},
      duration: ${seconds}, headers: { cookie: ${JSON.stringify(cookie)} } }, (err, res) => {
      if (err) throw err;
      console.log(JSON.stringify({ statuses, requests: res.requests.total, rps: res.requests.average }));
    });
    instance.on('response', (_client, status) => { statuses[status] = (statuses[status] ?? 0) + 1; });`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1))) : reject(out)));
  });
}

async function measure(label, env) {
  const db = await freshDatabase();
  const server = await startServer({ ...db.env, ...env });
  try {
    await addFlats(server.url, db);
    const [flooder, ...engineers] = db.cookies;
    const target = `${server.url}/api/properties?siteId=${db.siteId}&limit=200`;
    const first = await fetch(target, { headers: { cookie: flooder } });
    if (!first.ok) throw new Error(`the flooded read: ${first.status} ${await first.text()}`);
    // Warm-up, not measured: the first calls compile code and fill the database's caches.
    await engineersAtWork(server.url, engineers, 3);
    const quiet = await engineersAtWork(server.url, engineers, SECONDS);
    const [during, stuck] = await Promise.all([
      engineersAtWork(server.url, engineers, SECONDS),
      flood(target, flooder, SECONDS),
    ]);
    const ratio = during.p99 / Math.max(1, quiet.p99);
    console.log(
      `${label}: others' home reads p99 ${quiet.p99.toFixed(1)} ms quiet (p50 ${quiet.p50.toFixed(1)}, ${quiet.reads} reads), ` +
        `${during.p99.toFixed(1)} ms during the flood (p50 ${during.p50.toFixed(1)}, ${during.reads} reads): ${ratio.toFixed(2)}x; ` +
        `others' answers other than 200: quiet ${JSON.stringify(quiet.failures)}, flood ${JSON.stringify(during.failures)}; ` +
        `the flood: ${stuck.requests} requests (${Math.round(stuck.rps)}/s), answers ${JSON.stringify(stuck.statuses)}`,
    );
    return { quiet, during, stuck, ratio };
  } finally {
    await server.stop();
    await db.drop();
  }
}

console.log(
  `Read flood: ${ENGINEERS} engineers open home (${HOME_READS.length} reads) every ${HOME_EVERY_MS / 1000} s, ` +
    `${SECONDS} s quiet, then ${SECONDS} s beside one engineer's client looping on GET /api/properties (200 of 1,000 flats) with ${FLOOD} requests at once (PostgreSQL).`,
);
const runs = [];
for (let i = 0; i < RUNS; i++) runs.push(await measure(`read limit on (default), run ${i + 1}`, {}));
const ratio = median(runs.map((r) => r.ratio));
const othersRefused = runs.reduce((n, r) => n + Object.values(r.during.failures).reduce((a, b) => a + b, 0), 0);
recordFigure({
  bench: 'read-flood',
  name: "others' read p99, flood / quiet",
  value: ratio,
  unit: 'x',
  target: `<= ${TARGET_RATIO} x`,
  pass: ratio <= TARGET_RATIO && othersRefused === 0,
  note: `${RUNS === 1 ? 'one run' : `median of ${RUNS} runs`}; others' reads not answered 200: ${othersRefused}`,
});
if (COMPARE) {
  const open = [];
  for (let i = 0; i < RUNS; i++)
    open.push(await measure(`read limit off (READ_LIMIT=0), run ${i + 1}`, { READ_LIMIT: '0' }));
  recordFigure({
    bench: 'read-flood',
    name: "others' read p99, flood / quiet, limit off",
    value: median(open.map((r) => r.ratio)),
    unit: 'x',
    note: 'reported, no target',
  });
}
