import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { jobs, webhookDeliveries, webhookEndpoints, webhookEvents } from '../src/db/schema.js';
import { webhookDeliveryJob } from '../src/webhooks/deliver.js';
import { WEBHOOK_MAX_ATTEMPTS } from '../src/webhooks/events.js';
import { guardedLookup, isPublicAddress, resolvesPublicly } from '../src/http/outbound/target-safety.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';
import { client, signedIn, useTestApp } from './helpers/test-app.js';

const t = useTestApp();

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on this machine: records each request and answers with `status(n)` for the n-th (from 1). */
async function receiver(status: (n: number) => number = () => 200) {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status(got.length), { 'content-type': 'text/plain' }).end(`answer ${got.length}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, got };
}
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const ALL = ['report.submitted', 'report.approved', 'report.sent_back', 'property.assigned'];

async function team() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const supervisor = await signedIn(app, 'supervisor', { name: 'Sam Supervisor' });
  const site = await createSite(admin, { name: 'Birch Court' });
  expect((await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`)).statusCode).toBe(201);
  const flats = await Promise.all([1, 2].map((n) => createProperty(admin, site.id, { address: `Flat ${n}` })));
  return { app, admin, eng, supervisor, site, flats };
}

async function register(admin: ReturnType<typeof client>, url: string, events = ALL) {
  const res = await admin.post('/api/webhooks', { url, events, description: 'Asset register' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string };
}

/** Makes every queued delivery due now (the queue's backoff is tens of seconds and more). */
async function dueNow() {
  await (
    await t.database()
  ).db
    .update(jobs)
    .set({ runAt: new Date(0) })
    .where(eq(jobs.state, 'queued'));
}

const verified = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  }) as { type: string; timestamp: string; data: Record<string, unknown> };

