// The busiest reads at full speed beside a bare node:http route, in turns in the same run (docs/benchmarks.md):
// the site list, my assignments, a site's flats and my reports, each by 200 engineers in turn (each with their
// own session), 50 connections, on the embedded database and on PostgreSQL. The app runs as installed: its
// default log level, its log written (to nowhere).
//   npm run bench:reads [-- --seconds=10] [-- --runs=3] [-- --only=pglite|postgres] [-- --port=3611]
//   npm run bench:reads -- --answer-cache=off: every read asks the database, as a read after a change does
//   npm run bench:reads -- --profile=sites|assignments|flats|reports [--only=...]
//     one read under a CPU profile instead: where the server's time went, by package and by function.
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { printProfile, summariseProfile } from './cpu-profile.mjs';
import { cpuMs, freshLoadDatabase, postgresCpuMs, startProcess } from './load-server.mjs';
import { median, recordFigure } from './results.mjs';

const arg = (name, dflt) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt;
const SECONDS = Number(arg('seconds', 10));
const RUNS = Number(arg('runs', 3));
const CONNECTIONS = Number(arg('connections', 50));
const APP_PORT = Number(arg('port', 3611));
const BARE_PORT = APP_PORT + 1;
const PROFILE = arg('profile', '');
/** The app's response cache on, as installed, or off: the figure of a read nothing answers. */
const CACHE_OFF = arg('answer-cache', 'on') === 'off';
const ENGINEERS = 200;
/** A contractor's working data: 20 sites of 200 flats; each engineer on 3 sites, 10 flats, 25 reports. */
const SEED = [
  `--engineers=${ENGINEERS}`,
  '--sites=20',
  '--flats=200',
  '--member-of=3',
  '--assigned=10',
  '--reports=25',
];
const TARGET = { postgres: 0.15, pglite: 0.05 };

/** Each read, as engineer i asks it (their first site is theirs to list). */
const READS = {
  sites: () => '/api/sites',
  assignments: () => '/api/me/assignments',
  flats: (i, seed) => `/api/properties?siteId=${seed.siteIds[i % seed.siteIds.length]}&limit=50`,
  reports: () => '/api/me/reports',
};

const run = (opts) =>
  new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));

/** Requests as the engineers in turn: the read limit is per caller, and these are 200 phones, not one. */
function asEngineers(seed, pathOf) {
  let next = 0;
  return [
    {
      setupRequest: (req) => {
        const i = next++ % seed.cookies.length;
        return { ...req, path: pathOf(i, seed), headers: { ...req.headers, cookie: seed.cookies[i] } };
      },
    },
  ];
}

/** The app's process and the database's, whose CPU per request is reported beside the rates. */
let appPid;
let barePid;

async function readAtFullSpeed(url, seed, name, seconds) {
  const [app0, db0] = [cpuMs(appPid), postgresCpuMs()];
  const res = await run({ url, connections: CONNECTIONS, duration: seconds, requests: asEngineers(seed, READS[name]) });
  return {
    appCpu: (cpuMs(appPid) - app0) / res.requests.total,
    dbCpu: (postgresCpuMs() - db0) / res.requests.total,
    rps: res.requests.average,
    requests: res.requests.total,
    p99: res.latency.p99,
    errors: res.errors + res.timeouts + res.non2xx,
  };
}

async function bareAtFullSpeed(seconds) {
  const cpu0 = cpuMs(barePid);
  const res = await run({ url: `http://127.0.0.1:${BARE_PORT}/`, connections: CONNECTIONS, duration: seconds });
  return { rps: res.requests.average, p99: res.latency.p99, cpu: (cpuMs(barePid) - cpu0) / res.requests.total };
}

async function withServers(kind, { nodeArgs = [], reads = Object.keys(READS) } = {}, work) {
  const db = await freshLoadDatabase(kind, SEED);
  // The app as installed: its own log level (info), its log going nowhere rather than to this terminal.
  const app = startProcess(
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    { ...db.env, LOG_LEVEL: 'info', ...(CACHE_OFF ? { ANSWER_CACHE_MB: '0' } : {}) },
    APP_PORT,
    {
      stdio: 'ignore',
      nodeArgs,
    },
  );
  const bare = startProcess(['scripts/bench/bare-http.mjs'], {}, BARE_PORT);
  const url = `http://127.0.0.1:${APP_PORT}`;
  [appPid, barePid] = [app.child.pid, bare.child.pid];
  try {
    await Promise.all([app.ready(`${url}/api/health`), bare.ready(`http://127.0.0.1:${BARE_PORT}/`)]);
    // Warm-up, not measured: the first calls compile code and fill the database's caches.
    for (const name of reads) await readAtFullSpeed(url, db.seed, name, 2);
    await bareAtFullSpeed(2);
    return await work(url, db.seed);
  } finally {
    await Promise.all([app.stop(), bare.stop()]);
    await db.cleanup();
  }
}

