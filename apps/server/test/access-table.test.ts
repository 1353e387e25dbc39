import { describe, expect, it } from 'vitest';
import { client, signedIn, useTestApp } from './helpers/test-app.js';

const t = useTestApp();

/**
 * Who may call what. A new route must be added here, or the first test fails:
 * public = anyone; user = any signed-in user (ownership and site membership are checked inside);
 * field = everyone but clients and assessors; supervisor = supervisors and admins; oversight = everyone but engineers;
 * witness = assessors and admins; admin = admins only (decision 145).
 */
type Access = 'public' | 'user' | 'field' | 'supervisor' | 'oversight' | 'witness' | 'manage' | 'admin';
const ACCESS: Record<string, Access> = {
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
  'POST /api/users/invitations': 'admin',
  'GET /api/auth/options': 'public',
  'POST /api/auth/password-reset': 'public',
  'GET /api/auth/links/:token': 'public',
  'POST /api/auth/password': 'public',
  'GET /api/notifications': 'user',
  'GET /api/notifications/unread-count': 'user',
  'POST /api/notifications/:id/read': 'user',
  'POST /api/notifications/read-all': 'user',
  'GET /api/notifications/preferences': 'user',
  'PUT /api/notifications/preferences': 'user',
  'GET /api/notifications/unsubscribe/:token': 'public',
  'POST /api/notifications/unsubscribe/:token': 'public',
  'GET /api/notifications/mail-failures': 'admin',
  'GET /api/push/key': 'user',
  'PUT /api/push/subscription': 'user',
  'DELETE /api/push/subscription': 'user',
  'GET /api/sites': 'user',
  'GET /api/sites/bulk/template': 'admin',
  'POST /api/sites/bulk': 'admin',
  'GET /api/sites/:id': 'user',
  'GET /api/sites/:id/progress': 'user',
  'GET /api/sites/:id/delete-impact': 'admin',
  'GET /api/sites/:id/hiu-models': 'user',
  'POST /api/sites': 'manage',
  'PATCH /api/sites/:id': 'manage',
  'DELETE /api/sites/:id': 'admin',
  'GET /api/properties': 'user',
  'GET /api/properties/:id': 'user',
  'GET /api/properties/:id/delete-impact': 'admin',
  'GET /api/properties/:id/drafts': 'admin',
  'DELETE /api/properties/:id/drafts/:draftId': 'admin',
  'POST /api/properties': 'manage',
  'PATCH /api/properties/:id': 'manage',
  'DELETE /api/properties/:id': 'admin',
  'POST /api/properties/bulk': 'manage',
  'POST /api/drafts': 'field',
  'GET /api/drafts': 'field',
  'GET /api/drafts/:id': 'field',
  'DELETE /api/drafts/:id': 'field',
  'PUT /api/files/:id': 'field',
  'PUT /api/files/:id/original': 'field',
  'GET /api/properties/:id/work': 'field',
  'GET /api/properties/:id/open-issues': 'field',
  'GET /api/me/reports': 'field',
  'GET /api/files/:id': 'user',
  'POST /api/reports': 'field',
  'GET /api/reports/sites': 'admin',
  'GET /api/reports/latest': 'admin',
  'GET /api/reports/by-site': 'admin',
  'GET /api/reports/table': 'admin',
  'GET /api/reports': 'user',
  'GET /api/reports/export.csv': 'admin',
  'GET /api/reports/analysis.csv': 'admin',
  'GET /api/reports/:id': 'user',
  'GET /api/reports/:id/pdf': 'user',
  'GET /api/reports/:id/earlier': 'supervisor',
  'GET /api/sites/:id/members': 'admin',
  'PUT /api/sites/:id/members/:userId': 'admin',
  'DELETE /api/sites/:id/members/:userId': 'admin',
  'GET /api/audit': 'supervisor',
  'GET /api/audit.csv': 'admin',
  'POST /api/sites/:id/assignments': 'supervisor',
  'DELETE /api/sites/:id/assignments': 'supervisor',
  'GET /api/sites/:id/assignments': 'supervisor',
  'GET /api/sites/:id/engineers': 'supervisor',
  'GET /api/sites/:id/dashboard': 'oversight',
  'POST /api/sites/:id/evidence-packs': 'oversight',
  'GET /api/sites/:id/evidence-packs': 'oversight',
  'GET /api/evidence-packs/:id': 'oversight',
  'GET /api/evidence-packs/:id/download': 'oversight',
  'GET /api/sites/:id/dwellings': 'oversight',
  'POST /api/sites/:id/sign-offs': 'oversight',
  'POST /api/sites/:id/sign-off-requests': 'supervisor',
  'GET /api/sites/:id/sign-off-scope': 'oversight',
  'GET /api/sites/:id/sign-offs': 'oversight',
  'GET /api/sites/:id/issues': 'user',
  'PUT /api/sites/:id/issues/:issueId': 'supervisor',
  'POST /api/sites/:id/issues/:issueId/resolution': 'supervisor',
  'GET /api/sites/:id/sign-offs/:signOffId/signature': 'oversight',
  'PUT /api/properties/:id/witness': 'supervisor',
  'DELETE /api/properties/:id/witness': 'supervisor',
  'GET /api/sites/:id/witnesses': 'oversight',
  'GET /api/reports/:id/witnessable': 'witness',
  'POST /api/reports/:id/witness-records': 'witness',
  'GET /api/reports/:id/witness-records': 'oversight',
  'GET /api/sites/:id/witness-records/:recordId/signature': 'oversight',
  'GET /api/sites/:id/sampling': 'oversight',
  'PUT /api/sites/:id/sampling': 'admin',
  'GET /api/sites/:id/review-queue': 'supervisor',
  'GET /api/me/review-counts': 'supervisor',
  'POST /api/reports/:id/corrections': 'supervisor',
  'GET /api/me/assignments': 'user',
  'POST /api/reports/:id/review': 'supervisor',
  'POST /api/reports/approvals': 'supervisor',
  'GET /api/tokens': 'admin',
  'POST /api/tokens': 'admin',
  'DELETE /api/tokens/:id': 'admin',
  'GET /api/webhooks': 'admin',
  'POST /api/webhooks': 'admin',
  'PATCH /api/webhooks/:id': 'admin',
  'DELETE /api/webhooks/:id': 'admin',
  'POST /api/webhooks/:id/rotate-secret': 'admin',
  'POST /api/webhooks/:id/test': 'admin',
  'GET /api/webhooks/:id/deliveries': 'admin',
  'POST /api/webhooks/:id/deliveries/:eventId/resend': 'admin',
};