describe('webhooks', () => {
  it('delivers each event type once, signed, with the payload as it was', async () => {
    const { admin, eng, supervisor, site, flats } = await team();
    const rx = await receiver();
    const hook = await register(admin, rx.url);
    expect(hook.secret).toMatch(/^whsec_/);
    expect((await admin.get('/api/webhooks')).json()[0]).not.toHaveProperty('secret');

    const approved = await submitPassingReport(eng, site, flats[0]!.id);
    const sentBack = await submitPassingReport(eng, site, flats[1]!.id);
    expect((await supervisor.post(`/api/reports/${approved}/review`, { decision: 'approve' })).statusCode).toBe(200);
    const back = await supervisor.post(`/api/reports/${sentBack}/review`, {
      decision: 'send_back',
      reason: 'Photo blurred',
    });
    expect(back.statusCode).toBe(200);
    // A refused decision (already decided) is no event.
    expect((await supervisor.post(`/api/reports/${approved}/review`, { decision: 'approve' })).statusCode).toBe(409);
    const assigned = await supervisor.post(`/api/sites/${site.id}/assignments`, {
      engineerId: eng.userId,
      propertyIds: [flats[0]!.id],
      dueDate: '2026-12-01',
    });
    expect(assigned.statusCode).toBe(200);
    await t.jobsSettled();

    const events = rx.got.map((r) => verified(hook.secret, r));
    expect(events.map((e) => e.type).sort()).toEqual(
      ['property.assigned', 'report.approved', 'report.sent_back', 'report.submitted', 'report.submitted'].sort(),
    );
    expect(new Set(rx.got.map((r) => r.headers['webhook-id'])).size).toBe(5);
    const submitted = events.find((e) => e.type === 'report.submitted' && e.data.reportId === approved)!;
    // As submitted: awaiting review then, though approved since.
    expect(submitted.data).toMatchObject({
      siteId: site.id,
      propertyId: flats[0]!.id,
      overallStatus: 'PASS',
      reviewState: 'awaiting_review',
    });
    expect(submitted.data.reference).toMatch(/^HIU-\d{4}-\d{6}$/);
    expect(events.find((e) => e.type === 'report.sent_back')!.data).toMatchObject({
      reportId: sentBack,
      reason: 'Photo blurred',
      reviewedBy: { id: supervisor.userId, name: 'Sam Supervisor' },
    });
    expect(events.find((e) => e.type === 'property.assigned')!.data).toMatchObject({
      siteId: site.id,
      engineerId: eng.userId,
      propertyIds: [flats[0]!.id],
      dueDate: '2026-12-01',
    });
    // A tampered body fails verification.
    expect(() => verified(hook.secret, { ...rx.got[0]!, body: rx.got[0]!.body.replace('PASS', 'FAIL') })).toThrow();
  });

  it('a receiver that fails three times gets the event on the fourth try with the same webhook-id; the log shows each try', async () => {
    const { admin, eng, site, flats } = await team();
    const rx = await receiver((n) => (n <= 3 ? 500 : 204));
    const hook = await register(admin, rx.url, ['report.submitted']);
    await submitPassingReport(eng, site, flats[0]!.id);
    for (let i = 0; i < 4; i++) {
      await t.jobsSettled();
      await dueNow();
    }
    await t.jobsSettled();
    expect(rx.got).toHaveLength(4);
    expect(new Set(rx.got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const log = (await admin.get(`/api/webhooks/${hook.id}/deliveries`)).json();
    expect(
      log.items.map((d: { attempt: number; ok: boolean; statusCode: number }) => [d.attempt, d.ok, d.statusCode]),
    ).toEqual([
      [4, true, 204],
      [3, false, 500],
      [2, false, 500],
      [1, false, 500],
    ]);
    expect(log.items[1].responseExcerpt).toBe('answer 3');
    expect((await admin.get('/api/webhooks')).json()[0].lastDelivery).toMatchObject({ ok: true, statusCode: 204 });
  });

  it('a delivery whose server stopped mid-way is sent when its lease runs out', async () => {
    const { admin, eng, site, flats } = await team();
    const rx = await receiver();
    await register(admin, rx.url, ['report.submitted']);
    const db = (await t.database()).db;
    await submitPassingReport(eng, site, flats[0]!.id);
    await t.jobsSettled();
    expect(rx.got).toHaveLength(1);
    // As a server killed after claiming the delivery, before it could record the outcome: its lease runs out.
    await db
      .update(jobs)
      .set({ state: 'running', lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.kind, 'webhook.deliver'));
    await t.jobsSettled();
    expect(rx.got).toHaveLength(2);
    expect(rx.got[1]!.headers['webhook-id']).toBe(rx.got[0]!.headers['webhook-id']);
  });

  it('the last failed attempt of a day turns the endpoint off with the reason; turning it on clears it', async () => {
    const { admin, eng, site, flats } = await team();
    const rx = await receiver(() => 503);
    const hook = await register(admin, rx.url, ['report.submitted']);
    await submitPassingReport(eng, site, flats[0]!.id);
    await t.jobsSettled();
    await (
      await t.database()
    ).db
      .update(jobs)
      .set({ attempts: WEBHOOK_MAX_ATTEMPTS - 1, runAt: new Date(0) })
      .where(eq(jobs.kind, 'webhook.deliver'));
    await t.jobsSettled();
    const [off] = (await admin.get('/api/webhooks')).json();
    expect(off.active).toBe(false);
    expect(off.disabledReason).toContain(`Turned off after ${WEBHOOK_MAX_ATTEMPTS} failed attempts`);
    expect(off.disabledReason).toContain('answered 503');
    // Off: later events are not sent to it.
    await submitPassingReport(eng, site, flats[1]!.id);
    await t.jobsSettled();
    expect(rx.got).toHaveLength(2);
    const on = await admin.patch(`/api/webhooks/${hook.id}`, { active: true });
    expect(on.json()).toMatchObject({ active: true, disabledReason: null });
  });

  it('sends a test event and resends an event from the log, with the same webhook-id', async () => {
    const { admin } = await team();
    const rx = await receiver();
    const hook = await register(admin, rx.url, ['report.approved']);
    const test = await admin.post(`/api/webhooks/${hook.id}/test`);
    expect(test.statusCode).toBe(202);
    await t.jobsSettled();
    expect(verified(hook.secret, rx.got[0]!)).toMatchObject({ type: 'webhook.test', data: { endpointId: hook.id } });
    const again = await admin.post(`/api/webhooks/${hook.id}/deliveries/${test.json().eventId}/resend`);
    expect(again.statusCode).toBe(202);
    await t.jobsSettled();
    expect(rx.got).toHaveLength(2);
    expect(rx.got[1]!.headers['webhook-id']).toBe(test.json().eventId);
  });

  it('a rotated secret signs beside the old one for a day, so either verifies', async () => {
    const { admin } = await team();
    const rx = await receiver();
    const hook = await register(admin, rx.url, ['report.approved']);
    const rotated = await admin.post(`/api/webhooks/${hook.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).not.toBe(hook.secret);
    expect(rotated.json().previousSecretUntil).not.toBeNull();
    await admin.post(`/api/webhooks/${hook.id}/test`);
    await t.jobsSettled();
    expect(String(rx.got[0]!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(rotated.json().secret, rx.got[0]!).type).toBe('webhook.test');
    expect(verified(hook.secret, rx.got[0]!).type).toBe('webhook.test');
  });

  it('refuses bad input with 422 naming the field, and anyone but an admin with 403', async () => {
    const { admin, eng, supervisor } = await team();
    const cases: [unknown, string][] = [
      [{ url: 'not a url', events: ALL }, 'url'],
      [{ url: 'https://example.com/h', events: [] }, 'events'],
      [{ url: 'https://example.com/h', events: ['report.deleted'] }, 'events.0'],
      [{ url: `https://example.com/${'x'.repeat(2001)}`, events: ALL }, 'url'],
      [{ url: 'https://user:pw@example.com/h', events: ALL }, 'url'],
      [{ url: 'https://example.com/h', events: ALL, secret: 'mine' }, '(body)'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().error.fields ?? { '(body)': 1 })).toContain(field);
    }
    const client = await signedIn(await t.app(), 'client');
    for (const who of [eng, supervisor, client]) {
      expect((await who.get('/api/webhooks')).statusCode).toBe(403);
      expect((await who.post('/api/webhooks', { url: 'https://example.com/h', events: ALL })).statusCode).toBe(403);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await admin.patch(`/api/webhooks/${missing}`, { active: false })).statusCode).toBe(404);
    expect((await admin.delete(`/api/webhooks/${missing}`)).statusCode).toBe(404);
    expect((await admin.post(`/api/webhooks/${missing}/test`)).statusCode).toBe(404);
    expect((await (await t.database()).db.select().from(webhookEvents)).length).toBe(0);
  });
});

