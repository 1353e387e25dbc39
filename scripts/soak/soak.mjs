#!/usr/bin/env node
// Load soak: simulated engineers work against the real server on PostgreSQL for a while, and at the end
// every report is counted. Each engineer saves a draft every few seconds, uploads a photo and a signature,
// submits the report, and now and then submits it a second time with the same id (a retry). The server's
// memory (RSS) is sampled every second.
//
//   npm run soak                          200 engineers for 10 minutes
//   node scripts/soak/soak.mjs --seconds=40 --engineers=200
//   node scripts/soak/soak.mjs --seconds=60 --webhook=1   also a webhook receiving every report.submitted
//
// Each simulated engineer sends as the app's outbox does: a 503 (busy) or a dropped connection is resent
// after a pause; those are counted and shown, and a request that still fails is an error.
// Passes when: no request failed, every submitted report is stored exactly once (none lost, none doubled),
// and the server's RSS at the end is within the stated bound of its level after warm-up.
// PostgreSQL: DATABASE_URL's server or TEST_DATABASE_URL's, else the local one scripts/ensure-postgres.mjs
// finds (and starts). A database named <name>_soak_<port> is made afresh next to it and dropped at the end.
import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '../..');
const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
const fixtures = path.join(root, 'packages/report-pdf/test/fixtures');
/**
 * The PDF queue should drain within this long after the last submit (docs/benchmarks.md): printed beside the drain
 * time as a benchmark figure. The soak itself fails only on a queue that builds nothing for 30 s (a stuck one).
 */
const PDF_DRAIN_TARGET_S = 60;

/** Memory may grow this much from the post-warm-up level to the end: 25 %, or 64 MB for a small process. */
export const MEMORY_BOUND = { ratio: 1.25, floorMb: 64 };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes) => Math.round(bytes / 1024 / 1024);

/** CPU seconds (user and system) a process has used so far, from /proc; undefined once it is gone. */
export function cpuSecondsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

const loadAverage = () => os.loadavg().map((l) => Math.round(l * 100) / 100);

function rssOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb * 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function databaseFor(baseUrl, port) {
  const base = new URL(baseUrl);
  // Named by port, so a short soak and a full one can run side by side.
  const name = `${base.pathname.slice(1) || 'hiu'}_soak_${port}`.replace(/[^a-zA-Z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
}

async function startServer({ port, databaseUrl, poolSize, env: extraEnv = {} }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DB_POOL_SIZE: String(poolSize),
      LOG_LEVEL: 'warn',
      // The webhook receiver of `--webhook` listens on this machine.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // The attack soak's sign-ins name their addresses in X-Forwarded-For, as behind a load balancer.
      TRUST_PROXY: 'loopback',
      WEB_DIST: path.join(root, 'no-web-app'),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(200);
  }
  return {
    base,
    pid: child.pid,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * Runs the soak and returns its figures; `ok` says whether it passed. Options: seconds, engineers, port,
 * databaseUrl (a PostgreSQL URL whose server may CREATE DATABASE), log.
 */
export async function runSoak({
  seconds = 600,
  engineers = 200,
  port = 3705,
  databaseUrl,
  poolSize = 10,
  webhook = false,
  attack = false,
  owner = false,
  notify = false,
  serverEnv = {},
  log = console.log,
} = {}) {
  if (!databaseUrl) throw new Error('runSoak needs a PostgreSQL databaseUrl');
  const db = await databaseFor(databaseUrl, port);
  const server = await startServer({ port, databaseUrl: db.url, poolSize, env: serverEnv });
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  try {
    return await soak({ server, sql, seconds, engineers, webhook, attack, owner, notify, log });
  } finally {
    await sql.end();
    await server.stop();
    await db.drop();
  }
}

const percentiles = (list) => {
  const s = [...list].sort((a, b) => a - b);
  const at = (p) => Math.round(s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0);
  return { p50: at(0.5), p99: at(0.99) };
};

/** A webhook receiver: every report.submitted delivery it gets, by webhook-id. */
async function webhookReceiver() {
  const seen = new Map();
  const byReport = new Set();
  let duplicates = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      if (seen.has(id)) duplicates++;
      seen.set(id, true);
      byReport.add(JSON.parse(body).data.reportId);
      res.writeHead(204).end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    figures: () => ({ events: seen.size, reports: byReport.size, duplicates }),
    reports: byReport,
    close: () => new Promise((r) => server.close(r)),
  };
}

async function soak({ server, sql, seconds, engineers, webhook, attack, owner, notify, log }) {
  const { base } = server;
  const { passingCheck, photoRef } = await tsImport('@hiu/domain/testing', import.meta.url);
  const photo = fs.readFileSync(path.join(fixtures, 'photo.jpg'));
  const signature = fs.readFileSync(path.join(fixtures, 'signature.png'));

  // The first admin signs up as a user would; the site and properties are made through the API.
  const setup = await fetch(`${base}/api/auth/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'soak-admin@example.com', name: 'Soak Admin', password: 'a long password' }),
  });
  if (setup.status !== 201) throw new Error(`setup: ${setup.status} ${await setup.text()}`);
  const adminCookie = setup.headers.get('set-cookie').split(';')[0];
  const postJson = async (url, body, cookie) => {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const receiver = webhook ? await webhookReceiver() : null;
  if (receiver) await postJson('/api/webhooks', { url: receiver.url, events: ['report.submitted'] }, adminCookie);
  const site = await postJson('/api/sites', { name: 'Soak Court', location: 'Leeds' }, adminCookie);
  const properties = Array.from({ length: engineers }, (_, i) => ({
    address: `Flat ${i + 1}, Soak Court`,
    propertyType: '1b2p',
  }));
  await postJson('/api/properties/bulk', { siteId: site.id, properties }, adminCookie);
  const { items: props } = await fetch(`${base}/api/properties?siteId=${site.id}&limit=200`, {
    headers: { cookie: adminCookie },
  }).then((r) => r.json());

  // Engineers and their sessions straight into the database: signing in 200 people would only soak the
  // deliberately slow password hash (the sign-in route has its own tests).
  const team = [];
  for (let i = 0; i < engineers; i++) {
    const token = randomBytes(32).toString('base64url');
    const { rows } = await sql.query(
      `INSERT INTO users (email, name, role, password_hash) SELECT $1, $2, 'engineer', password_hash FROM users WHERE email = 'soak-admin@example.com' RETURNING id`,
      [`engineer-${i}@example.com`, `Engineer ${i + 1}`],
    );
    await sql.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
      createHash('sha256').update(token).digest('base64url'),
      rows[0].id,
    ]);
    team.push({ cookie: `hiu_session=${token}`, property: props[i % props.length] });
  }

  const stats = {
    requests: 0,
    errors: [],
    busy: 0,
    drafts: 0,
    uploads: 0,
    submits: 0,
    retries: 0,
    latencies: [],
    submitLatencies: [],
    draftLatencies: [],
  };
  const submitted = new Set();
  // One request as the app's outbox sends it: a 503 (server busy or database away) or a dropped connection
  // is sent again after a pause, up to five times; anything else that is not 2xx is an error.
  const call = async (method, url, cookie, body, type = 'application/json', alsoFine = []) => {
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      stats.requests++;
      let status = 0;
      let text;
      try {
        const res = await fetch(base + url, {
          method,
          headers: { cookie, ...(body ? { 'content-type': type } : {}) },
          body: body === undefined ? undefined : type === 'application/json' ? JSON.stringify(body) : body,
          signal: AbortSignal.timeout(60_000),
        });
        status = res.status;
        text = await res.text();
        stats.latencies.push(performance.now() - started);
        if (method === 'POST' && url === '/api/reports') stats.submitLatencies.push(performance.now() - started);
        if (method === 'POST' && url === '/api/drafts') stats.draftLatencies.push(performance.now() - started);
      } catch (error) {
        text = error.message;
      }
      if ((status === 503 || status === 0) && attempt < 5) {
        stats.busy++;
        await sleep(1000 * 2 ** (attempt - 1));
        continue;
      }
      if ((status < 200 || status >= 300) && !alsoFine.includes(status))
        stats.errors.push(`${method} ${url.split('?')[0]}: ${status} ${text.slice(0, 160)}`);
      return { status, text };
    }
  };

  const deadline = Date.now() + seconds * 1000;
  // A draft has no files yet; the report refers to the photo and signature uploaded just before it.
  const wizardData = (member, photoId = null, signatureId = null) =>
    passingCheck({
      site,
      propertyId: member.property.id,
      address: member.property.address,
      dwellingType: '1b2p',
      hiuSerial: `SN-${randomUUID().slice(0, 8)}`,
      // Not before the site, made when the soak began: the server refuses a check older than its site.
      startTime: new Date(Date.now() - 60_000).toISOString(),
      photoId,
      signatureId,
    });

  async function engineer(member, index) {
    await sleep((index / engineers) * 3000); // arrive over the first three seconds
    while (Date.now() < deadline) {
      const draftId = randomUUID();
      // A few steps, each saved as a draft a few seconds apart.
      for (let step = 0; step < 3 && Date.now() < deadline; step++) {
        await call('POST', '/api/drafts', member.cookie, {
          id: draftId,
          siteId: site.id,
          propertyId: member.property.id,
          currentStep: 'Initial Checks',
          wizardData: wizardData(member),
          // The app's edit sequence: each save of the draft above the last.
          version: step + 1,
        });
        stats.drafts++;
        await sleep(2000 + Math.random() * 2000);
      }
      if (Date.now() >= deadline) break;
      const photoId = randomUUID();
      const signatureId = randomUUID();
      await call('PUT', `/api/files/${photoId}?kind=photo`, member.cookie, photo, 'image/jpeg');
      await call('PUT', `/api/files/${signatureId}?kind=signature`, member.cookie, signature, 'image/png');
      stats.uploads += 2;
      const report = {
        id: randomUUID(),
        draftId,
        wizardData: wizardData(member, photoId, signatureId),
        notes: '',
        completedAt: new Date().toISOString(),
      };
      const first = await call('POST', '/api/reports', member.cookie, report);
      stats.submits++;
      // 200 on a first send: an earlier attempt was stored but its answer was lost (then resent).
      if (first.status === 201 || first.status === 200) submitted.add(report.id);
      // One in five is sent again, as an outbox does when the answer was lost: must answer 200, store nothing.
      if (Math.random() < 0.2) {
        const again = await call('POST', '/api/reports', member.cookie, report);
        stats.retries++;
        if (again.status !== 200) stats.errors.push(`retry of ${report.id} answered ${again.status}`);
      }
      // The accepted report already cleared the flat's drafts; the phone takes a 404 as done.
      await call('DELETE', `/api/drafts/${draftId}`, member.cookie, undefined, undefined, [404]);
    }
  }

  const samples = [];
  const sampler = setInterval(() => {
    const rss = rssOf(server.pid);
    if (rss) samples.push({ t: Date.now(), rss });
  }, 1000);
  const started = Date.now();
  // The machine's share of the run: the server's CPU, this process's (the engineers and the image attackers) and
  // the load average, so a ratio measured on a crowded machine says so.
  const cpuAtStart = { server: cpuSecondsOf(server.pid), driver: process.cpuUsage(), load: loadAverage() };
  // The attack soak's attacker: an engineer account of its own, and the flood and bombs of attackers.mjs.
  async function startAttack() {
    const token = randomBytes(32).toString('base64url');
    const { rows } = await sql.query(
      `INSERT INTO users (email, name, role, password_hash) SELECT 'mallory@example.com', 'Mallory', 'engineer', password_hash FROM users WHERE email = 'soak-admin@example.com' RETURNING id`,
    );
    await sql.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
      createHash('sha256').update(token).digest('base64url'),
      rows[0].id,
    ]);
    const cookie = `hiu_session=${token}`;
    const member = { cookie, property: props[0] };
    // A report of eight photos and a signature, as heavy as an honest one gets; or of `count` other photos (the
    // WebP bomb's reports of thirty, attackers.mjs).
    const heavyReport = async ({ bytes = photo, type = 'image/jpeg', count = 8 } = {}) => {
      const ids = Array.from({ length: count }, () => randomUUID());
      for (const id of ids) await call('PUT', `/api/files/${id}?kind=photo`, cookie, bytes, type);
      const signatureId = randomUUID();
      await call('PUT', `/api/files/${signatureId}?kind=signature`, cookie, signature, 'image/png');
      const data = {
        ...wizardData(member, null, signatureId),
        photosSignature: {
          ...wizardData(member, null, signatureId).photosSignature,
          photos: ids.map((id, n) => photoRef(id, `Photo ${n + 1}`)),
        },
      };
      const id = randomUUID();
      const res = await call('POST', '/api/reports', cookie, {
        id,
        wizardData: data,
        notes: '',
        completedAt: new Date().toISOString(),
      });
      // Counted with the engineers' reports: stored exactly once, like theirs.
      if (res.status === 201) submitted.add(id);
      return res.status;
    };
    const { runAttackers } = await import('./attackers.mjs');
    return runAttackers({ base, deadline, attackerCookie: cookie, heavyReport, log });
  }

  async function startOwner() {
    await sql.query(
      `INSERT INTO users (email, name, role, password_hash) SELECT 'owner@example.com', 'Owner', 'engineer', password_hash FROM users WHERE email = 'soak-admin@example.com'`,
    );
    const { runOwner } = await import('./owner.mjs');
    return runOwner({ base, deadline, email: 'owner@example.com', password: 'a long password' });
  }

  // `notify`: the engineers belong to the site and a supervisor sends back each report as it arrives, so every
  // report makes a notice (and, on a server with SMTP_URL, a mail): the notifications bench.
  async function startReviewer() {
    const token = randomBytes(32).toString('base64url');
    const { rows } = await sql.query(
      `INSERT INTO users (email, name, role, password_hash) SELECT 'reviewer@example.com', 'Rita Reviewer', 'supervisor', password_hash FROM users WHERE email = 'soak-admin@example.com' RETURNING id`,
    );
    await sql.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
      createHash('sha256').update(token).digest('base64url'),
      rows[0].id,
    ]);
    await sql.query(
      `INSERT INTO site_members (site_id, user_id) SELECT $1, id FROM users WHERE role IN ('engineer', 'supervisor') ON CONFLICT DO NOTHING`,
      [site.id],
    );
    const cookie = `hiu_session=${token}`;
    let sentBack = 0;
    const failed = [];
    while (Date.now() < deadline) {
      const { rows: waiting } = await sql.query(
        `SELECT id, revision FROM reports WHERE review_state = 'awaiting_review' ORDER BY created_at LIMIT 50`,
      );
      for (const r of waiting) {
        const res = await fetch(`${base}/api/reports/${r.id}/review`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ decision: 'send_back', reason: 'Re-check the plate', revision: r.revision }),
        }).catch((e) => ({ status: 0, text: async () => e.message }));
        if (res.status === 200) sentBack++;
        else failed.push(`${res.status} ${(await res.text()).slice(0, 120)}`);
      }
      await sleep(2000);
    }
    return { sentBack, failed: failed.length, firstFailures: [...new Set(failed)].slice(0, 3) };
  }

  log(`soak: ${engineers} engineers for ${seconds} s against PostgreSQL (server pid ${server.pid})`);
  const progress = setInterval(() => {
    const last = samples.at(-1);
    log(
      `soak: ${Math.round((Date.now() - started) / 1000)} s, ${stats.requests} requests, ${submitted.size} reports, ${stats.errors.length} errors, RSS ${last ? mb(last.rss) : '?'} MB`,
    );
  }, 15_000);
  let attackStats = null;
  const attackRun = attack ? startAttack() : null;
  // `owner`: an account nobody attacks signs in now and then from a new address (the attack soak's quiet run too).
  const ownerRun = owner ? startOwner() : null;
  const reviewerRun = notify ? startReviewer() : null;
  await Promise.all(team.map((m, i) => engineer(m, i)));
  const reviewerStats = reviewerRun ? await reviewerRun : null;
  if (attackRun) attackStats = await attackRun;
  const ownerStats = ownerRun ? await ownerRun : null;
  clearInterval(sampler);
  clearInterval(progress);
  const elapsed = (Date.now() - started) / 1000;
  const driverCpu = process.cpuUsage(cpuAtStart.driver);
  const attackRequests = attackStats
    ? attackStats.signIns + attackStats.spreadSignIns + attackStats.bombs + attackStats.webpBombs
    : 0;
  const serverRequests = stats.requests + attackRequests + (ownerStats?.signIns ?? 0);
  const serverCpuSeconds = (cpuSecondsOf(server.pid) ?? 0) - (cpuAtStart.server ?? 0);
  const cpu = {
    cores: os.availableParallelism(),
    serverSeconds: Math.round(serverCpuSeconds * 10) / 10,
    /** Everything the server did in the run (its PDF builds too) over every request it answered, the attackers' too. */
    serverMsPerRequest: Math.round((serverCpuSeconds / Math.max(1, serverRequests)) * 1e5) / 100,
    serverRequests,
    driverSeconds: Math.round((driverCpu.user + driverCpu.system) / 1e5) / 10,
    floodSeconds: attackStats?.floodCpuSeconds ?? null,
    loadAverage: { atStart: cpuAtStart.load, atEnd: loadAverage() },
  };

  // Count what is stored: exactly the reports that were answered 201, once each, each with its PDF (built
  // by the job queue after the submit's answer). The queue is waited for while it drains, however long that
  // takes on this machine, and given up on only when it builds nothing for 30 s; the drain time is a figure.
  const unbuilt = async () =>
    (await sql.query('SELECT count(*)::int AS n FROM reports WHERE pdf_file_id IS NULL')).rows[0].n;
  const drainStarted = Date.now();
  let left = await unbuilt();
  for (let lastProgress = Date.now(); left > 0 && Date.now() - lastProgress < 30_000;) {
    await sleep(250);
    const now = await unbuilt();
    if (now < left) lastProgress = Date.now();
    left = now;
  }
  const pdfQueueDrainMs = Date.now() - drainStarted;
  const { rows: stored } = await sql.query('SELECT id, pdf_file_id FROM reports');
  // With --webhook, every stored report's event reaches the receiver (given up to 60 s), none twice.
  if (receiver) {
    for (let waited = 0; receiver.reports.size < stored.length && waited < 60_000; waited += 250) await sleep(250);
    await receiver.close();
  }
  const storedIds = new Set(stored.map((r) => r.id));
  const lost = [...submitted].filter((id) => !storedIds.has(id));
  const extra = stored.filter((r) => !submitted.has(r.id));
  const withoutPdf = stored.filter((r) => !r.pdf_file_id).length;
  // How long each report waited for its PDF, from its submit to its build's end (the job queue's own times):
  // the engineers' apart from the attacker's.
  const { rows: pdfJobs } = await sql.query(
    `SELECT extract(epoch FROM j.finished_at - j.created_at) * 1000 AS ms, u.email = 'mallory@example.com' AS attacker
     FROM jobs j JOIN reports r ON r.id::text = j.payload->>'reportId' JOIN users u ON u.id = r.user_id
     WHERE j.kind = 'report.pdf' AND j.state = 'done'`,
  );
  const pdfWait = (attacker) => {
    const waits = pdfJobs.filter((j) => j.attacker === attacker).map((j) => Number(j.ms));
    return { ...percentiles(waits), max: Math.round(Math.max(0, ...waits)), reports: waits.length };
  };

  // Memory after warm-up (a quarter of the run, at least 20 s: every engineer has submitted by then):
  // the median of the next quarter against the median of the last quarter (RSS swings with each garbage
  // collection, so single samples say little), and the trend fitted over all of it.
  const warmAt = started + Math.max(20_000, (seconds * 1000) / 4);
  const after = samples.filter((s) => s.t >= warmAt);
  const median = (list) => {
    const v = list.map((s) => s.rss).sort((a, b) => a - b);
    return v.length ? v[Math.floor(v.length / 2)] : 0;
  };
  const quarter = Math.max(1, Math.floor(after.length / 3));
  const afterWarmUp = median(after.slice(0, quarter));
  const atEnd = median(after.slice(-quarter));
  const peak = Math.max(0, ...samples.map((s) => s.rss));
  const bound = Math.max(afterWarmUp * MEMORY_BOUND.ratio, afterWarmUp + MEMORY_BOUND.floorMb * 1024 * 1024);
  const slope = (() => {
    // Least squares, bytes per millisecond.
    const n = after.length;
    if (n < 2) return 0;
    const mx = after.reduce((a, s) => a + s.t, 0) / n;
    const my = after.reduce((a, s) => a + s.rss, 0) / n;
    const num = after.reduce((a, s) => a + (s.t - mx) * (s.rss - my), 0);
    const den = after.reduce((a, s) => a + (s.t - mx) ** 2, 0);
    return den ? num / den : 0;
  })();
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const pct = (p) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);

  const figures = {
    engineers,
    seconds: Math.round(elapsed),
    requests: stats.requests,
    requestsPerSecond: Math.round(stats.requests / elapsed),
    errors: stats.errors.length,
    busyAnswersRetried: stats.busy,
    firstErrors: [...new Set(stats.errors.map((e) => e.replace(/[0-9a-f-]{36}/g, ':id')))].slice(0, 5),
    draftsSaved: stats.drafts,
    filesUploaded: stats.uploads,
    reportsSubmitted: submitted.size,
    retriesWithSameId: stats.retries,
    reportsStored: stored.length,
    reportsLost: lost.length,
    reportsDuplicatedOrUnexpected: extra.length,
    reportsWithoutPdf: withoutPdf,
    webhook: receiver
      ? { ...receiver.figures(), missing: stored.filter((r) => !receiver.reports.has(r.id)).length }
      : null,
    latencyMs: { p50: pct(0.5), p95: pct(0.95), p99: pct(0.99), max: Math.round(sorted.at(-1) ?? 0) },
    submitLatencyMs: percentiles(stats.submitLatencies),
    draftSaveLatencyMs: percentiles(stats.draftLatencies),
    pdfWaitMs: { engineers: pdfWait(false), attacker: pdfWait(true) },
    /** From the last engineer's last request to the last PDF built (or to giving up on a stuck queue). */
    pdfQueueDrainMs,
    attack: attackStats,
    ownerSignIn: ownerStats,
    cpu,
    review: reviewerStats,
    rssMb: {
      afterWarmUp: mb(afterWarmUp),
      atEnd: mb(atEnd),
      peak: mb(peak),
      bound: mb(bound),
      // Fitted over at least five minutes, or not at all: a short run's slope says nothing.
      trendPer10Minutes: after.length >= 300 ? mb(slope * 600_000) : null,
      samples: samples.length,
    },
    rssEvery10s: samples.filter((_, i) => i % 10 === 0).map((s) => mb(s.rss)),
  };
  const ok =
    figures.errors === 0 &&
    figures.reportsLost === 0 &&
    figures.reportsDuplicatedOrUnexpected === 0 &&
    figures.reportsWithoutPdf === 0 &&
    (!figures.webhook || (figures.webhook.missing === 0 && figures.webhook.duplicates === 0)) &&
    figures.reportsStored === figures.reportsSubmitted &&
    figures.reportsSubmitted > 0 &&
    atEnd <= bound;
  log(
    `soak ${ok ? 'PASSED' : 'FAILED'}: ${figures.engineers} engineers, ${figures.seconds} s, ${figures.requests} requests (${figures.requestsPerSecond}/s), ` +
      `${figures.errors} errors (${figures.busyAnswersRetried} busy answers resent); reports submitted ${figures.reportsSubmitted} (+${figures.retriesWithSameId} retries with the same id), stored ${figures.reportsStored}, ` +
      `lost ${figures.reportsLost}, duplicated ${figures.reportsDuplicatedOrUnexpected}; latency p50 ${figures.latencyMs.p50} ms, p95 ${figures.latencyMs.p95} ms, p99 ${figures.latencyMs.p99} ms (submits p50 ${figures.submitLatencyMs.p50} ms, p99 ${figures.submitLatencyMs.p99} ms); ` +
      `RSS median after warm-up ${figures.rssMb.afterWarmUp} MB, at end ${figures.rssMb.atEnd} MB (bound ${figures.rssMb.bound} MB), ` +
      `peak ${figures.rssMb.peak} MB; PDF queue drained ${(figures.pdfQueueDrainMs / 1000).toFixed(1)} s after the last request (target within ${PDF_DRAIN_TARGET_S} s: ${figures.pdfQueueDrainMs <= PDF_DRAIN_TARGET_S * 1000 ? 'met' : 'NOT met'})` +
      (figures.attack
        ? `; draft saves p99 ${figures.draftSaveLatencyMs.p99} ms; attack: ${figures.attack.signIns} sign-ins from one address ${JSON.stringify(figures.attack.signInAnswers)}, ${figures.attack.spreadSignIns} from 40 ${JSON.stringify(figures.attack.spreadSignInAnswers)}, ${figures.attack.bombs} bombs ${JSON.stringify(figures.attack.bombAnswers)}, heavy reports ${JSON.stringify(figures.attack.heavyAnswers)}`
        : '') +
      (figures.ownerSignIn
        ? `; owner's sign-ins from new addresses: median ${figures.ownerSignIn.p50} ms, slowest ${figures.ownerSignIn.max} ms, ${JSON.stringify(figures.ownerSignIn.answers)}`
        : '') +
      (figures.webhook
        ? `; webhook: ${figures.webhook.events} events delivered for ${figures.webhook.reports} reports, ${figures.webhook.missing} missing, ${figures.webhook.duplicates} twice`
        : '') +
      (figures.rssMb.trendPer10Minutes === null ? '' : `, trend ${figures.rssMb.trendPer10Minutes} MB per 10 minutes`) +
      `; CPU on ${cpu.cores} cores: the server ${cpu.serverSeconds} s (${cpu.serverMsPerRequest} ms per request answered), ` +
      `this soak's own ${cpu.driverSeconds} s${cpu.floodSeconds === null ? '' : `, the sign-in flood's sender ${cpu.floodSeconds} s`}; ` +
      `load average ${cpu.loadAverage.atStart.join(', ')} at start, ${cpu.loadAverage.atEnd.join(', ')} at end`,
  );
  for (const e of figures.firstErrors) log(`  error: ${e}`);
  if (!ok) log(`server output (last lines):\n${server.output().split('\n').slice(-15).join('\n')}`);
  return { ok, figures };
}

async function main() {
  const { jsonOut, numberArg: arg, soakDatabaseUrl } = await import('./cli.mjs');
  const databaseUrl = await soakDatabaseUrl();
  const { ok, figures } = await runSoak({
    seconds: arg('seconds', 600),
    engineers: arg('engineers', 200),
    port: arg('port', 3705),
    poolSize: arg('pool', 10),
    webhook: arg('webhook', 0) === 1,
    attack: arg('attack', 0) === 1,
    owner: arg('owner', 0) === 1,
    databaseUrl,
  });
  const out = jsonOut();
  if (out) fs.writeFileSync(out, JSON.stringify(figures, null, 2));
  process.exit(ok ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
