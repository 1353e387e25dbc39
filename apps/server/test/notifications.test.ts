import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createRepositories } from '../src/repositories/index.js';
import { client, signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';
import { PNG } from './helpers/report-files.js';

const t = useTestApp();

const inbox = async (who: TestClient, query = '') => (await who.get(`/api/notifications${query}`)).json();
const unread = async (who: TestClient) => (await who.get('/api/notifications/unread-count')).json().unread;

/** A site with two engineers, a supervisor and a client on it; the first engineer submitted a passing report. */
async function team() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer', { name: 'Erin Engineer' });
  const other = await signedIn(app, 'engineer', { name: 'Olly Other' });
  const supervisor = await signedIn(app, 'supervisor', { name: 'Sam Supervisor' });
  const client = await signedIn(app, 'client');
  const site = await createSite(admin, { name: `Birch Court ${Math.random()}` });
  for (const who of [eng, other, supervisor, client])
    expect((await admin.put(`/api/sites/${site.id}/members/${who.userId}`)).statusCode).toBeLessThan(300);
  const property = await createProperty(admin, site.id, { address: 'Flat 3, Birch House', propertyType: '2b4p' });
  const reportId = await submitPassingReport(eng, site, property.id);
  return { app, admin, eng, other, supervisor, client, site, property, reportId };
}