describe('webhook targets (default settings: public https addresses only)', () => {
  it('refuses loopback, private, link-local and metadata addresses, names resolving to them, and http', async () => {
    const database = await t.database();
    const strict = await buildApp(
      { ...loadConfig({}), databaseUrl: await t.databaseUrl(), webDist: undefined, logLevel: 'silent' },
      database,
      { logger: false },
    );
    try {
      const admin = await signedIn(await t.app(), 'admin');
      const asAdmin = client(strict, admin.cookie, admin.userId);
      for (const url of [
        'https://127.0.0.1/h',
        'https://10.0.0.1/h',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/h',
        'https://[::ffff:127.0.0.1]/h',
        'https://localhost/h',
        'http://example.com/h',
      ]) {
        const res = await asAdmin.post('/api/webhooks', { url, events: ALL });
        expect(res.statusCode, url).toBe(422);
        expect(res.json().error.fields.url, url).toMatch(/public|https/);
      }
    } finally {
      await strict.close();
    }
  });

  it('classifies addresses: only public unicast ones may receive', async () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
    for (const ip of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'])
      expect(isPublicAddress(ip), ip).toBe(true);
    expect(await resolvesPublicly('localhost', false)).toMatch(/not a public address/);
    expect(await resolvesPublicly('localhost', true)).toBeNull();
  });

  it('judges an IPv6 address that carries an IPv4 one by the IPv4 address it carries', async () => {
    for (const ip of [
      // IPv4-compatible (deprecated): refused whatever they carry.
      '::127.0.0.1',
      '::7f00:1',
      '::a00:1',
      '::8.8.8.8',
      // IPv4-mapped, dotted and in hex.
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '0:0:0:0:0:ffff:c0a8:0101',
      // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) of private, loopback and link-local addresses.
      '64:ff9b::7f00:1',
      '64:ff9b::10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::1',
      '2002:c0a8:101::1',
      '2002:a9fe:a9fe::',
      // NAT64 for local use (64:ff9b:1::/48) and IPv4-translated addresses have no public meaning.
      '64:ff9b:1::808:808',
      '::ffff:0:808:808',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
    // The same forms carrying a public address reach that public address.
    for (const ip of ['::ffff:808:808', '64:ff9b::808:808', '64:ff9b::8.8.8.8', '2002:808:808::1'])
      expect(isPublicAddress(ip), ip).toBe(true);
  });

  it('refuses IPv4 addresses written as IPv6 at registration, and at delivery for an address stored before', async () => {
    const database = await t.database();
    const strict = await buildApp(
      { ...loadConfig({}), databaseUrl: await t.databaseUrl(), webDist: undefined, logLevel: 'silent' },
      database,
      { logger: false },
    );
    const urls = [
      'https://[::127.0.0.1]/h',
      'https://[::ffff:7f00:1]/h',
      'https://[64:ff9b::a9fe:a9fe]/latest/meta-data',
      'https://[64:ff9b::10.0.0.1]/h',
      'https://[2002:c0a8:101::1]/h',
    ];
    try {
      const admin = await signedIn(await t.app(), 'admin');
      const asAdmin = client(strict, admin.cookie, admin.userId);
      for (const url of urls) {
        const res = await asAdmin.post('/api/webhooks', { url, events: ALL });
        expect(res.statusCode, url).toBe(422);
        expect(res.json().error.fields.url, url).toMatch(/public/);
      }
      expect((await database.db.select().from(webhookEndpoints)).length).toBe(0);
    } finally {
      await strict.close();
    }
    const [event] = await database.db
      .insert(webhookEvents)
      .values({ type: 'webhook.test', payload: {} })
      .returning({ id: webhookEvents.id });
    const deliver = webhookDeliveryJob(database.db, false).run;
    for (const url of urls) {
      const [endpoint] = await database.db
        .insert(webhookEndpoints)
        .values({ url, events: ALL, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })
        .returning({ id: webhookEndpoints.id });
      // A claimed job as the runner hands it over; the handler reads only its payload and attempt numbers.
      const job = { id: '1', kind: 'webhook.deliver', attempt: 1, maxAttempts: 10 } as Parameters<typeof deliver>[0];
      await expect(deliver({ ...job, payload: { eventId: event!.id, endpointId: endpoint!.id } }), url).rejects.toThrow(
        /public/,
      );
      const [logged] = await database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint!.id));
      expect(logged, url).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/public/) });
    }
  });

  it('refuses a name whose DNS answer is an IPv4 address written as IPv6, at registration and at connect', async () => {
    for (const address of ['::7f00:1', '::ffff:a9fe:a9fe', '64:ff9b::a00:1', '2002:a00:1::1']) {
      const resolve = vi.spyOn(dns.promises, 'lookup').mockResolvedValue([{ address, family: 6 }] as never);
      const connect = vi
        .spyOn(dns, 'lookup')
        .mockImplementation(((
          _host: string,
          _options: unknown,
          callback: (err: null, addresses: dns.LookupAddress[]) => void,
        ) => callback(null, [{ address, family: 6 }])) as never);
      try {
        expect(await resolvesPublicly('hooks.example.com', false), address).toMatch(/not a public address/);
        const refused = await new Promise((done) =>
          guardedLookup(false)('hooks.example.com', { all: true }, (err) => done(err)),
        );
        expect(refused, address).toMatchObject({ code: 'ERR_WEBHOOK_TARGET' });
      } finally {
        resolve.mockRestore();
        connect.mockRestore();
      }
    }
  });
});

