import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';

const t = useTestApp();

/** A GET as the phone's sync makes it: with the ETag it was given last time, if any. */
async function conditionalGet(app: Awaited<ReturnType<typeof t.app>>, who: TestClient, url: string, etag?: string) {
  return app.inject({
    method: 'GET',
    url,
    headers: { cookie: who.cookie!, ...(etag ? { 'if-none-match': etag } : {}) },
  });
}

describe('conditional reads (a phone syncing only what changed)', () => {
  it('answers 304 with no body when nothing changed, and the new list once something did', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin, { name: 'Larch Court' });
    await admin.put(`/api/sites/${site.id}/members/${eng.userId}`);
    const flat = await createProperty(admin, site.id, { address: 'Flat 1, Larch Court', propertyType: '2b4p' });
    await admin.post(`/api/sites/${site.id}/assignments`, { engineerId: eng.userId, propertyIds: [flat.id] });

    for (const url of [
      `/api/properties?siteId=${site.id}&limit=200&offset=0`,
      '/api/me/assignments',
      `/api/sites/${site.id}`,
    ]) {
      const first = await conditionalGet(app, eng, url);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[^"]+"$/);
      const again = await conditionalGet(app, eng, url, etag);
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      // A stale or foreign tag gets the whole answer.
      expect((await conditionalGet(app, eng, url, '"not-this-one"')).statusCode, url).toBe(200);
    }

    const list = `/api/properties?siteId=${site.id}&limit=200&offset=0`;
    const before = (await conditionalGet(app, eng, list)).headers.etag as string;
    const mine = (await conditionalGet(app, eng, '/api/me/assignments')).headers.etag as string;
    await admin.post(`/api/sites/${site.id}/assignments`, {
      engineerId: eng.userId,
      propertyIds: [flat.id],
      dueDate: '2026-12-24',
    });
    await admin.patch(`/api/properties/${flat.id}`, { address: 'Flat 1A, Larch Court' });
    const changed = await conditionalGet(app, eng, list, before);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().items[0].address).toBe('Flat 1A, Larch Court');
    const reassigned = await conditionalGet(app, eng, '/api/me/assignments', mine);
    expect(reassigned.statusCode).toBe(200);
    expect(reassigned.json()[0]).toMatchObject({ dueDate: '2026-12-24' });
  });

  it('never answers 304 to another user holding the same tag for a different answer', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const [a, b] = [await signedIn(app, 'engineer'), await signedIn(app, 'engineer')];
    const site = await createSite(admin, { name: 'Rowan Court' });
    const flat = await createProperty(admin, site.id, { address: 'Flat 1, Rowan Court', propertyType: '2b4p' });
    await admin.post(`/api/sites/${site.id}/assignments`, { engineerId: a.userId, propertyIds: [flat.id] });
    const tagOfA = (await conditionalGet(app, a, '/api/me/assignments')).headers.etag as string;
    const answerToB = await conditionalGet(app, b, '/api/me/assignments', tagOfA);
    expect(answerToB.statusCode).toBe(200);
    expect(answerToB.json()).toEqual([]);
  });

  it('sends a list gzipped to a phone that accepts it, with the same tag, and never unpacks a body sent to it', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const site = await createSite(admin, { name: 'Alder Court' });
    await admin.post('/api/properties/bulk', {
      siteId: site.id,
      properties: Array.from({ length: 60 }, (_, i) => ({
        address: `Flat ${i + 1}, Alder Court`,
        propertyType: '2b4p',
      })),
    });
    const url = `/api/properties?siteId=${site.id}&limit=200&offset=0`;
    const plain = await app.inject({ method: 'GET', url, headers: { cookie: admin.cookie! } });
    const zipped = await app.inject({
      method: 'GET',
      url,
      headers: { cookie: admin.cookie!, 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    const again = await app.inject({
      method: 'GET',
      url,
      headers: { cookie: admin.cookie!, 'accept-encoding': 'gzip', 'if-none-match': plain.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    // A compressed body could unpack far past the body limit: it is refused, and nothing is stored.
    const bomb = await app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: { cookie: admin.cookie!, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ siteId: site.id, address: 'Flat 99, Alder Court', propertyType: '2b4p' })),
    });
    expect(bomb.statusCode).toBeGreaterThanOrEqual(400);
    expect(bomb.statusCode).toBeLessThan(500);
    const list = (await admin.get(`/api/properties?siteId=${site.id}&q=Flat 99`)).json();
    expect(list.total).toBe(0);
  });
});
