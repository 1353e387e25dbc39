import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { pushSubscriptions } from '../src/db/schema.js';
import { pushSettings } from '../src/push/settings.js';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';
import { pushService, type PushService, type StandInSubscription } from './helpers/push-service.js';

const t = useTestApp();
let service: PushService;
let app: FastifyInstance;
const vapid = webpush.generateVAPIDKeys();

// An app that sends push through a stand-in push service on loopback, beside the tests' own app (which sends none).
beforeAll(async () => {
  service = await pushService();
  const config = {
    ...loadConfig({}),
    webDist: undefined,
    logLevel: 'silent',
    jobPollMs: 200,
    readLimit: { ...loadConfig({}).readLimit, max: 0 },
    push: { ...vapid, subject: 'mailto:ops@example.com', allowPrivate: true },
  };
  app = await buildApp(config, await t.database(), { logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await service?.stop();
});

async function until<T>(what: string, read: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A phone of `who` subscribed at the stand-in and told the server. */
async function phoneOf(who: TestClient): Promise<StandInSubscription> {
  const key = await who.get('/api/push/key');
  expect(key.statusCode).toBe(200);
  const sub = await service.subscribe(key.json().publicKey);
  const res = await who.put('/api/push/subscription', { endpoint: sub.endpoint, keys: sub.keys });
  expect(res.statusCode).toBe(204);
  return sub;
}

async function team() {
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer', { name: 'Erin Engineer' });
  const other = await signedIn(app, 'engineer');
  const supervisor = await signedIn(app, 'supervisor', { name: 'Sam Supervisor' });
  const site = await createSite(admin, { name: `Birch Court ${Math.random()}` });
  for (const who of [eng, other, supervisor])
    expect((await admin.put(`/api/sites/${site.id}/members/${who.userId}`)).statusCode).toBeLessThan(300);
  const property = await createProperty(admin, site.id, { address: 'Flat 3, Birch House', propertyType: '2b4p' });
  return { admin, eng, other, supervisor, site, property };
}

const rowsOf = async (endpoint: string) =>
  (await t.database()).db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

describe('push notifications (docs/product.md#push-notifications)', { timeout: 120_000 }, () => {
  it('pushes a send-back once to the phone of the engineer who submitted, shown with its title and link', async () => {
    const { eng, other, supervisor, site, property } = await team();
    const mine = await phoneOf(eng);
    const theirs = await phoneOf(other);
    const reportId = await submitPassingReport(eng, site, property.id);
    const res = await supervisor.post(`/api/reports/${reportId}/review`, {
      decision: 'send_back',
      reason: 'Blurred plate',
    });
    expect(res.statusCode).toBe(200);

    const [message] = await until(
      'the push',
      () => service.messages(mine),
      (m) => m.length === 1,
    );
    const shown = JSON.parse(String(message));
    const [entry] = (await eng.get('/api/notifications')).json().items;
    expect(shown).toEqual({
      id: entry.id,
      title: 'Sent back: Flat 3, Birch House',
      body: entry.body,
      link: entry.link,
    });
    expect(shown.body).toContain('Blurred plate');
    // Nobody else's phone hears of it, and the one push is not sent again.
    await until('the queue to settle', () => t.jobsSettled().then(() => true), Boolean);
    expect(await service.messages(theirs)).toEqual([]);
    expect(await service.messages(mine)).toHaveLength(1);
  });

  it('drops a subscription the push service says is gone, and sends nothing after the phone turns push off', async () => {
    const { eng, supervisor, site, property, admin } = await team();
    const gone = await phoneOf(eng);
    const kept = await phoneOf(eng);
    await service.expire(gone);
    await supervisor.post(`/api/sites/${site.id}/assignments`, { engineerId: eng.userId, propertyIds: [property.id] });
    await until(
      'the gone subscription removed',
      () => rowsOf(gone.endpoint),
      (rows) => rows.length === 0,
    );
    expect(await service.messages(kept)).toHaveLength(1);

    expect((await eng.delete('/api/push/subscription', { endpoint: kept.endpoint })).statusCode).toBe(204);
    expect(await rowsOf(kept.endpoint)).toEqual([]);
    const flat = await createProperty(admin, site.id, { address: 'Flat 9, Birch House' });
    await supervisor.post(`/api/sites/${site.id}/assignments`, { engineerId: eng.userId, propertyIds: [flat.id] });
    expect((await eng.get('/api/notifications')).json().items).toHaveLength(2);
    await until('the queue to settle', () => t.jobsSettled().then(() => true), Boolean);
    expect(await service.messages(kept)).toHaveLength(1);
  });

  it('gives a phone to the last person who subscribed it: a shared phone does not show the previous engineer', async () => {
    const { eng, other, supervisor, site, property } = await team();
    const phone = await phoneOf(eng);
    expect((await other.put('/api/push/subscription', { endpoint: phone.endpoint, keys: phone.keys })).statusCode).toBe(
      204,
    );
    expect((await rowsOf(phone.endpoint)).map((r) => r.userId)).toEqual([other.userId]);
    await supervisor.post(`/api/sites/${site.id}/assignments`, { engineerId: eng.userId, propertyIds: [property.id] });
    expect((await eng.get('/api/notifications')).json().items).toHaveLength(1);
    await until('the queue to settle', () => t.jobsSettled().then(() => true), Boolean);
    expect(await service.messages(phone)).toEqual([]);
    // The next person on the phone, who did not ask for push, stops what still reaches it.
    expect((await eng.delete('/api/push/subscription', { endpoint: phone.endpoint })).statusCode).toBe(204);
    expect(await rowsOf(phone.endpoint)).toEqual([]);
  });

  it('stops pushing to a phone once its person signs out there, or their sessions end elsewhere', async () => {
    const { eng, other, supervisor, site, property, admin } = await team();
    const phone = await phoneOf(eng);
    const otherPhone = await phoneOf(other);
    expect((await eng.post('/api/auth/logout', {})).statusCode).toBe(204);
    expect(await rowsOf(phone.endpoint)).toEqual([]);
    // A deactivation (or a new password) ends every session of the person: their phone hears nothing after.
    expect((await admin.patch(`/api/users/${other.userId}`, { active: false })).statusCode).toBe(200);
    expect(await rowsOf(otherPhone.endpoint)).toEqual([]);
    expect((await eng.put('/api/push/subscription', { endpoint: phone.endpoint, keys: phone.keys })).statusCode).toBe(
      401,
    );
    await supervisor.post(`/api/sites/${site.id}/assignments`, {
      engineerId: eng.userId,
      propertyIds: [property.id],
    });
    const flat = await createProperty(admin, site.id, { address: 'Flat 12, Birch House' });
    await supervisor.post(`/api/sites/${site.id}/assignments`, { engineerId: other.userId, propertyIds: [flat.id] });
    await until('the queue to settle', () => t.jobsSettled().then(() => true), Boolean);
    expect(await service.messages(phone)).toEqual([]);
    expect(await service.messages(otherPhone)).toEqual([]);
  });

  it('refuses a subscription that is not a push address, naming the field', async () => {
    const { eng } = await team();
    const sub = await service.subscribe(vapid.publicKey);
    const bad = await eng.put('/api/push/subscription', { endpoint: 'ftp://push.example.com/x', keys: sub.keys });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.endpoint).toBe('The address must start with https://');
    const short = await eng.put('/api/push/subscription', {
      endpoint: sub.endpoint,
      keys: { p256dh: 'abc', auth: 'x' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().error.fields).toMatchObject({
      'keys.p256dh': 'The p256dh key is too short',
      'keys.auth': 'The auth secret is too short',
    });
    expect(await rowsOf(sub.endpoint)).toEqual([]);
  });

  it('says push is off on a server without VAPID settings', async () => {
    const eng = await signedIn(await t.app(), 'engineer');
    const key = await eng.get('/api/push/key');
    expect(key.statusCode).toBe(404);
    expect(key.json().error.code).toBe('push_off');
    const sub = await service.subscribe(vapid.publicKey);
    expect((await eng.put('/api/push/subscription', { endpoint: sub.endpoint, keys: sub.keys })).statusCode).toBe(404);
  });
});

describe('push settings', () => {
  const env = {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:ops@example.com',
  };
  it('are off with none given and whole with all three', () => {
    expect(pushSettings({})).toBeUndefined();
    expect(pushSettings(env)).toEqual({ ...vapid, subject: 'mailto:ops@example.com', allowPrivate: false });
  });
  it('refuse at start a part missing, a subject push services refuse, or keys that are not a pair', () => {
    expect(() => pushSettings({ VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(
      'Push notifications need VAPID_PRIVATE_KEY and VAPID_SUBJECT as well as VAPID_PUBLIC_KEY',
    );
    expect(() => pushSettings({ ...env, VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT must be a mailto:/);
    expect(() => pushSettings({ ...env, VAPID_SUBJECT: 'mailto:ops@localhost' })).toThrow(/VAPID_SUBJECT must be/);
    const other = webpush.generateVAPIDKeys();
    expect(() => pushSettings({ ...env, VAPID_PUBLIC_KEY: other.publicKey })).toThrow(/not the public half/);
    expect(() => pushSettings({ ...env, VAPID_PRIVATE_KEY: 'short' })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/,
    );
  });
});