/** Which roles each access level lets through the door (what happens inside is tested per route). */
const ALLOWED: Record<Exclude<Access, 'public'>, string[]> = {
  user: ['admin', 'supervisor', 'engineer', 'client', 'assessor'],
  field: ['admin', 'supervisor', 'engineer'],
  supervisor: ['admin', 'supervisor'],
  oversight: ['admin', 'supervisor', 'client', 'assessor'],
  witness: ['admin', 'assessor'],
  manage: ['admin'],
  admin: ['admin'],
};

const ID = '00000000-0000-4000-8000-000000000001';
const concrete = (url: string) => url.replace(/:[a-zA-Z]+/g, ID);

describe('access table', () => {
  it('lists every API route, and every listed route exists with that access', async () => {
    const app = await t.app();
    const actual = Object.fromEntries(app.routeTable.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(actual).toEqual(ACCESS);
  });

  it('answers each route by role: 401 signed out, 403 for a role the route is not for, never either for the rest', async () => {
    const app = await t.app();
    const roles = {
      admin: await signedIn(app, 'admin'),
      supervisor: await signedIn(app, 'supervisor'),
      engineer: await signedIn(app, 'engineer'),
      client: await signedIn(app, 'client'),
      assessor: await signedIn(app, 'assessor'),
    };
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
        if (url.startsWith('/api/files'))
          return c.put(path, Buffer.from([0xff, 0xd8, 0xff]), { 'content-type': 'image/jpeg' });
        return c.put(path, {});
      };
      const out = (await call(anon)).statusCode;
      if (access === 'public') {
        expect(out, `${key} signed out`).not.toBe(401);
        checked++;
        continue;
      }
      expect(out, `${key} signed out`).toBe(401);
      // Signing out would end the sessions the remaining checks use.
      if (key === 'POST /api/auth/logout') continue;
      for (const [role, who] of Object.entries(roles)) {
        const status = (await call(who)).statusCode;
        if (ALLOWED[access].includes(role)) expect([401, 403], `${key} as ${role}`).not.toContain(status);
        else expect(status, `${key} as ${role}`).toBe(403);
      }
      checked++;
    }
    expect(checked).toBe(Object.keys(ACCESS).length);
    console.log(
      `access table: ${checked} routes checked as signed out, admin, supervisor, engineer, client and assessor`,
    );
  });
});
