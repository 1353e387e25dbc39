import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { files, jobs, reports } from '../../src/db/schema.js';
import { reportPdfJobKey } from '../../src/jobs/report-pdf-key.js';
import { DATABASE_UNAVAILABLE } from '../../src/http/errors.js';
import { passingCheck } from '@hiu/domain/testing';
import { JPEG, PNG, quickUser, upload } from '../security/helpers/fixture.js';
import { cable } from './helpers/cable.js';

/**
 * The database going away: every call answers 503 with a clear JSON message (never a crash, a hang or a
 * 500), a submit cut off half-way leaves the whole report or nothing, and the app carries on by itself
 * once the database is back. On PostgreSQL the connection runs through a proxy the test cuts (a stopped or
 * unreachable server), and the server also terminates the app's sessions (a restart or failover). PGlite
 * runs inside the process, so "going away" there is the embedded database closing under the app.
 */

const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;
const PROXY_PORT = 3701;

async function build(database: Database) {
  // Sessions read from the database on every call, so every kind of call here needs it (a remembered
  // session would let /api/auth/me answer from memory during an outage; decision 095).
  const config = { ...loadConfig({}), webDist: undefined, logLevel: 'silent', sessionCacheMs: 0 };
  const app = await buildApp(config, database, { logger: false });
  await app.ready();
  return app;
}

function expectUnavailable(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(503);
  expect(res.json(), what).toEqual({ error: { code: 'unavailable', message: DATABASE_UNAVAILABLE } });
}

/** Calls that all need the database: reading, signing in, saving a draft, uploading, submitting. */
async function everyKindOfCall(app: FastifyInstance, cookie: string, report: unknown) {
  const headers = { cookie };
  return {
    health: await app.inject({ method: 'GET', url: '/api/health' }),
    me: await app.inject({ method: 'GET', url: '/api/auth/me', headers }),
    sites: await app.inject({ method: 'GET', url: '/api/sites', headers }),
    login: await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'x@example.com', password: 'whatever' },
    }),
    draft: await app.inject({
      method: 'POST',
      url: '/api/drafts',
      headers,
      payload: { currentStep: 'Initial Checks', wizardData: {} },
    }),
    upload: await app.inject({
      method: 'PUT',
      url: `/api/files/${randomUUID()}?kind=photo`,
      headers: { ...headers, 'content-type': 'image/jpeg' },
      payload: JPEG,
    }),
    submit: await app.inject({ method: 'POST', url: '/api/reports', headers, payload: report as object }),
  };
}

async function seed(app: FastifyInstance, database: Database) {
  const admin = await quickUser(app, database, 'admin');
  const eng = await quickUser(app, database, 'engineer');
  const site = (
    await admin.post('/api/sites', { name: `Site ${randomUUID().slice(0, 6)}`, location: 'York' })
  ).json() as { id: string; name: string };
  const property = (
    await admin.post('/api/properties', { siteId: site.id, address: 'Flat 1', propertyType: '1b2p' })
  ).json() as { id: string };
  const photo = await upload(eng, 'photo', JPEG);
  const signature = await upload(eng, 'signature', PNG);
  const report = (id = randomUUID()) => ({
    id,
    // Times of a check done now: the site was made a moment ago, and none can be older (decision 120).
    wizardData: passingCheck({
      site,
      propertyId: property.id,
      photoId: photo,
      signatureId: signature,
      startTime: new Date(Date.now() - 60_000).toISOString(),
    }),
    notes: '',
    completedAt: new Date().toISOString(),
  });
  return { admin, eng, report };
}

