import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { apiTokens, users } from '../src/db/schema.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { auditOf, submitPassingReport } from './helpers/team.js';
import { client, signedIn, TEST_PASSWORD, useTestApp } from './helpers/test-app.js';

const t = useTestApp();
const nextYear = () => new Date(Date.now() + 365 * 86400_000).toISOString().slice(0, 10);

/** Calls the API as an integration does: `Authorization: Bearer <token>`, no cookie. */
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
    patch: (url: string, body: unknown) => call('PATCH', url, body),
    delete: (url: string) => call('DELETE', url),
  };
}

/** Two sites, each with a report approved by a supervisor, and an admin. */
async function twoSites() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const made = [];
  for (const name of ['Alder Court', 'Beech Court']) {
    const site = await createSite(admin, { name });
    const flat = await createProperty(admin, site.id, { address: 'Flat 1' });
    const approved = await submitPassingReport(eng, site, flat.id);
    expect((await admin.post(`/api/reports/${approved}/review`, { decision: 'approve' })).statusCode).toBe(200);
    const waiting = await submitPassingReport(
      eng,
      site,
      (await createProperty(admin, site.id, { address: 'Flat 2' })).id,
    );
    made.push({ site, flat, approved, waiting });
  }
  return { app, admin, eng, a: made[0]!, b: made[1]! };
}

async function makeToken(admin: ReturnType<typeof client>, body: Record<string, unknown>) {
  const res = await admin.post('/api/tokens', { expiresOn: nextYear(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; token: string; prefix: string; sites: { id: string }[] | null };
}

describe('API tokens', () => {
  it('is shown once, kept only as a hash, and listed with its sites and last use', async () => {
    const { admin, app, a } = await twoSites();
    const made = await makeToken(admin, { name: 'Asset register', scope: 'read', siteIds: [a.site.id] });
    expect(made.token).toMatch(/^hiu_[A-Za-z0-9_-]{43}$/);
    expect(made.token.startsWith(made.prefix)).toBe(true);
    expect(made.sites).toEqual([{ id: a.site.id, name: 'Alder Court' }]);
    const [stored] = await (await t.database()).db.select().from(apiTokens);
    expect(JSON.stringify(stored)).not.toContain(made.token);
    expect((await bearer(app, made.token).get('/api/sites')).statusCode).toBe(200);
    const [listed] = (await admin.get('/api/tokens')).json();
    expect(listed).not.toHaveProperty('token');
    expect(listed).toMatchObject({ name: 'Asset register', scope: 'read', revokedAt: null });
    await vi.waitFor(async () => expect((await admin.get('/api/tokens')).json()[0].lastUsedAt).not.toBeNull());
    // Its account is no person: not on the Users screen, not editable there, and no password signs it in.
    const people = (await admin.get('/api/users')).json() as { name: string }[];
    expect(people.map((u) => u.name)).not.toContain('API token: Asset register');
    expect(await auditOf(await t.database(), 'api_token', made.id)).toHaveLength(1);
  });

  it('a read token sees only approved reports on its own sites, and cannot write', async () => {
    const { admin, app, a, b } = await twoSites();
    const made = await makeToken(admin, { name: 'Operator', scope: 'read', siteIds: [a.site.id] });
    const as = bearer(app, made.token);
    expect((await as.get('/api/sites')).json().items.map((s: { id: string }) => s.id)).toEqual([a.site.id]);
    expect((await as.get(`/api/reports/${a.approved}`)).statusCode).toBe(200);
    expect((await as.get(`/api/reports/${a.approved}/pdf`)).statusCode).toBe(200);
    expect((await as.get(`/api/reports/${b.approved}`)).statusCode).toBe(404);
    expect((await as.get(`/api/reports/${a.waiting}`)).statusCode).toBe(404);
    expect((await as.post(`/api/reports/${a.waiting}/review`, { decision: 'approve' })).statusCode).toBe(403);
    expect(
      (await as.post(`/api/sites/${a.site.id}/assignments`, { engineerId: a.site.id, propertyIds: [a.flat.id] }))
        .statusCode,
    ).toBe(403);
    expect((await as.post('/api/drafts', {})).statusCode).toBe(403);
  });

  it('a read-and-write token assigns on its sites, recorded as the token in the history, never reviews', async () => {
    const { admin, app, a, b, eng } = await twoSites();
    const made = await makeToken(admin, { name: 'QA system', scope: 'read_write', siteIds: [a.site.id] });
    const as = bearer(app, made.token);
    const assign = (site: string, flat: string) =>
      as.post(`/api/sites/${site}/assignments`, { engineerId: eng.userId, propertyIds: [flat] });
    expect((await assign(a.site.id, a.flat.id)).statusCode).toBeLessThan(300);
    const history = await auditOf(await t.database(), 'assignment', a.flat.id);
    expect(history.at(-1)).toMatchObject({ actorName: 'API token: QA system' });
    expect((await assign(b.site.id, b.flat.id)).statusCode).toBe(404);
    // A decision binds a named person: no token makes one (docs/product.md#api-tokens).
    const review = await as.post(`/api/reports/${a.waiting}/review`, { decision: 'approve' });
    expect([review.statusCode, review.json().error.message]).toEqual([
      403,
      'Only a person signed in may do this: API tokens cannot review, correct, witness or sign off',
    ]);
  });

  it('never reaches user, token or webhook management', async () => {
    const { admin, app } = await twoSites();
    for (const scope of ['read', 'read_write']) {
      const as = bearer(app, (await makeToken(admin, { name: `T ${scope}`, scope })).token);
      for (const url of ['/api/users', '/api/tokens', '/api/webhooks'])
        expect((await as.get(url)).statusCode, `${scope} ${url}`).toBe(403);
      expect((await as.post('/api/tokens', { name: 'x', scope: 'read', expiresOn: nextYear() })).statusCode).toBe(403);
    }
  });

  it('a token for every site joins sites made later', async () => {
    const { admin, app } = await twoSites();
    const made = await makeToken(admin, { name: 'Everything', scope: 'read' });
    expect(made.sites).toBeNull();
    const later = await createSite(admin, { name: 'Cedar Court' });
    const names = (await bearer(app, made.token).get('/api/sites')).json().items.map((s: { name: string }) => s.name);
    expect(names.sort()).toEqual(['Alder Court', 'Beech Court', 'Cedar Court']);
    expect(later.id).toBeTruthy();
  });

  it('a revoked token is refused at once, an expired one too, with a clear 401', async () => {
    const { admin, app } = await twoSites();
    const made = await makeToken(admin, { name: 'Old system', scope: 'read' });
    const as = bearer(app, made.token);
    expect((await as.get('/api/sites')).statusCode).toBe(200);
    expect((await admin.delete(`/api/tokens/${made.id}`)).statusCode).toBe(204);
    const refused = await as.get('/api/sites');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toEqual({
      code: 'invalid_token',
      message: 'This API token is not valid: it is unknown, revoked or expired',
    });
    expect((await admin.delete(`/api/tokens/${made.id}`)).statusCode).toBe(409);
    expect((await admin.get('/api/tokens')).json()[0].revokedAt).not.toBeNull();

    const expiring = await makeToken(admin, { name: 'Short', scope: 'read' });
    await (
      await t.database()
    ).db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, expiring.id));
    expect((await bearer(app, expiring.token).get('/api/sites')).statusCode).toBe(401);
    expect((await bearer(app, 'hiu_forged').get('/api/sites')).statusCode).toBe(401);
  });

  it('refuses bad input with 422 naming the field', async () => {
    const { admin } = await twoSites();
    const cases: [Record<string, unknown>, string][] = [
      [{ scope: 'read', expiresOn: nextYear() }, 'name'],
      [{ name: 'x', scope: 'admin', expiresOn: nextYear() }, 'scope'],
      [{ name: 'x', scope: 'read', expiresOn: '2020-01-01' }, 'expiresOn'],
      [{ name: 'x', scope: 'read', expiresOn: '2099-01-01' }, 'expiresOn'],
      [{ name: 'x', scope: 'read' }, 'expiresOn'],
      [
        { name: 'x', scope: 'read', expiresOn: nextYear(), siteIds: ['00000000-0000-4000-8000-000000000000'] },
        'siteIds',
      ],
      [{ name: 'x', scope: 'read', expiresOn: nextYear(), siteIds: ['nope'] }, 'siteIds.0'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api/tokens', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().error.fields), JSON.stringify(body)).toContain(field);
    }
    expect((await admin.get('/api/tokens')).json()).toEqual([]);
    // Its account cannot sign in with a password.
    const app = await t.app();
    const made = await makeToken(admin, { name: 'x', scope: 'read' });
    const [row] = await (
      await t.database()
    ).db
      .select({ email: users.email })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(apiTokens.id, made.id));
    for (const password of [TEST_PASSWORD, '!']) {
      const res = await client(app).post('/api/auth/login', { email: row!.email, password });
      expect(res.statusCode, password).toBe(401);
    }
  });
});

