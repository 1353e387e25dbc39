import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { client, signedIn, useTestApp } from './helpers/test-app.js';

const t = useTestApp();

/** The app as deployed behind a load balancer on this host (TRUST_PROXY=loopback), sharing the test database. */
async function behindProxy() {
  const database = await t.database();
  const app = await buildApp(
    { ...loadConfig({}), webDist: undefined, logLevel: 'silent', trustProxy: 'loopback' },
    database,
    {
      logger: false,
    },
  );
  await app.ready();
  return app;
}

describe('API conventions', () => {
  it('serves an OpenAPI document built from the route schemas', async () => {
    const app = await t.app();
    const res = await client(app).get('/api/docs');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/users', '/api/sites', '/api/reports']),
    );
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const res = await admin.get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No such endpoint: GET /api/nothing-here' } });
  });

  it('sends security headers and keeps API answers out of shared caches', async () => {
    const app = await t.app();
    const res = await client(app).get('/api/auth/setup');
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['content-security-policy']).toContain("base-uri 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const forged = await app.inject({
      method: 'GET',
      url: '/api/auth/setup',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    const proxied = await behindProxy();
    const https = await proxied.inject({
      method: 'GET',
      url: '/api/auth/setup',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toContain('max-age=');
    await proxied.close();
  });

  it('marks the session cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const app = await behindProxy();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/setup',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: 'a@example.com', name: 'A', password: 'password1' },
    });
    expect(res.statusCode).toBe(201);
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    await app.close();
  });

  it('never leaks a stack trace', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const res = await admin.patch('/api/users/not-a-uuid', { name: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});
