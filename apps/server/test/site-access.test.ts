import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { auditOf, submitPassingReport } from './helpers/team.js';

const t = useTestApp();

const ids = (list: { id: string }[]) => list.map((x) => x.id).sort();
const memberIds = async (admin: TestClient, siteId: string) =>
  ((await admin.get(`/api/sites/${siteId}/members`)).json() as { userId: string }[]).map((m) => m.userId).sort();

/** Two sites, A and B, each with a property; a supervisor and a client belong to A only. */
async function twoSites() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const supervisor = await signedIn(app, 'supervisor');
  const client = await signedIn(app, 'client');
  const a = await createSite(admin, { name: 'Alder Court' });
  const b = await createSite(admin, { name: 'Beech Court' });
  const pa = await createProperty(admin, a.id, { address: 'Flat 1', propertyType: '2b4p' });
  const pb = await createProperty(admin, b.id, { address: 'Flat 1', propertyType: '2b4p' });
  for (const who of [supervisor, client]) await admin.put(`/api/sites/${a.id}/members/${who.userId}`);
  return { app, admin, eng, supervisor, client, a, b, pa, pb };
}

describe('site membership', () => {
  it('makes every active engineer a member of a new site, and a new engineer a member of every site; never supervisors or clients', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const first = await signedIn(app, 'engineer');
    await signedIn(app, 'supervisor');
    await signedIn(app, 'client');
    const site = await createSite(admin);
    expect(await memberIds(admin, site.id)).toEqual([first.userId]);
    const created = await admin.post('/api/users', {
      email: 'new.engineer@example.com',
      name: 'New Engineer',
      password: 'a long password',
      role: 'engineer',
    });
    expect(await memberIds(admin, site.id)).toEqual([first.userId, created.json().id].sort());
  });

  it('lets an admin add and remove members, once each, with the history of both', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const supervisor = await signedIn(app, 'supervisor', { name: 'Sam Supervisor' });
    const site = await createSite(admin);
    const added = await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ userId: supervisor.userId, name: 'Sam Supervisor', role: 'supervisor' });
    expect((await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`)).statusCode).toBe(200);
    expect(await memberIds(admin, site.id)).toEqual([supervisor.userId]);
    expect((await admin.delete(`/api/sites/${site.id}/members/${supervisor.userId}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/sites/${site.id}/members/${supervisor.userId}`)).statusCode).toBe(404);
    expect(await memberIds(admin, site.id)).toEqual([]);
    const history = await auditOf(await t.database(), 'site_member', site.id);
    expect(history.map((h) => [h.action, h.actorId])).toEqual([
      ['member_added', admin.userId],
      ['member_removed', admin.userId],
    ]);
    const unknown = '00000000-0000-4000-8000-000000000001';
    expect((await admin.put(`/api/sites/${site.id}/members/${unknown}`)).statusCode).toBe(404);
    expect((await admin.put(`/api/sites/${unknown}/members/${supervisor.userId}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/sites/${unknown}/members`)).statusCode).toBe(404);
  });

  it('shows supervisors, clients and engineers only the sites they belong to; the others answer 404', async () => {
    const { admin, eng, supervisor, client, a, b, pa, pb } = await twoSites();
    await admin.delete(`/api/sites/${b.id}/members/${eng.userId}`);
    expect(ids((await admin.get('/api/sites')).json().items)).toEqual([a.id, b.id].sort());
    for (const who of [eng, supervisor, client]) {
      expect(ids((await who.get('/api/sites')).json().items)).toEqual([a.id]);
      expect((await who.get(`/api/sites/${a.id}`)).statusCode).toBe(200);
      expect((await who.get(`/api/properties?siteId=${a.id}`)).json().items).toHaveLength(1);
      expect((await who.get(`/api/properties/${pa.id}`)).statusCode).toBe(200);
      for (const url of [
        `/api/sites/${b.id}`,
        `/api/sites/${b.id}/progress`,
        `/api/sites/${b.id}/hiu-models`,
        `/api/properties?siteId=${b.id}`,
        `/api/properties/${pb.id}`,
      ]) {
        expect((await who.get(url)).statusCode, url).toBe(404);
      }
    }
  });

  it('refuses a draft save and a submit for a site the engineer does not belong to (403), and stores nothing', async () => {
    const { admin, eng, b, pb } = await twoSites();
    await admin.delete(`/api/sites/${b.id}/members/${eng.userId}`);
    const draft = await eng.post('/api/drafts', {
      siteId: b.id,
      propertyId: pb.id,
      currentStep: 'Standby Mode',
      wizardData: {},
    });
    expect(draft.statusCode).toBe(403);
    expect((await eng.get('/api/drafts')).json()).toEqual([]);
    await admin.put(`/api/sites/${b.id}/members/${eng.userId}`);
    const reportId = await submitPassingReport(eng, b, pb.id);
    await admin.delete(`/api/sites/${b.id}/members/${eng.userId}`);
    await expect(submitPassingReport(eng, b, pb.id)).rejects.toThrow(/403/);
    // Their own earlier report stays theirs to read.
    expect((await eng.get(`/api/reports/${reportId}`)).statusCode).toBe(200);
  });

  it('shows a supervisor every report of their sites, and a client only approved ones and their PDFs', async () => {
    const { admin, eng, supervisor, client, a, b, pa, pb } = await twoSites();
    const onA = await submitPassingReport(eng, a, pa.id);
    const onB = await submitPassingReport(eng, b, pb.id);
    expect(ids(await (await supervisor.get('/api/reports')).json())).toEqual([onA]);
    expect((await supervisor.get(`/api/reports/${onA}`)).statusCode).toBe(200);
    expect((await supervisor.get(`/api/reports/${onB}`)).statusCode).toBe(404);
    // Awaiting review: a client sees nothing of it.
    expect((await client.get('/api/reports')).json()).toEqual([]);
    expect((await client.get(`/api/reports/${onA}`)).statusCode).toBe(404);
    expect((await client.get(`/api/reports/${onA}/pdf`)).statusCode).toBe(404);
    await admin.post(`/api/reports/${onA}/review`, { decision: 'approve' });
    await admin.post(`/api/reports/${onB}/review`, { decision: 'approve' });
    expect(ids((await client.get('/api/reports')).json())).toEqual([onA]);
    expect((await client.get(`/api/reports/${onA}`)).json().reviewState).toBe('approved');
    const pdf = await client.get(`/api/reports/${onA}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await client.get(`/api/reports/${onB}`)).statusCode).toBe(404);
    expect((await client.get(`/api/reports/${onB}/pdf`)).statusCode).toBe(404);
    // Progress of their site, yes; drafts, users and the office's report screens, never.
    expect((await client.get(`/api/sites/${a.id}/progress`)).statusCode).toBe(200);
    for (const url of ['/api/drafts', '/api/users', '/api/reports/sites', '/api/audit']) {
      expect((await client.get(url)).statusCode, url).toBe(403);
    }
  });

  it('keeps an engineer to their own reports, whatever site', async () => {
    const { app, eng, a, pa } = await twoSites();
    const other = await signedIn(app, 'engineer');
    const report = await submitPassingReport(eng, a, pa.id);
    expect((await other.get('/api/reports')).json()).toEqual([]);
    expect((await other.get(`/api/reports/${report}`)).statusCode).toBe(403);
  });

  it('creates supervisors and clients and changes roles through the users API', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const created = await admin.post('/api/users', {
      email: 'client@example.com',
      name: 'Carla Client',
      password: 'a long password',
      role: 'client',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().role).toBe('client');
    const changed = await admin.patch(`/api/users/${created.json().id}`, { role: 'supervisor' });
    expect(changed.json().role).toBe('supervisor');
    expect((await admin.patch(`/api/users/${created.json().id}`, { role: 'owner' })).statusCode).toBe(422);
  });
});