describe('the inbox (docs/product.md#notifications)', () => {
  it('tells the engineer who submitted a report that it was sent back, with the reason, and no one else', async () => {
    const { admin, eng, other, supervisor, client, reportId } = await team();
    expect(await unread(eng)).toBe(0);
    const back = await supervisor.post(`/api/reports/${reportId}/review`, {
      decision: 'send_back',
      reason: 'The serial does not match the plate',
    });
    expect(back.statusCode).toBe(200);

    const mine = await inbox(eng);
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      kind: 'report_sent_back',
      title: 'Sent back: Flat 3, Birch House',
      link: '/',
      readAt: null,
    });
    expect(mine.items[0].body).toMatch(/^Sam Supervisor sent back your report HIU-\d{4}-\d+ for Flat 3, Birch House/);
    expect(mine.items[0].body).toMatch(/: The serial does not match the plate$/);
    expect(await unread(eng)).toBe(1);
    for (const who of [admin, other, supervisor, client]) {
      expect((await inbox(who)).items).toEqual([]);
      expect(await unread(who)).toBe(0);
    }

    // A second decision on the same report is refused and rolled back: still one entry.
    const again = await supervisor.post(`/api/reports/${reportId}/review`, { decision: 'send_back', reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect((await inbox(eng)).items).toHaveLength(1);
  });

  it('tells no one of an approval, and no one who has left the site', async () => {
    const { admin, eng, supervisor, site, property, reportId } = await team();
    expect((await supervisor.post(`/api/reports/${reportId}/review`, { decision: 'approve' })).statusCode).toBe(200);
    expect((await inbox(eng)).items).toEqual([]);

    const retest = await submitPassingReport(eng, site, property.id, '2026-03-03T10:25:00.000Z');
    expect((await admin.delete(`/api/sites/${site.id}/members/${eng.userId}`)).statusCode).toBe(204);
    const back = await supervisor.post(`/api/reports/${retest}/review`, { decision: 'send_back', reason: 'Why' });
    expect(back.statusCode).toBe(200);
    expect((await inbox(eng)).items).toEqual([]);
  });

  it('tells an engineer once per assignment, however many flats it holds', async () => {
    const { admin, eng, other, supervisor, site, property } = await team();
    const more = [
      property.id,
      (await createProperty(admin, site.id, { address: 'Flat 4, Birch House' })).id,
      (await createProperty(admin, site.id, { address: 'Flat 5, Birch House' })).id,
    ];
    const res = await supervisor.post(`/api/sites/${site.id}/assignments`, {
      engineerId: other.userId,
      propertyIds: more,
      dueDate: '2026-12-01',
    });
    expect(res.statusCode).toBe(200);
    const theirs = await inbox(other);
    expect(theirs.items).toHaveLength(1);
    expect(theirs.items[0]).toMatchObject({ kind: 'flats_assigned', title: '3 flats assigned to you', link: '/' });
    expect(theirs.items[0].body).toBe(`Sam Supervisor assigned you 3 flats on ${site.name}, due 01/12/2026.`);
    for (const who of [eng, supervisor, admin]) expect((await inbox(who)).items).toEqual([]);
  });

  it('tells whoever asked for an evidence pack that it is built, and no one else', async () => {
    const { admin, eng, supervisor, client, site, reportId } = await team();
    await supervisor.post(`/api/reports/${reportId}/review`, { decision: 'approve' });
    const before = (await inbox(client)).items.length;
    expect((await client.post(`/api/sites/${site.id}/evidence-packs`)).statusCode).toBeLessThan(300);
    await t.jobsSettled();
    const [entry, ...rest] = (await inbox(client)).items;
    expect(rest).toHaveLength(before);
    expect(entry).toMatchObject({
      kind: 'pack_ready',
      title: `Evidence pack ready: ${site.name}`,
      link: `/dashboard/${site.id}`,
    });
    expect(entry.body).toMatch(
      new RegExp(`^The evidence pack you asked for on ${site.name} is built \\(\\d+ files\\)\\.`),
    );
    for (const who of [admin, eng, supervisor])
      expect((await inbox(who)).items.filter((e: { kind: string }) => e.kind === 'pack_ready')).toEqual([]);
  });

  it("tells the site's supervisors and admins of a handover signed, not the signer or the engineers", async () => {
    const { app, admin, eng, supervisor, client, site, reportId } = await team();
    const memberAdmin = await signedIn(app, 'admin', { name: 'Ada Member' });
    await admin.put(`/api/sites/${site.id}/members/${memberAdmin.userId}`);
    await supervisor.post(`/api/reports/${reportId}/review`, { decision: 'approve' });
    // A sign-off signs a built pack (docs/product.md#evidence-pack).
    const packId = (await client.post(`/api/sites/${site.id}/evidence-packs`)).json().id;
    await t.jobsSettled();
    const signed = await client.post(`/api/sites/${site.id}/sign-offs`, {
      name: 'Cara Client',
      signature: `data:image/png;base64,${PNG.toString('base64')}`,
      packId,
    });
    expect(signed.statusCode).toBe(201);
    for (const who of [supervisor, memberAdmin]) {
      const [entry] = (await inbox(who)).items;
      expect(entry).toMatchObject({
        kind: 'handover_signed',
        title: `Handover signed: ${site.name}`,
        body: `Cara Client (client) signed the handover of ${site.name}, covering 1 of 1 flats approved.`,
        link: `/dashboard/${site.id}`,
      });
    }
    // The admin who is not a member of the site, the signer and the engineer hear nothing of it.
    for (const who of [admin, client, eng])
      expect((await inbox(who)).items.filter((e: { kind: string }) => e.kind === 'handover_signed')).toEqual([]);
  });

  it('lists the email choices a role can be told of', async () => {
    const { eng, supervisor, client } = await team();
    const kinds = async (who: TestClient) =>
      ((await who.get('/api/notifications/preferences')).json() as { kind: string }[]).map((p) => p.kind);
    expect(await kinds(eng)).toEqual(['report_sent_back', 'flats_assigned', 'flats_due', 'account_changed']);
    expect(await kinds(supervisor)).toEqual(['reviews_waiting', 'account_changed', 'pack_ready', 'handover_signed']);
    expect(await kinds(client)).toEqual(['sign_off_requested', 'account_changed', 'pack_ready']);
  });

  it('lists mine newest first a page at a time, and marks one or all read', async () => {
    const { admin, eng, other, supervisor, site } = await team();
    for (const address of ['Flat 10', 'Flat 11', 'Flat 12']) {
      const p = await createProperty(admin, site.id, { address });
      await supervisor.post(`/api/sites/${site.id}/assignments`, { engineerId: other.userId, propertyIds: [p.id] });
    }
    const first = await inbox(other, '?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.next).toEqual(expect.any(String));
    const second = await inbox(other, `?limit=2&after=${first.next}`);
    expect(second.items).toHaveLength(1);
    expect(second.next).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((e) => e.id)).size).toBe(3);
    const times = all.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    expect(await unread(other)).toBe(3);
    expect((await other.post(`/api/notifications/${all[0].id}/read`)).statusCode).toBe(204);
    expect(await unread(other)).toBe(2);
    expect((await inbox(other)).items[0].readAt).toEqual(expect.any(String));
    // Someone else's entry is not theirs to mark.
    expect((await eng.post(`/api/notifications/${all[1].id}/read`)).statusCode).toBe(404);
    expect(await unread(other)).toBe(2);
    expect((await other.post('/api/notifications/read-all')).statusCode).toBe(204);
    expect(await unread(other)).toBe(0);

    expect((await other.get('/api/notifications?after=soon')).statusCode).toBe(422);
  });

  it('tells a person their account was made or changed by someone else, and no one else', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin', { name: 'Ada Admin' });
    const made = await admin.post('/api/users', {
      email: `nora-${Math.random().toString(36).slice(2, 8)}@example.com`,
      name: 'Nora New',
      role: 'engineer',
      password: 'a good password',
    });
    expect(made.statusCode).toBe(201);
    const nora = await signedIn(app, 'engineer');
    const id = made.json().id as string;
    // Her own session, made as the tests make sessions.
    const session = await createRepositories((await t.database()).db).users.createSession(id);
    const her = client(app, `hiu_session=${session.token}`, id);
    expect((await inbox(her)).items).toEqual([
      expect.objectContaining({
        kind: 'account_changed',
        title: 'Your account was created',
        body: 'Ada Admin made you an account as engineer.',
      }),
    ]);

    expect((await admin.patch(`/api/users/${id}`, { role: 'supervisor', name: 'Nora Lead' })).statusCode).toBe(200);
    const [changed] = (await inbox(her)).items;
    expect(changed).toMatchObject({ title: 'Your account was changed' });
    expect(changed.body).toBe(
      'Ada Admin changed your account: your role is now supervisor; your name is now Nora Lead.',
    );
    for (const who of [admin, nora]) expect((await inbox(who)).items).toEqual([]);

    // Ending an account tells no one: the person can no longer sign in to read it.
    expect((await admin.patch(`/api/users/${id}`, { active: false })).statusCode).toBe(200);
    const entries = await (await t.database()).db.execute(sql`SELECT count(*)::int AS n FROM notifications`);
    expect((entries as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
  });
});