const us = (values) => Math.round(1000 * median(values));

async function measure(kind) {
  const rounds = await withServers(kind, {}, async (url, seed) => {
    const out = [];
    for (let r = 0; r < RUNS; r++) {
      for (const name of Object.keys(READS)) {
        // Alternated, the bare route first in even rounds and second in odd ones, so drift falls on both.
        const pair = {};
        for (const which of r % 2 ? ['read', 'bare'] : ['bare', 'read'])
          pair[which] =
            which === 'bare' ? await bareAtFullSpeed(SECONDS) : await readAtFullSpeed(url, seed, name, SECONDS);
        out.push({ name, ...pair, ratio: pair.read.rps / pair.bare.rps });
      }
    }
    return out;
  });
  let passed = true;
  console.log(`\n${kind} (load average ${os.loadavg()[0].toFixed(1)} at the end)`);
  for (const name of Object.keys(READS)) {
    const mine = rounds.filter((r) => r.name === name);
    const ratio = median(mine.map((r) => r.ratio));
    const errors = Math.max(...mine.map((r) => r.read.errors));
    const pass = ratio >= TARGET[kind] && errors === 0;
    passed &&= pass;
    recordFigure({
      bench: `reads (${kind}${CACHE_OFF ? ', answer cache off' : ''})`,
      name: `${READS[name](0, { siteIds: ['<site>'] })} vs bare node:http`,
      value: ratio,
      unit: 'x',
      target: `>= ${TARGET[kind]}x`,
      pass,
      note:
        `runs ${mine.map((r) => r.ratio.toFixed(3)).join(' / ')}; ` +
        `${Math.round(median(mine.map((r) => r.read.rps)))} vs ${Math.round(median(mine.map((r) => r.bare.rps)))} req/s; ` +
        `p99 ${median(mine.map((r) => r.read.p99))} ms; errors ${errors}; CPU per request: ` +
        `app ${us(mine.map((r) => r.read.appCpu))} µs, ` +
        (kind === 'postgres' ? `PostgreSQL ${us(mine.map((r) => r.read.dbCpu))} µs, ` : '') +
        `bare ${us(mine.map((r) => r.bare.cpu))} µs`,
    });
  }
  return passed;
}

async function profile(kind, name) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hiu-prof-'));
  const µs = () => Number(process.hrtime.bigint() / 1000n);
  const { result, window } = await withServers(
    kind,
    { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`], reads: [name] },
    async (url, seed) => {
      const from = µs();
      const result = await readAtFullSpeed(url, seed, name, SECONDS);
      return { result, window: { from, to: µs() } };
    },
  );
  // The main thread's (thread 0); the PDF workers and the TypeScript loader write their own.
  const file = fs.readdirSync(dir).find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f));
  if (!file) throw new Error('the app wrote no CPU profile');
  console.log(`\n${kind}: ${READS[name](0, { siteIds: ['<site>'] })} at ${Math.round(result.rps)} req/s`);
  // Only the samples of the measured seconds: not the start or the warm-up.
  printProfile(summariseProfile(path.join(dir, file), window), result.requests);
  console.log(`\n(profile: ${path.join(dir, file)})`);
}

const only = arg('only', '');
console.log(
  PROFILE
    ? `CPU profile of ${PROFILE}, ${SECONDS} s at full speed, ${CONNECTIONS} connections.`
    : `Reads beside a bare node:http route, ${SECONDS} s each in turns, ${RUNS} round(s), median; ${CONNECTIONS} connections; ` +
        `${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the start; ` +
        `answer cache ${CACHE_OFF ? 'off' : 'on'}.`,
);
let failed = false;
for (const kind of ['pglite', 'postgres']) {
  if (only && only !== kind) continue;
  if (PROFILE) await profile(kind, PROFILE);
  else if (!(await measure(kind))) failed = true;
}
process.exitCode = failed ? 1 : 0;