/** Retries until the app answers 2xx again; how many tries it took. */
async function untilRecovered(call: () => Promise<LightMyRequestResponse>, limit = 50) {
  for (let attempt = 1; attempt <= limit; attempt++) {
    const res = await call();
    expect(res.statusCode, res.body).not.toBe(500);
    if (res.statusCode < 300) return attempt;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the app did not recover');
}

/** The report's row, whether it has its PDF or the job that builds it (decision 160), and stray PDFs. */
async function reportState(database: Database, id: string) {
  const rows = await database.db.select({ pdf: reports.pdfFileId }).from(reports).where(eq(reports.id, id));
  const job = await database.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(eq(jobs.key, reportPdfJobKey(id)));
  const pdfs = (await database.db.select({ n: count() }).from(files).where(eq(files.kind, 'pdf')))[0]!.n;
  const { rows: stray } = (await database.db.execute(
    sql`SELECT count(*)::int AS n FROM files f WHERE f.kind = 'pdf' AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.pdf_file_id = f.id)`,
  )) as unknown as { rows: { n: number }[] };
  const all = (await database.db.select({ n: count() }).from(reports))[0]!.n;
  return {
    rows: rows.length,
    withPdf: rows.filter((r) => r.pdf).length,
    withPdfOrJob: rows.filter((r) => r.pdf || job.length > 0).length,
    pdfsWithoutReport: Number(stray[0]!.n),
    pdfs,
    all,
  };
}

describe.runIf(onPostgres)('PostgreSQL going away', () => {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://localhost:5432/hiu_test';
  const name = `${new URL(base).pathname.slice(1) || 'hiu_test'}_faults`;
  const admin = new pg.Client({ connectionString: base });
  const target = new URL(base);
  const wire = cable({ host: target.hostname, port: Number(target.port || 5432) }, PROXY_PORT);
  let database: Database | undefined;
  let app: FastifyInstance | undefined;

  async function start() {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await wire.mend();
    const url = new URL(wire.url(base));
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString() });
    app = await build(database);
    return { app, database };
  }

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await wire.cut();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    await admin.end();
  });

  it(
    'answers every kind of call with 503 and a clear message while unreachable, and recovers by itself',
    { timeout: 120_000 },
    async () => {
      const { app, database } = await start();
      const { eng, report } = await seed(app, database);
      expect((await eng.get('/api/sites')).statusCode).toBe(200);

      let faults = 0;
      for (let round = 1; round <= 3; round++) {
        await wire.cut();
        for (const [what, res] of Object.entries(await everyKindOfCall(app, eng.cookie!, report())))
          expectUnavailable(res, `${what} (round ${round})`);
        await wire.mend();
        const tries = await untilRecovered(() => eng.get('/api/sites'));
        expect((await eng.post('/api/drafts', { currentStep: 'Initial Checks', wizardData: {} })).statusCode).toBe(200);
        console.log(
          `database loss round ${round}: 7 calls answered 503; recovered on try ${tries} after the database came back`,
        );
        faults++;
      }
      console.log(`database loss: ${faults} outages survived on PostgreSQL`);
    },
  );

  it('carries on when PostgreSQL terminates its connections (restart, failover)', { timeout: 60_000 }, async () => {
    const { eng } = await seed(app!, database!);
    let terminated = 0;
    for (let round = 1; round <= 3; round++) {
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND usename = current_user AND pid <> pg_backend_pid()',
        [name],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      terminated += killed.rowCount ?? 0;
      // A request may still meet a connection whose termination notice has not arrived: 503, then fine.
      const tries = await untilRecovered(() => eng.get('/api/sites'));
      expect(tries).toBeLessThanOrEqual(3);
    }
    // Let the last notices arrive so the next test starts with a clean pool.
    await new Promise((r) => setTimeout(r, 500));
    await untilRecovered(() => eng.get('/api/sites'));
    console.log(`database loss: ${terminated} server-side connection terminations survived in 3 rounds`);
  });

  it(
    'a submit cut off at any moment leaves the whole report or nothing, and the retry stores it once',
    { timeout: 180_000 },
    async () => {
      const { eng, report } = await seed(app!, database!);
      // Cut at moments spread over a whole submit (and a little past it): before, during and after the commit.
      expect((await eng.post('/api/reports', report())).statusCode).toBe(201);
      const started = performance.now();
      expect((await eng.post('/api/reports', report())).statusCode).toBe(201);
      const took = performance.now() - started;
      let survived = 0;
      const outcomes: Record<string, number> = {};
      for (const fraction of [0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1, 1.1, 1.3]) {
        const delay = Math.round(fraction * took);
        const body = report();
        const before = await reportState(database!, body.id);
        const pending = eng.post('/api/reports', body);
        await new Promise((r) => setTimeout(r, delay));
        await wire.cut();
        const res = await pending;
        expect([201, 503], `cut after ${delay} ms: ${res.body}`).toContain(res.statusCode);
        outcomes[res.statusCode] = (outcomes[res.statusCode] ?? 0) + 1;
        await wire.mend();
        await untilRecovered(() => eng.get('/api/sites'));
        const between = await reportState(database!, body.id);
        // Whole or nothing: a report row always has its PDF or the job that builds it, and no PDF is left
        // without its report.
        expect(between.withPdfOrJob, `cut after ${delay} ms`).toBe(between.rows);
        expect(between.pdfsWithoutReport, `cut after ${delay} ms`).toBe(0);
        const retry = await eng.post('/api/reports', body);
        expect([200, 201], retry.body).toContain(retry.statusCode);
        expect((await eng.get(`/api/reports/${body.id}/pdf`)).statusCode).toBe(200);
        const after = await reportState(database!, body.id);
        expect(after.rows).toBe(1);
        expect(after.withPdf).toBe(1);
        expect(after.all).toBe(before.all + 1);
        survived++;
      }
      // More cuts than the pool has connections: none was lost for good, twenty calls at once all get one.
      const burst = await Promise.all(Array.from({ length: 20 }, () => eng.get('/api/sites')));
      expect(burst.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      console.log(
        `database loss mid-submit: ${survived} cuts over a ${Math.round(took)} ms submit survived (first answers ${JSON.stringify(outcomes)}); each retry left exactly one whole report`,
      );
    },
  );
});

