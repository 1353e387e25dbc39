import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { passingCheck } from '@hiu/domain/testing';
import { JPEG, PNG } from '../security/helpers/fixture.js';
import { send, serverProcess } from './helpers/server-process.js';

/**
 * kill -9 in the middle of a submit: the real server runs as a child process on its own data, a report is
 * sent, and the process is killed at moments spread over the submit (before, during and after the commit).
 * After each restart there is either the whole report (row and PDF) or nothing, and the client's retry with
 * the same id stores it exactly once. PGlite (the embedded database in DATA_DIR) in the PGlite pass,
 * PostgreSQL in the PostgreSQL pass.
 */

const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;
const PORT = 3702;
const KILLS = Number(process.env.FAULT_KILLS ?? (onPostgres ? 6 : 5));

/**
 * Reports with neither their PDF nor the job that builds it (decision 160), PDFs without their report: both
 * must stay zero; once the server has run, no report is left without its PDF.
 */
const INTEGRITY = `
  SELECT
    (SELECT count(*) FROM reports r LEFT JOIN files f ON f.id = r.pdf_file_id
      WHERE f.id IS NULL AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.key = 'report.pdf:' || r.id::text))::int AS "reportsWithoutPdf",
    (SELECT count(*) FROM reports r LEFT JOIN files f ON f.id = r.pdf_file_id WHERE f.id IS NULL)::int AS "reportsNotYetWithPdf",
    (SELECT count(*) FROM files f WHERE f.kind = 'pdf' AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.pdf_file_id = f.id))::int AS "pdfsWithoutReport",
    (SELECT count(*) FROM reports)::int AS reports`;

