// API under load: 200 concurrent engineers saving drafts and submitting reports with photos, on the
// embedded database and on PostgreSQL; plus the busiest read call beside a bare hello-world route of the
// same framework in the same run. Usage: npm run bench:api [-- --only=pglite|postgres] [-- --seconds=15]
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ensurePostgres } from '../ensure-postgres.mjs';
import { startApp } from './start-app.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const arg = (name, dflt) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt;
const SECONDS = Number(arg('seconds', 15));
const ENGINEERS = 200;
const ACCOUNTS = 20; // sign-ins are slow on purpose (scrypt); 200 connections share 20 accounts
const TARGET_P99_MS = 50;

const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////2wBDAf//////////////////////////////////////////////////////////////////////////////////////wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKAAH//Z',
  'base64',
);

async function json(url, method, body, cookie) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return {
    body: res.status === 204 ? null : await res.json(),
    cookie: (res.headers.get('set-cookie') ?? '').split(';')[0],
  };
}

async function seed(url) {
  const admin = await json(`${url}/api/auth/setup`, 'POST', {
    email: 'admin@example.com',
    name: 'Admin',
    password: 'password123',
  });
  const site = await json(`${url}/api/sites`, 'POST', { name: 'Load Court', location: 'Leeds' }, admin.cookie);
  await json(
    `${url}/api/properties`,
    'POST',
    { siteId: site.body.id, address: 'Flat 1', propertyType: '1b2p' },
    admin.cookie,
  );
  const cookies = [];
  await Promise.all(
    Array.from({ length: ACCOUNTS }, async (_, i) => {
      const email = `eng${i}@example.com`;
      await json(
        `${url}/api/users`,
        'POST',
        { email, name: `Engineer ${i}`, password: 'password123', role: 'engineer' },
        admin.cookie,
      );
      cookies.push((await json(`${url}/api/auth/login`, 'POST', { email, password: 'password123' })).cookie);
    }),
  );
  return { siteId: site.body.id, cookies };
}

function wizardData(siteId, photoId) {
  return {
    siteId,
    siteName: 'Load Court',
    address: 'Flat 1',
    dwellingType: '1b2p',
    hiuModel: 'M1',
    hiuSerial: '123',
    meterStart: '1',
    startTime: new Date().toISOString(),
    initialChecks: {
      bypassClosed: true,
      strainerClean: true,
      clipsRemoved: true,
      meterOk: true,
      systemPressure: '1.2',
    },
    standbyMode: { flowTemp: '46', returnTemp: '41', flowRate: '2.5' },
    ...(photoId
      ? {
          photosSignature: {
            photos: [{ id: photoId, url: `/api/files/${photoId}`, label: 'HIU' }],
            meterEnd: '2',
            remoteCutOffValveSerial: 'NA',
            heatingControllerSet: true,
          },
        }
      : {}),
  };
}

const run = (opts) =>
  new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));

async function loadScenario(kind, url) {
  const { siteId, cookies } = await seed(url);
  let conn = 0;
  const setupClient = (client) =>
    client.setHeaders({ 'content-type': 'application/json', cookie: cookies[conn++ % cookies.length] });

  // 200 engineers, each saving a draft every 3 seconds: about 67 saves a second.
  const drafts = await run({
    url,
    connections: ENGINEERS,
    duration: SECONDS,
    overallRate: Math.round(ENGINEERS / 3),
    setupClient,
    requests: [
      {
        method: 'POST',
        path: '/api/drafts',
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            id: randomUUID(),
            siteId,
            propertyId: '',
            currentStep: 'Standby Mode',
            wizardData: wizardData(siteId),
          }),
        }),
      },
    ],
  });

  // Submissions: each connection uploads a photo, then submits a report that lists it.
  let submitted = 0;
  conn = 0;
  const submits = await run({
    url,
    connections: 20,
    duration: SECONDS,
    setupClient,
    requests: [
      {
        method: 'PUT',
        setupRequest: (req, ctx) => {
          ctx.photoId = randomUUID();
          return {
            ...req,
            path: `/api/files/${ctx.photoId}?kind=photo`,
            headers: { ...req.headers, 'content-type': 'image/jpeg' },
            body: JPEG,
          };
        },
      },
      {
        method: 'POST',
        path: '/api/reports',
        setupRequest: (req, ctx) => {
          submitted++;
          return {
            ...req,
            headers: { ...req.headers, 'content-type': 'application/json' },
            body: JSON.stringify({
              id: randomUUID(),
              wizardData: wizardData(siteId, ctx.photoId),
              notes: 'load',
              failedStep: null,
              completedAt: new Date().toISOString(),
            }),
          };
        },
      },
    ],
  });

  conn = 0;
  const reads = await run({ url: `${url}/api/sites`, connections: 50, duration: SECONDS, setupClient });
  return { kind, drafts, submits, reads, submitted };
}

async function helloWorld() {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: 3699, host: '127.0.0.1' });
  const res = await run({ url: 'http://127.0.0.1:3699/hello', connections: 50, duration: SECONDS });
  await app.close();
  return res;
}

const errorsOf = (r) => r.errors + r.timeouts + r.non2xx;
const only = arg('only', '');
const results = [];
const hello = await helloWorld();
for (const kind of ['pglite', 'postgres']) {
  if (only && only !== kind) continue;
  let env = {};
  if (kind === 'postgres') {
    const base = await ensurePostgres({ log: () => {} });
    const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS hiu_bench_load WITH (FORCE)');
    await admin.query('CREATE DATABASE hiu_bench_load');
    await admin.end();
    const u = new URL(base);
    u.pathname = '/hiu_bench_load';
    env = { DATABASE_URL: u.toString() };
  }
  const app = await startApp({ port: 3610, env });
  try {
    results.push(await loadScenario(kind, app.url));
  } finally {
    await app.stop();
  }
}

console.log(
  `\nAPI under load (${SECONDS} s per scenario, ${ENGINEERS} engineers). Hello-world route: ${Math.round(hello.requests.average)} req/s\n`,
);
console.log(
  '| database | draft saves | draft p99 ms (target <= 50) | draft errors | report submits (with photo) | submit p99 ms | submit errors | GET /api/sites req/s | vs hello-world |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of results) {
  console.log(
    `| ${r.kind} | ${r.drafts.requests.total} | ${r.drafts.latency.p99} | ${errorsOf(r.drafts)} | ${r.submitted} | ${r.submits.latency.p99} | ${errorsOf(r.submits)} | ${Math.round(r.reads.requests.average)} | ${(r.reads.requests.average / hello.requests.average).toFixed(2)} |`,
  );
}
const ok = results.every(
  (r) => errorsOf(r.drafts) === 0 && errorsOf(r.submits) === 0 && r.drafts.latency.p99 <= TARGET_P99_MS,
);
console.log(`\nTargets (no errors, draft save p99 <= ${TARGET_P99_MS} ms): ${ok ? 'met' : 'NOT met'}`);
