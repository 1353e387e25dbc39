import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { auditOf, submitPassingReport } from './helpers/team.js';

const t = useTestApp();

/** A site of four properties with a supervisor and an engineer on it. */
async function site() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer', { name: 'Eddie Engineer' });
  const supervisor = await signedIn(app, 'supervisor');
  const s = await createSite(admin, { name: 'Cedar Court' });
  await admin.put(`/api/sites/${s.id}/members/${supervisor.userId}`);
  const flats = [];
  for (const [address, propertyType] of [
    ['Flat 1, North Block', '1b2p'],
    ['Flat 2, North Block', '2b4p'],
    ['Flat 1, South Block', '2b4p'],
    ['Flat 2, South Block', '2b4p'],
  ] as const) {
    flats.push(await createProperty(admin, s.id, { address, propertyType }));
  }
  return { app, admin, eng, supervisor, site: s, flats };
}

const addresses = (list: { address: string }[]) => list.map((a) => a.address).sort();

describe('assignment', () => {
  it('assigns one property with a due date; the engineer sees it with its state, and the history keeps it', async () => {
    const { eng, supervisor, site: s, flats } = await site();
    const res = await supervisor.post(`/api/sites/${s.id}/assignments`, {
      engineerId: eng.userId,
      propertyIds: [flats[0]!.id],
      dueDate: '2026-12-01',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ assigned: 1 });
    const mine = (await eng.get('/api/me/assignments')).json();
    expect(mine).toEqual([
      expect.objectContaining({
        propertyId: flats[0]!.id,
        siteId: s.id,
        siteName: 'Cedar Court',
        address: 'Flat 1, North Block',
        propertyType: '1b2p',
        dueDate: '2026-12-01',
        status: 'not_started',
        reviewState: null,
      }),
    ]);
    const history = await auditOf(await t.database(), 'assignment', flats[0]!.id);
    expect(history).toMatchObject([
      {
        action: 'assigned',
        actorId: supervisor.userId,
        before: null,
        after: { engineerId: eng.userId, dueDate: '2026-12-01' },
      },
    ]);
  });

  it('assigns a selection, and every property matching an address search and a type', async () => {
    const { eng, admin, site: s, flats } = await site();
    const selection = await admin.post(`/api/sites/${s.id}/assignments`, {
      engineerId: eng.userId,
      propertyIds: [flats[0]!.id, flats[1]!.id],
    });
    expect(selection.json()).toEqual({ assigned: 2 });
    const filtered = await admin.post(`/api/sites/${s.id}/assignments`, {
      engineerId: eng.userId,
      filter: { q: 'south', propertyType: '2B4P' },
      dueDate: null,
    });
    expect(filtered.json()).toEqual({ assigned: 2 });
    expect(addresses((await eng.get('/api/me/assignments')).json())).toEqual(addresses(flats));
  });

  it('lists the flats of one type, as the Assign flats tab chooses them, with and without a status filter', async () => {
    const { admin, site: s } = await site();
    const list = async (query: string) =>
      (await admin.get(`/api/properties?siteId=${s.id}&${query}`)).json() as {
        items: { address: string }[];
        total: number;
      };
    const twoBed = await list('propertyType=2B4P&q=south');
    expect(twoBed.total).toBe(2);
    expect(addresses(twoBed.items)).toEqual(['Flat 1, South Block', 'Flat 2, South Block']);
    const notStarted = await list('propertyType=1b2p&status=not_started');
    expect(notStarted.items.map((p) => p.address)).toEqual(['Flat 1, North Block']);
    expect((await list('propertyType=studio')).total).toBe(0);
  });

  it('moves a property to another engineer, the history holding who had it before', async () => {
    const { app, eng, supervisor, site: s, flats } = await site();
    const second = await signedIn(app, 'engineer');
    await supervisor.post(`/api/sites/${s.id}/assignments`, { engineerId: eng.userId, propertyIds: [flats[0]!.id] });
    await supervisor.post(`/api/sites/${s.id}/assignments`, {
      engineerId: second.userId,
      propertyIds: [flats[0]!.id],
      dueDate: '2026-12-24',
    });
    expect((await eng.get('/api/me/assignments')).json()).toEqual([]);
    expect((await second.get('/api/me/assignments')).json()).toHaveLength(1);
    const history = await auditOf(await t.database(), 'assignment', flats[0]!.id);
    expect(history[1]).toMatchObject({
      before: { engineerId: eng.userId, dueDate: null },
      after: { engineerId: second.userId, dueDate: '2026-12-24' },
    });
  });

  it('refuses with 422 naming engineerId anyone who is not an active engineer member of the site, and assigns nothing', async () => {
    const { app, admin, eng, supervisor, site: s, flats } = await site();
    const outsider = await signedIn(app, 'engineer');
    await admin.delete(`/api/sites/${s.id}/members/${outsider.userId}`);
    const inactive = await signedIn(app, 'engineer');
    await admin.patch(`/api/users/${inactive.userId}`, { active: false });
    const clientUser = await signedIn(app, 'client');
    await admin.put(`/api/sites/${s.id}/members/${clientUser.userId}`);
    for (const engineerId of [
      outsider.userId,
      inactive.userId,
      supervisor.userId,
      clientUser.userId,
      '00000000-0000-4000-8000-000000000001',
    ]) {
      const res = await supervisor.post(`/api/sites/${s.id}/assignments`, { engineerId, propertyIds: [flats[0]!.id] });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields).toEqual({ engineerId: 'Choose an engineer who is a member of this site' });
    }
    expect((await eng.get('/api/me/assignments')).json()).toEqual([]);
    expect(await auditOf(await t.database(), 'assignment', flats[0]!.id)).toEqual([]);
  });

  it('refuses bad bodies with 422 naming the field: another site property, both or neither target, a bad date', async () => {
    const { admin, eng, supervisor, site: s, flats } = await site();
    const other = await createSite(admin, { name: 'Elm Court' });
    const elsewhere = await createProperty(admin, other.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ engineerId: eng.userId, propertyIds: [flats[0]!.id, elsewhere.id] }, 'propertyIds'],
      [{ engineerId: eng.userId }, 'propertyIds'],
      [{ engineerId: eng.userId, propertyIds: [flats[0]!.id], filter: {} }, 'propertyIds'],
      [{ engineerId: eng.userId, propertyIds: [] }, 'propertyIds'],
      [{ engineerId: eng.userId, propertyIds: [flats[0]!.id], dueDate: '01/12/2026' }, 'dueDate'],
      [{ engineerId: 'someone', propertyIds: [flats[0]!.id] }, 'engineerId'],
    ];
    for (const [body, field] of cases) {
      const res = await supervisor.post(`/api/sites/${s.id}/assignments`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().error.fields), JSON.stringify(body)).toContain(field);
    }
    expect((await eng.get('/api/me/assignments')).json()).toEqual([]);
  });

  it('lets admins and the site supervisors assign; engineers and clients get 403, other supervisors 404', async () => {
    const { app, admin, eng, site: s, flats } = await site();
    const clientUser = await signedIn(app, 'client');
    await admin.put(`/api/sites/${s.id}/members/${clientUser.userId}`);
    const outsider = await signedIn(app, 'supervisor');
    const body = { engineerId: eng.userId, propertyIds: [flats[0]!.id] };
    expect((await eng.post(`/api/sites/${s.id}/assignments`, body)).statusCode).toBe(403);
    expect((await clientUser.post(`/api/sites/${s.id}/assignments`, body)).statusCode).toBe(403);
    expect((await outsider.post(`/api/sites/${s.id}/assignments`, body)).statusCode).toBe(404);
    expect((await eng.get('/api/me/assignments')).json()).toEqual([]);
    expect((await admin.post(`/api/sites/${s.id}/assignments`, body)).statusCode).toBe(200);
    // Anyone may ask for their own list; only engineers have one.
    for (const who of [admin, outsider, clientUser]) expect((await who.get('/api/me/assignments')).json()).toEqual([]);
  });

  it('keeps a property on the list until its report is approved, showing a sent-back one as such', async () => {
    const { eng, supervisor, site: s, flats } = await site();
    await supervisor.post(`/api/sites/${s.id}/assignments`, {
      engineerId: eng.userId,
      propertyIds: [flats[1]!.id, flats[2]!.id],
    });
    const first = await submitPassingReport(eng, s, flats[1]!.id);
    const second = await submitPassingReport(eng, s, flats[2]!.id);
    let mine = (await eng.get('/api/me/assignments')).json();
    expect(mine.map((m: { reviewState: string }) => m.reviewState)).toEqual(['awaiting_review', 'awaiting_review']);
    expect(mine.map((m: { status: string }) => m.status)).toEqual(['passed', 'passed']);
    await supervisor.post(`/api/reports/${first}/review`, { decision: 'approve' });
    await supervisor.post(`/api/reports/${second}/review`, { decision: 'send_back', reason: 'Retake the photos' });
    mine = (await eng.get('/api/me/assignments')).json();
    expect(mine).toEqual([expect.objectContaining({ propertyId: flats[2]!.id, reviewState: 'sent_back' })]);
  });
});