describe('server killed in the middle of a submit', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hiu-kill-'));
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://localhost:5432/hiu_test';
  const dbName = `${new URL(base).pathname.slice(1) || 'hiu_test'}_kill`;
  const dbUrl = (() => {
    const u = new URL(base);
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  // The server also sends report.submitted to a webhook receiver here (decision 165): no event may be lost.
  const server = serverProcess({
    port: PORT,
    env: {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // A stopped server's jobs are taken up again 3 s on, not a minute.
      JOB_LEASE_SECONDS: '3',
      ...(onPostgres ? { DATABASE_URL: dbUrl } : { DATA_DIR: dataDir }),
    },
  });
  const received: { id: string; reportId: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ id: String(req.headers['webhook-id']), reportId: String(JSON.parse(body).data.reportId) });
      res.writeHead(204).end();
    });
  });
  const admin = new pg.Client({ connectionString: base });

  afterAll(async () => {
    receiver.close();
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (onPostgres) {
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
  });

  it(
    `leaves the whole report or nothing after each kill (${KILLS} over a submit${onPostgres ? ', one right after the commit' : ''}), and the retry stores it once`,
    { timeout: 400_000 },
    async () => {
      if (onPostgres) {
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
        await admin.query(`CREATE DATABASE "${dbName}"`);
      }
      await server.start();

      // First run: an admin (who may also submit), a site with a property, a photo and a signature.
      const setup = await fetch(`${server.base}/api/auth/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ada@example.com', name: 'Ada Admin', password: 'a long password' }),
      });
      expect(setup.status).toBe(201);
      const cookie = setup.headers.get('set-cookie')!.split(';')[0]!;
      const call = (method: string, url: string, body?: unknown, onSent?: () => void) =>
        send(server.base, method, url, { cookie, body, onSent });
      await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
      const hook = await call('POST', '/api/webhooks', {
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
        events: ['report.submitted'],
      });
      expect(hook.status, hook.body).toBe(201);
      // Passing reports are approved at submit, so the evidence pack (approved work only) holds every one.
      const made = await call('POST', '/api/sites', { name: 'Kill Court', location: 'York', autoApprovePassing: true });
      const site = JSON.parse(made.body) as {
        id: string;
        name: string;
      };
      const property = JSON.parse(
        (await call('POST', '/api/properties', { siteId: site.id, address: 'Flat 1', propertyType: '1b2p' })).body,
      ) as { id: string };
      const photo = randomUUID();
      const signature = randomUUID();
      expect(
        (await send(server.base, 'PUT', `/api/files/${photo}?kind=photo`, { cookie, raw: JPEG, type: 'image/jpeg' }))
          .status,
      ).toBe(201);
      expect(
        (
          await send(server.base, 'PUT', `/api/files/${signature}?kind=signature`, {
            cookie,
            raw: PNG,
            type: 'image/png',
          })
        ).status,
      ).toBe(201);
      const report = () => ({
        id: randomUUID(),
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

      // How long a submit takes here, so the kills can be spread over it.
      expect((await call('POST', '/api/reports', report())).status).toBe(201);
      const started = performance.now();
      expect((await call('POST', '/api/reports', report())).status).toBe(201);
      const took = performance.now() - started;
      const submitted = new Set<string>();
      const outcome = { answeredFirst: 0, cutAndStored: 0, cutAndNothing: 0 };

      for (let i = 0; i < KILLS; i++) {
        const body = report();
        submitted.add(body.id);
        // A restarted server is cold, so a submit takes longer than the warm one measured: spread well past it.
        const delay = Math.round((took * 2.5 * i) / Math.max(1, KILLS - 1));
        let killed: Promise<void> | undefined;
        const first = await call('POST', '/api/reports', body, () => {
          killed = new Promise((r) => setTimeout(r, delay)).then(() => server.kill());
        });
        await killed;
        expect([0, 201], `kill after ${delay} ms: ${first.body}`).toContain(first.status);
        await server.start();

        const stored = await call('GET', `/api/reports/${body.id}`);
        expect([200, 404], stored.body).toContain(stored.status);
        if (first.status === 201) outcome.answeredFirst++;
        else if (stored.status === 200) outcome.cutAndStored++;
        else outcome.cutAndNothing++;
        if (onPostgres) {
          const direct = new pg.Client({ connectionString: dbUrl });
          await direct.connect();
          const { rows } = await direct.query(INTEGRITY).finally(() => direct.end());
          expect(rows[0], `after kill ${i + 1} (${delay} ms)`).toMatchObject({
            reportsWithoutPdf: 0,
            pdfsWithoutReport: 0,
          });
        }

        // The client's outbox sends the same report again.
        const retry = await call('POST', '/api/reports', body);
        expect([200, 201], retry.body).toContain(retry.status);
        expect(JSON.parse(retry.body).id).toBe(body.id);
        const pdf = await send(server.base, 'GET', `/api/reports/${body.id}/pdf`, { cookie });
        expect(pdf.status).toBe(200);
        expect(pdf.body.startsWith('%PDF-')).toBe(true);
      }

      // On PostgreSQL, one more: killed the moment the report is committed, before the server can answer.
      // The client hears nothing, so its retry must find the stored report (200), not store a second one.
      let extra = 0;
      if (onPostgres) {
        const body = report();
        submitted.add(body.id);
        const watch = new pg.Client({ connectionString: dbUrl });
        await watch.connect();
        let killed: Promise<void> | undefined;
        const answer = call('POST', '/api/reports', body);
        const deadline = Date.now() + 30_000;
        while (!killed && Date.now() < deadline) {
          if ((await watch.query('SELECT 1 FROM reports WHERE id = $1', [body.id])).rowCount) killed = server.kill();
        }
        await watch.end();
        await killed;
        const first = await answer;
        await server.start();
        expect((await call('GET', `/api/reports/${body.id}`)).status).toBe(200);
        const direct = new pg.Client({ connectionString: dbUrl });
        await direct.connect();
        const { rows } = await direct.query(INTEGRITY).finally(() => direct.end());
        expect(rows[0]).toMatchObject({ reportsWithoutPdf: 0, pdfsWithoutReport: 0 });
        const retry = await call('POST', '/api/reports', body);
        expect(retry.status, retry.body).toBe(200);
        if (first.status === 0) outcome.cutAndStored++;
        else outcome.answeredFirst++;
        extra = 1;
      }

      const listed = JSON.parse((await call('GET', '/api/reports?limit=100')).body) as { id: string }[];
      const ids = listed.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(KILLS + extra + 2);
      for (const id of submitted) expect(ids).toContain(id);
      // Every report's PDF downloads, including those whose job a kill interrupted (its lease not yet out).
      for (const id of ids) expect((await call('GET', `/api/reports/${id}/pdf`)).status).toBe(200);
      // Every stored report's event reached the webhook, as one event each (a delivery a kill cut short is
      // sent again with the same webhook-id once its lease runs out, a minute on).
      const deadline = Date.now() + 90_000;
      while (new Set(received.map((r) => r.reportId)).size < ids.length && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 250));
      expect([...new Set(received.map((r) => r.reportId))].sort()).toEqual([...ids].sort());
      expect(new Set(received.map((r) => r.id)).size).toBe(ids.length);

      // An evidence pack of the site, the server killed while it builds: after the restart the job is taken
      // up again (its lease runs out) and the pack completes with every report, hashes matching.
      const asked = await call('POST', `/api/sites/${site.id}/evidence-packs`);
      expect(asked.status, asked.body).toBe(202);
      const packId = (JSON.parse(asked.body) as { id: string }).id;
      await new Promise((r) => setTimeout(r, 150));
      await server.kill();
      await server.start();
      let pack = { state: 'queued', done: 0, total: 0 };
      const packDeadline = Date.now() + 90_000;
      while (pack.state !== 'done' && pack.state !== 'failed' && Date.now() < packDeadline) {
        pack = JSON.parse((await call('GET', `/api/evidence-packs/${packId}`)).body);
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(pack).toMatchObject({ state: 'done', done: ids.length, total: ids.length, missing: [] });
      const zip = await send(server.base, 'GET', `/api/evidence-packs/${packId}/download`, { cookie, binary: true });
      expect(zip.status).toBe(200);
      const files = unzipSync(new Uint8Array(zip.bytes!));
      const manifest = JSON.parse(Buffer.from(files['manifest.json']!).toString()) as {
        files: { path: string; sha256: string }[];
      };
      // Every flat's PDF, summary.pdf, reports.csv and dwellings.json.
      expect(manifest.files).toHaveLength(ids.length + 3);
      for (const f of manifest.files)
        expect(createHash('sha256').update(files[f.path]!).digest('hex'), f.path).toBe(f.sha256);

      // The stored data itself, read straight from the database once the server has stopped.
      await server.stop();
      if (!onPostgres) {
        const database = await openDatabase({ dataDir });
        const { rows } = (await database.db.execute(INTEGRITY)) as { rows: Record<string, number>[] };
        await database.close();
        expect(rows[0]).toMatchObject({
          reportsWithoutPdf: 0,
          reportsNotYetWithPdf: 0,
          pdfsWithoutReport: 0,
          reports: KILLS + 2,
        });
      }
      console.log(
        `server kill (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${KILLS + extra} kill -9s over a ${Math.round(took)} ms submit survived; ` +
          `${outcome.cutAndStored} cut after the commit, ${outcome.cutAndNothing} cut before it, ${outcome.answeredFirst} answered first; ` +
          `${ids.length} reports counted, each once, each with its PDF and its webhook event (${received.length} deliveries of ${ids.length} events)`,
      );
    },
  );
});
