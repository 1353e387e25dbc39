import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { defaultDesignParameters } from '@hiu/domain';
import { createProperty, createSite } from './helpers/admin-data.js';
import { signedIn, useTestApp } from './helpers/test-app.js';

// A manage token keeps a client's asset system and the sites in step (docs/product.md#integrations).
const t = useTestApp();
const nextYear = () => new Date(Date.now() + 365 * 86400_000).toISOString().slice(0, 10);

function bearer(app: FastifyInstance, token: string) {
  const call = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      payload: payload as InjectOptions['payload'],
      headers: { authorization: `Bearer ${token}` },
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body: unknown = {}) => call('POST', url, body),
    put: (url: string, body: unknown = {}) => call('PUT', url, body),
    patch: (url: string, body: unknown) => call('PATCH', url, body),
    delete: (url: string) => call('DELETE', url),
  };
}

describe('a manage token', () => {
  it('creates and changes sites, flats, design parameters and assignments, never users, tokens or webhooks', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const made = await admin.post('/api/tokens', { name: 'Asset system', scope: 'manage', expiresOn: nextYear() });
    expect(made.statusCode, made.body).toBe(201);
    const as = bearer(app, made.json().token as string);

    const site = await as.post('/api/sites', { name: 'Synced Court', location: 'Leeds' });
    expect(site.statusCode, site.body).toBe(201);
    const siteId = site.json().id as string;
    const design = defaultDesignParameters();
    const changed = await as.patch(`/api/sites/${siteId}`, {
      location: 'Leeds LS1',
      designParameters: { ...design, standby: { ...design.standby, returnTempMax: '44' } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().location).toBe('Leeds LS1');
    const flat = await as.post('/api/properties', { siteId, address: 'Flat 1, Synced House', propertyType: '1b2p' });
    expect(flat.statusCode, flat.body).toBe(201);
    const moved = await as.patch(`/api/properties/${flat.json().id}`, { block: 'North', floor: '2' });
    expect(moved.statusCode, moved.body).toBe(200);
    await admin.put(`/api/sites/${siteId}/members/${eng.userId}`);
    const assigned = await as.post(`/api/sites/${siteId}/assignments`, {
      engineerId: eng.userId,
      propertyIds: [flat.json().id],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    // Never people, tokens or webhooks.
    for (const [status, res] of [
      [403, await as.get('/api/users')],
      [
        403,
        await as.post('/api/users', {
          email: 'x@example.com',
          name: 'X',
          role: 'admin',
          password: 'a-long-password-1',
        }),
      ],
      [403, await as.get('/api/tokens')],
      [403, await as.post('/api/tokens', { name: 'More', scope: 'manage', expiresOn: nextYear() })],
      [403, await as.get('/api/webhooks')],
      [403, await as.post('/api/webhooks', { url: 'https://example.com/h', events: ['report.submitted'] })],
    ] as const)
      expect(res.statusCode, `${res.statusCode} ${res.body}`).toBe(status);
  });

  it('keeps to its sites: another site is not found; a read_write token still gets "Admins only"', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const mine = await createSite(admin, { name: 'Mine Court' });
    const other = await createSite(admin, { name: 'Other Court' });
    const otherFlat = await createProperty(admin, other.id, { address: 'Flat 9' });
    const made = await admin.post('/api/tokens', {
      name: 'One site',
      scope: 'manage',
      siteIds: [mine.id],
      expiresOn: nextYear(),
    });
    const as = bearer(app, made.json().token as string);
    expect((await as.patch(`/api/sites/${mine.id}`, { location: 'York' })).statusCode).toBe(200);
    expect((await as.patch(`/api/sites/${other.id}`, { location: 'York' })).statusCode).toBe(404);
    expect(
      (await as.post('/api/properties', { siteId: other.id, address: 'Flat 2', propertyType: '1b2p' })).statusCode,
    ).toBe(404);
    expect((await as.patch(`/api/properties/${otherFlat.id}`, { block: 'X' })).statusCode).toBe(404);
    // A site it makes is its own.
    const made2 = await as.post('/api/sites', { name: 'New Court', location: 'Hull' });
    expect(made2.statusCode, made2.body).toBe(201);
    expect((await as.patch(`/api/sites/${made2.json().id}`, { location: 'Hull HU1' })).statusCode).toBe(200);

    const rw = await admin.post('/api/tokens', { name: 'Writer', scope: 'read_write', expiresOn: nextYear() });
    const res = await bearer(app, rw.json().token as string).post('/api/sites', { name: 'Nope', location: 'Leeds' });
    expect([res.statusCode, res.json().error.message]).toEqual([403, 'Admins only']);
  });
});