describe.runIf(!onPostgres)('PGlite going away', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hiu-faults-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it(
    'answers 503 with a clear message once the embedded database is closed, and a reopened one has everything',
    { timeout: 120_000 },
    async () => {
      const first = await openDatabase({ dataDir: dir });
      const app = await build(first);
      const { eng, report } = await seed(app, first);
      const saved = report();
      expect((await eng.post('/api/reports', saved)).statusCode).toBe(201);
      // Closed with a submit in flight: the submit gets 201 (it finished first) or 503, never 500.
      const inFlight = report();
      const pending = eng.post('/api/reports', inFlight);
      await first.close();
      expect([201, 503]).toContain((await pending).statusCode);
      for (const [what, res] of Object.entries(await everyKindOfCall(app, eng.cookie!, report())))
        expectUnavailable(res, what);
      await app.close();

      // The embedded database cannot come back inside the same process: a restart reopens it (see faults/server-kill).
      const second = await openDatabase({ dataDir: dir });
      const again = await build(second);
      const headers = { cookie: eng.cookie! };
      expect((await again.inject({ method: 'GET', url: `/api/reports/${saved.id}`, headers })).statusCode).toBe(200);
      const retry = await again.inject({ method: 'POST', url: '/api/reports', headers, payload: inFlight });
      expect([200, 201]).toContain(retry.statusCode);
      for (const id of [saved.id, inFlight.id]) {
        const pdf = await again.inject({ method: 'GET', url: `/api/reports/${id}/pdf`, headers });
        expect(pdf.statusCode).toBe(200);
      }
      const state = await reportState(second, inFlight.id);
      expect(state).toMatchObject({ rows: 1, withPdf: 1, all: 2, pdfs: 2 });
      await again.close();
      await second.close();
      console.log('database loss: PGlite closed under the app answered 503; reopened, nothing was lost or doubled');
    },
  );
});
