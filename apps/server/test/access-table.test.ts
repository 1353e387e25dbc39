import { describe, expect, it } from 'vitest';
import { client, signedIn, useTestApp } from './helpers/test-app.js';

const t = useTestApp();

/**
 * Who may call what. A new route must be added here, or the first test fails:
 * public = anyone; user = any signed-in user (ownership is checked inside); admin = admins only.
 */
const ACCESS: Record<string, 'public' | 'user' | 'admin'> = {
  'GET /api/health': 'public',
  'GET /api/docs': 'public',
  'GET /api/auth/setup': 'public',
  'POST /api/auth/setup': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/me': 'user',
  'GET /api/users': 'admin',
  'POST /api/users': 'admin',
  'PATCH /api/users/:id': 'admin',
  'GET /api/sites': 'user',
  'GET /api/sites/bulk/template': 'admin',
  'POST /api/sites/bulk': 'admin',
  'GET /api/sites/:id': 'user',
  'GET /api/sites/:id/progress': 'user',
  'GET /api/sites/:id/delete-impact': 'admin',
  'GET /api/sites/:id/hiu-models': 'user',
  'POST /api/sites': 'admin',
  'PATCH /api/sites/:id': 'admin',
  'DELETE /api/sites/:id': 'admin',
  'GET /api/properties': 'user',
  'GET /api/properties/:id': 'user',
  'GET /api/properties/:id/delete-impact': 'admin',
  'GET /api/properties/:id/drafts': 'admin',
  'DELETE /api/properties/:id/drafts/:draftId': 'admin',
  'POST /api/properties': 'admin',
  'PATCH /api/properties/:id': 'admin',
  'DELETE /api/properties/:id': 'admin',
  'POST /api/properties/bulk': 'admin',
  'POST /api/drafts': 'user',
  'GET /api/drafts': 'user',
  'GET /api/drafts/:id': 'user',
  'DELETE /api/drafts/:id': 'user',
  'PUT /api/files/:id': 'user',
  'GET /api/files/:id': 'user',
  'POST /api/reports': 'user',
  'GET /api/reports/sites': 'admin',
  'GET /api/reports/latest': 'admin',
  'GET /api/reports': 'user',
  'GET /api/reports/export.csv': 'admin',
  'GET /api/reports/analysis.csv': 'admin',
  'GET /api/reports/:id': 'user',
  'GET /api/reports/:id/pdf': 'user',
  'GET /api/reports/:id/earlier': 'admin',
};

const ID = '00000000-0000-4000-8000-000000000001';
const concrete = (url: string) => url.replace(/:[a-zA-Z]+/g, ID);

describe('access table', () => {
  it('lists every API route, and every listed route exists with that access', async () => {
    const app = await t.app();
    const actual = Object.fromEntries(app.routeTable.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(actual).toEqual(ACCESS);
  });

  it('answers each route by role: 401 signed out, 403 for engineers on admin routes, never either for admins', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const engineer = await signedIn(app, 'engineer');
    const anon = client(app);
    let checked = 0;
    for (const [key, access] of Object.entries(ACCESS)) {
      const [method, url] = key.split(' ') as [string, string];
      const call = (c: typeof anon) => {
        const path = concrete(url);
        if (method === 'GET') return c.get(path);
        if (method === 'DELETE') return c.delete(path);
        if (method === 'POST') return c.post(path, {});
        if (method === 'PATCH') return c.patch(path, {});
        return c.put(path, Buffer.from([0xff, 0xd8, 0xff]), { 'content-type': 'image/jpeg' });
      };
      const out = (await call(anon)).statusCode;
      // Signing out would end the sessions the remaining checks use.
      const keepsSession = key !== 'POST /api/auth/logout';
      const eng = keepsSession ? (await call(engineer)).statusCode : 204;
      const adm = keepsSession ? (await call(admin)).statusCode : 204;
      if (access === 'public') {
        expect(out, `${key} signed out`).not.toBe(401);
      } else {
        expect(out, `${key} signed out`).toBe(401);
        if (access === 'admin') expect(eng, `${key} as engineer`).toBe(403);
        else expect([401, 403], `${key} as engineer`).not.toContain(eng);
        expect([401, 403], `${key} as admin`).not.toContain(adm);
      }
      checked++;
    }
    expect(checked).toBe(Object.keys(ACCESS).length);
    console.log(`access table: ${checked} routes checked as signed out, engineer and admin`);
  });
});
