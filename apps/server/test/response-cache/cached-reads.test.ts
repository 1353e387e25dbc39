import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { emptyWizardData } from '@hiu/domain';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { createProperty, createSite } from '../helpers/admin-data.js';
import { submitPassingReport } from '../helpers/team.js';
import { client, signedIn, useTestApp, type TestClient } from '../helpers/test-app.js';

const t = useTestApp();

/** A change the database makes without announcing it: only a read that asks the database can see it. */
async function unannounced(table: string, statement: string) {
  const { db } = await t.database();
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_read_changes_update`));
    await tx.execute(sql.raw(statement));
    await tx.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_read_changes_update`));
  });
}

async function saveDraft(who: TestClient, siteId: string, propertyId: string) {
  const wizardData = { ...emptyWizardData(), siteId, propertyId };
  const res = await who.post('/api/drafts', {
    id: randomUUID(),
    siteId,
    propertyId,
    currentStep: 'hiu',
    wizardData,
    version: 1,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function team() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const other = await signedIn(app, 'engineer');
  const supervisor = await signedIn(app, 'supervisor');
  const site = await createSite(admin, { name: 'Rowan Court' });
  expect((await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`)).statusCode).toBe(201);
  const flat = await createProperty(admin, site.id, { address: 'Flat 1', propertyType: '2b4p' });
  return { app, admin, eng, other, supervisor, site, flat };
}

describe('cached responses of the busiest reads (decision 203)', () => {
  it('answers a repeated read from memory, with the same body and ETag', async () => {
    const { eng, site } = await team();
    const first = await eng.get('/api/sites');
    await unannounced('sites', `UPDATE sites SET location = 'Unannounced' WHERE id = '${site.id}'`);
    const again = await eng.get('/api/sites');
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    const app = await t.app();
    const conditional = await app.inject({
      url: '/api/sites',
      headers: { cookie: eng.cookie!, 'if-none-match': String(first.headers.etag) },
    });
    expect(conditional.statusCode).toBe(304);
    // Another caller's read asks the database.
    const admin = await signedIn(app, 'admin');
    const theirs = (await admin.get('/api/sites')).json();
    expect(theirs.items[0].location).toBe('Unannounced');
  });

  it("shows every change to a site list, a flat list, an engineer's flats and their reports at once", async () => {
    const { admin, eng, other, supervisor, site, flat } = await team();
    const sites = async () => (await eng.get('/api/sites')).json().items;
    const flats = async () => (await eng.get(`/api/properties?siteId=${site.id}`)).json().items;
    const mine = async () => (await eng.get('/api/me/assignments')).json();
    const reports = async () => (await eng.get('/api/me/reports')).json().items;

    expect(await sites()).toMatchObject([{ name: 'Rowan Court', propertyCount: 1 }]);
    expect(await flats()).toMatchObject([{ address: 'Flat 1', status: 'not_started' }]);
    expect(await mine()).toEqual([]);
    expect(await reports()).toEqual([]);

    // The site renamed, a flat added: the list of sites and the flats.
    expect((await admin.patch(`/api/sites/${site.id}`, { name: 'Rowan Court East' })).statusCode).toBe(200);
    await createProperty(admin, site.id, { address: 'Flat 2', propertyType: '2b4p' });
    expect(await sites()).toMatchObject([{ name: 'Rowan Court East', propertyCount: 2 }]);
    expect((await flats()).map((f: { address: string }) => f.address)).toEqual(['Flat 1', 'Flat 2']);

    // Assigned: the engineer's flats. Another engineer's draft of it: its status on both lists.
    const assign = { engineerId: eng.userId, propertyIds: [flat.id] };
    expect((await supervisor.post(`/api/sites/${site.id}/assignments`, assign)).statusCode).toBe(200);
    expect(await mine()).toMatchObject([{ propertyId: flat.id, status: 'not_started' }]);
    await saveDraft(other, site.id, flat.id);
    expect(await mine()).toMatchObject([{ propertyId: flat.id, status: 'in_progress' }]);
    expect((await flats())[0]).toMatchObject({ status: 'in_progress' });

    // Submitted: their reports and the flat's status. Approved: off their flats.
    const reportId = await submitPassingReport(eng, site, flat.id, '2026-03-05T10:00:00.000Z');
    expect(await reports()).toMatchObject([{ id: reportId }]);
    expect((await flats())[0]).toMatchObject({ status: 'passed' });
    expect(await mine()).toMatchObject([{ reviewState: 'awaiting_review' }]);
    expect((await supervisor.post(`/api/reports/${reportId}/review`, { decision: 'approve' })).statusCode).toBe(200);
    expect(await mine()).toEqual([]);

    // Taken off the site: its flats are no longer theirs to read.
    expect((await admin.delete(`/api/sites/${site.id}/members/${eng.userId}`)).statusCode).toBe(204);
    expect(await sites()).toEqual([]);
    expect((await eng.get(`/api/properties?siteId=${site.id}`)).statusCode).toBe(404);
  });

  it('caches nothing when turned off', async () => {
    const database = await t.database();
    const config = { ...loadConfig({}), databaseUrl: await t.databaseUrl(), webDist: undefined, logLevel: 'silent' };
    const off = await buildApp({ ...config, responseCache: { maxBytes: 0, ttlMs: 60_000 } }, database, {
      logger: false,
    });
    try {
      const { site } = await team();
      const eng = await signedIn(off, 'engineer');
      expect((await eng.get('/api/sites')).json().items[0].location).not.toBe('Unannounced');
      await unannounced('sites', `UPDATE sites SET location = 'Unannounced' WHERE id = '${site.id}'`);
      expect((await eng.get('/api/sites')).json().items[0].location).toBe('Unannounced');
    } finally {
      await off.close();
    }
  });
});

describe('cached responses on several servers', () => {
  it("are forgotten on every server when one changes what they were made from, and kept by none while it can't hear", async (ctx) => {
    ctx.skip(
      process.env.TEST_DB !== 'postgres',
      'PGlite is embedded in one server process, so no second server can share its database',
    );
    const url = (await t.databaseUrl())!;
    const config = { ...loadConfig({}), databaseUrl: url, webDist: undefined, logLevel: 'silent' };
    const secondDatabase = await openDatabase({ databaseUrl: url });
    const two = await buildApp(config, secondDatabase, { logger: false });
    try {
      const { admin, eng, site } = await team();
      const onTwo = client(two, eng.cookie);
      const names = async () => (await onTwo.get('/api/sites')).json().items.map((s: { name: string }) => s.name);
      expect(await names()).toEqual(['Rowan Court']); // now cached by server two
      await unannounced('sites', `UPDATE sites SET location = 'Unannounced' WHERE id = '${site.id}'`);
      expect((await onTwo.get('/api/sites')).json().items[0].location).not.toBe('Unannounced');

      expect((await admin.patch(`/api/sites/${site.id}`, { name: 'Rowan Court West' })).statusCode).toBe(200);
      const changed = Date.now();
      await vi.waitFor(async () => expect(await names()).toEqual(['Rowan Court West']), {
        timeout: 1_000,
        interval: 5,
      });
      expect(Date.now() - changed).toBeLessThan(1_000);

      // Server two's listening connection cut: until it listens again it asks the database every time.
      const probe = await openDatabase({ databaseUrl: url });
      try {
        await probe.exec(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
        );
      } finally {
        await probe.close();
      }
      await unannounced('sites', `UPDATE sites SET location = 'Unheard' WHERE id = '${site.id}'`);
      await vi.waitFor(async () => expect((await onTwo.get('/api/sites')).json().items[0].location).toBe('Unheard'), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      await two.close();
      await secondDatabase.close();
    }
  });

  it('answer a write within seconds when the listening connection stops answering, and keep nothing meanwhile', async (ctx) => {
    ctx.skip(process.env.TEST_DB !== 'postgres', 'PGlite hears its notices in process');
    const url = new URL((await t.databaseUrl())!);
    // The listening connection goes through a relay that can go silent, as a dropped idle connection does.
    const links: net.Socket[][] = [];
    const relay = net.createServer((down) => {
      const up = net.connect(Number(url.port || 5432), url.hostname);
      down.pipe(up).pipe(down);
      links.push([down, up]);
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const relayed = new URL(url);
    relayed.host = `127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
    const config = { ...loadConfig({}), databaseUrl: relayed.toString(), webDist: undefined, logLevel: 'silent' };
    const three = await buildApp(config, await t.database(), { logger: false });
    try {
      const { admin, eng, site } = await team();
      const onThree = client(three, eng.cookie);
      await onThree.get('/api/sites');
      for (const [down, up] of links as [net.Socket, net.Socket][]) {
        down.unpipe(up);
        up.unpipe(down);
      }
      const started = Date.now();
      const write = await client(three, admin.cookie).patch(`/api/sites/${site.id}`, { location: 'Silent' });
      expect(write.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(10_000);
      await unannounced('sites', `UPDATE sites SET location = 'Unheard' WHERE id = '${site.id}'`);
      expect((await onThree.get('/api/sites')).json().items[0].location).toBe('Unheard');
    } finally {
      for (const link of links) for (const socket of link) socket.destroy();
      await three.close();
      await new Promise((r) => relay.close(r));
    }
  });
});
