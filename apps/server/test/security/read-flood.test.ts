import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@hiu/domain';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { readLimitKey } from '../../src/http/read-limit.js';
import { useTestApp } from '../helpers/test-app.js';
import { quickUser } from './helpers/fixture.js';

const t = useTestApp();

/**
 * An app on the test database with a read limit: by default one small enough to reach, 5 reads in 3 seconds
 * (the shared test app runs without one).
 */
let limited: FastifyInstance | undefined;
async function limitedApp(readLimit = { max: 5, windowMs: 3000, atOnce: 2 }) {
  await limited?.close();
  const config = { ...loadConfig({}), webDist: undefined, logLevel: 'silent', readLimit };
  limited = await buildApp(config, await t.database(), { logger: false });
  await limited.ready();
  return limited;
}
afterAll(() => limited?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a flood of reads from one caller', () => {
  it('is generous by default and set by READ_LIMIT, READ_LIMIT_SECONDS and READS_AT_ONCE; 0 turns it off', () => {
    expect(loadConfig({}).readLimit).toEqual({ max: 600, windowMs: 10_000, atOnce: 4 });
    expect(loadConfig({ READ_LIMIT: '30', READ_LIMIT_SECONDS: '5', READS_AT_ONCE: '2' }).readLimit).toEqual({
      max: 30,
      windowMs: 5_000,
      atOnce: 2,
    });
    expect(loadConfig({ READ_LIMIT: '0' }).readLimit).toEqual({ max: 0, windowMs: 10_000, atOnce: 4 });
  });

  it("lets a phone's sync of the most sites it keeps, of up to 200 flats each, through at once by default", async () => {
    // The phone keeps up to 200 sites: each one's details and first page of flats, and four lists of its own
    // (decision 195). On a fast connection they all arrive within seconds; none may be refused. Sites with more
    // flats bring up to nine more pages each (2,204 reads at most): that sync spans windows, and the phone waits
    // for each as the server tells it.
    const app = await limitedApp(loadConfig({}).readLimit);
    const database = await t.database();
    const engineer = await quickUser(app, database, 'engineer');
    const reads = 200 * 2 + 4;
    const statuses: number[] = [];
    for (let i = 0; i < reads; i += 50)
      statuses.push(
        ...(await Promise.all(Array.from({ length: Math.min(50, reads - i) }, () => engineer.get('/api/sites')))).map(
          (r) => r.statusCode,
        ),
      );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('answers 429 with Retry-After and the standard error body, serves others meanwhile, and serves again after the wait', async () => {
    const app = await limitedApp();
    const database = await t.database();
    const stuck = await quickUser(app, database, 'engineer');
    const other = await quickUser(app, database, 'engineer');

    // A burst at once, as a loop sends it: the first five are served, the rest refused.
    const burst = await Promise.all(Array.from({ length: 12 }, () => stuck.get('/api/sites')));
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    const refused = burst.find((r) => r.statusCode === 429)!;
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3);
    const body = apiErrorSchema.parse(refused.json());
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toBe(
      `Too many requests. Please wait ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'} and try again.`,
    );

    // Another engineer on the same server (and the same address) is served throughout.
    for (let i = 0; i < 5; i++) expect((await other.get('/api/sites')).statusCode).toBe(200);
    expect((await stuck.get('/api/sites')).statusCode).toBe(429);

    // Writes are not counted: a draft save of the refused engineer still reaches the route.
    expect((await stuck.post('/api/drafts', {})).statusCode).toBe(422);

    await sleep(retryAfter * 1000 + 50);
    const again = await stuck.get('/api/sites');
    expect(again.statusCode).toBe(200);
  });

  it('counts callers without a session by their address, apart from signed-in ones', async () => {
    const app = await limitedApp();
    const database = await t.database();
    const from = (remoteAddress: string) =>
      app.inject({ method: 'GET', url: '/api/auth/setup', remoteAddress }).then((r) => r.statusCode);
    const first = [];
    for (let i = 0; i < 6; i++) first.push(await from('203.0.113.7'));
    expect(first.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(first[5]).toBe(429);
    expect(await from('203.0.113.8')).not.toBe(429);
    const engineer = await quickUser(app, database, 'engineer');
    const signedIn = await app.inject({
      method: 'GET',
      url: '/api/sites',
      remoteAddress: '203.0.113.7',
      headers: { cookie: engineer.cookie! },
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('counts an API token on its own, apart from the admin who made it', async () => {
    const app = await limitedApp();
    const database = await t.database();
    const admin = await quickUser(app, database, 'admin');
    const expiresOn = new Date(Date.now() + 365 * 86400_000).toISOString().slice(0, 10);
    const site = await admin.post('/api/sites', { name: 'Alder Court', location: 'Leeds' });
    expect(site.statusCode, site.body).toBe(201);
    const siteIds = [site.json().id as string];
    const made = await admin.post('/api/tokens', { name: 'Asset register', scope: 'read', siteIds, expiresOn });
    expect(made.statusCode, made.body).toBe(201);
    const asToken = () =>
      app.inject({ method: 'GET', url: '/api/sites', headers: { authorization: `Bearer ${made.json().token}` } });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await asToken()).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await admin.get('/api/sites')).statusCode).toBe(200);
  });

  it('lets steady reads through on the default limit and tells the limit', async () => {
    const app = await limitedApp(loadConfig({}).readLimit);
    const database = await t.database();
    const engineer = await quickUser(app, database, 'engineer');
    for (let i = 0; i < 50; i++) expect((await engineer.get('/api/sites')).statusCode).toBe(200);
    const res = await engineer.get('/api/sites');
    expect(res.headers['x-ratelimit-limit']).toBe('600');
  });
});

describe('the read limit key', () => {
  const request = (headers: Record<string, string>, cookies: Record<string, string> = {}, ip = '198.51.100.1') => ({
    headers,
    cookies,
    ip,
  });

  it('is the API token, else the session, else the address; never the secret itself', () => {
    const token = readLimitKey(request({ authorization: 'Bearer abc' }, { hiu_session: 'xyz' }));
    const session = readLimitKey(request({}, { hiu_session: 'xyz' }));
    const address = readLimitKey(request({}));
    expect(token).toMatch(/^token:/);
    expect(session).toMatch(/^session:/);
    expect(address).toBe('address:198.51.100.1');
    expect(token).not.toContain('abc');
    expect(session).not.toContain('xyz');
    expect(readLimitKey(request({}, { hiu_session: 'other' }))).not.toBe(session);
    expect(readLimitKey(request({}, { hiu_session: 'xyz' }, '198.51.100.2'))).toBe(session);
  });
});