describe('API tokens on several servers', () => {
  it('a token revoked through one server is refused by another at once', async (ctx) => {
    ctx.skip(process.env.TEST_DB !== 'postgres', 'PGlite is embedded in one server process');
    const url = (await t.databaseUrl())!;
    const config = {
      ...loadConfig({}),
      databaseUrl: url,
      webDist: undefined,
      logLevel: 'silent',
      sessionCacheMs: 60_000,
    };
    const secondDatabase = await openDatabase({ databaseUrl: url });
    const one = await buildApp(config, await t.database(), { logger: false });
    const two = await buildApp(config, secondDatabase, { logger: false });
    try {
      const admin = await signedIn(one, 'admin');
      const made = await makeToken(admin, { name: 'Two servers', scope: 'read' });
      const onTwo = bearer(two, made.token);
      expect((await onTwo.get('/api/sites')).statusCode).toBe(200); // remembered by server two
      expect((await admin.delete(`/api/tokens/${made.id}`)).statusCode).toBe(204);
      const revoked = Date.now();
      await vi.waitFor(async () => expect((await onTwo.get('/api/sites')).statusCode).toBe(401), {
        timeout: 1_000,
        interval: 10,
      });
      expect(Date.now() - revoked).toBeLessThan(1_000);
    } finally {
      await one.close();
      await two.close();
      await secondDatabase.close();
    }
  });
});