describe('the webhook contract in the OpenAPI document', () => {
  it('describes the signature, shows how to verify it, and gives an example body of every event', async () => {
    const doc = (await client(await t.app()).get('/api/docs')).json();
    const tag = doc.tags.find((x: { name: string }) => x.name === 'webhooks');
    for (const type of [...ALL, 'webhook.test']) expect(tag.description).toContain(`Example \`${type}\``);
    expect(tag.description).toContain('wh.verify(rawBody, headers)');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/webhooks', '/api/webhooks/{id}/deliveries']));
  });
});

describe('webhook event retention', () => {
  it('deletes events, with their delivery log, once past the retention; newer ones stay', async () => {
    const { webhooksRepository, WEBHOOK_EVENT_RETENTION_DAYS } = await import('../src/webhooks/repository.js');
    const db = (await t.database()).db;
    const old = new Date(Date.now() - (WEBHOOK_EVENT_RETENTION_DAYS + 1) * 86_400_000);
    const [gone] = await db
      .insert(webhookEvents)
      .values({ type: 'report.submitted', payload: {}, createdAt: old })
      .returning({ id: webhookEvents.id });
    const [kept] = await db
      .insert(webhookEvents)
      .values({ type: 'report.submitted', payload: {} })
      .returning({ id: webhookEvents.id });
    expect(await webhooksRepository(db).prune()).toBe(1);
    const left = (await db.select({ id: webhookEvents.id }).from(webhookEvents)).map((r) => r.id);
    expect(left).toContain(kept!.id);
    expect(left).not.toContain(gone!.id);
  });
});
