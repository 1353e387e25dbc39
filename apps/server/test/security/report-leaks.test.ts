import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { REPORT_CSV_COLUMNS } from '@hiu/domain';
import { passingCheck } from '@hiu/domain/testing';
import { reports } from '../../src/db/schema.js';
import { createProperty, createSite } from '../helpers/admin-data.js';
import { JPEG, PNG, upload } from '../helpers/report-files.js';
import { submitPassingReport } from '../helpers/team.js';
import { signedIn, useTestApp, type TestClient } from '../helpers/test-app.js';

const t = useTestApp();
const serialColumn = REPORT_CSV_COLUMNS.indexOf('HIU Serial');
const nextYear = () => new Date(Date.now() + 365 * 86400_000).toISOString().slice(0, 10);

/** A passing check of the flat with its own serial, submitted as `eng` with `overrides` on its data. */
async function submit(
  eng: TestClient,
  site: { id: string; name: string },
  propertyId: string,
  overrides: Record<string, unknown> = {},
) {
  const photo = await upload(eng, 'photo', JPEG);
  const signature = await upload(eng, 'signature', PNG);
  const wizardData = { ...passingCheck({ site, propertyId, photoId: photo, signatureId: signature }), ...overrides };
  const id = randomUUID();
  const res = await eng.post('/api/reports', { id, wizardData, notes: '', completedAt: '2026-03-02T10:25:00.000Z' });
  return { id, res };
}

const csvSerials = (body: string) =>
  Papa.parse<string[]>(body.trimEnd())
    .data.slice(1)
    .map((r) => r[serialColumn]);

describe('reports are found by site id, never by name', () => {
  it('refuses a second site of the same name in any case, and stores the site name and address from the server', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin, { name: 'Riverside Court', location: 'Leeds' });
    const twin = await admin.post('/api/sites', { name: 'riverside court', location: 'York' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error.fields.name).toMatch(/name already exists/);

    const flat = await createProperty(admin, site.id, { address: 'Flat 7' });
    const { res } = await submit(eng, site, flat.id, { siteName: 'Riverside Ct', address: 'Flat 7b typed' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ siteName: 'Riverside Court', propertyAddress: 'Flat 7', siteId: site.id });
    const detail = (await admin.get(`/api/reports/${res.json().id}`)).json();
    expect(detail.wizardData).toMatchObject({ siteName: 'Riverside Court', address: 'Flat 7' });
    expect((await admin.get(`/api/reports?siteId=${site.id}`)).json()).toHaveLength(1);
  });

  it("keeps a renamed site's reports its own, and gives none to a new site that takes the old name", async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const x = await createSite(admin, { name: 'Site A' });
    const xFlat = await createProperty(admin, x.id, { address: 'Flat 1' });
    await submitPassingReport(eng, x, xFlat.id);
    expect((await admin.patch(`/api/sites/${x.id}`, { name: 'Site X' })).statusCode).toBe(200);
    const y = await createSite(admin, { name: 'Site A' });
    const yFlat = await createProperty(admin, y.id, { address: 'Flat 9' });
    const client = await signedIn(app, 'client');
    await admin.put(`/api/sites/${y.id}/members/${client.userId}`);
    const ours = await submitPassingReport(eng, y, yFlat.id);
    await admin.post(`/api/reports/${ours}/review`, { decision: 'approve' });

    const xCsv = await admin.get(`/api/reports/export.csv?siteId=${x.id}`);
    expect(csvSerials(xCsv.body)).toHaveLength(1);
    const yCsv = await admin.get('/api/reports/export.csv?siteName=Site%20A');
    expect(csvSerials(yCsv.body)).toHaveLength(1);
    expect(yCsv.body).toContain('Flat 9');
    expect(yCsv.body).not.toContain('Flat 1');
    const analysis = await admin.get(`/api/reports/analysis.csv?siteId=${y.id}`);
    expect(analysis.body).toContain('Flat 9');
    expect(analysis.body).not.toContain('Flat 1');
    const groups = (await admin.get('/api/reports/sites')).json() as { siteId: string; siteName: string }[];
    expect(groups.map((g) => [g.siteId, g.siteName])).toEqual([
      [y.id, 'Site A'],
      [x.id, 'Site X'],
    ]);

    // The client of the new "Site A" gets its pack, holding nothing of the old one's.
    const supervisor = await signedIn(app, 'supervisor');
    await admin.put(`/api/sites/${y.id}/members/${supervisor.userId}`);
    const pack = (await supervisor.post(`/api/sites/${y.id}/evidence-packs`)).json();
    await t.jobsSettled();
    const zip = unzipSync(new Uint8Array((await client.get(`/api/evidence-packs/${pack.id}/download`)).rawPayload));
    const csv = new TextDecoder().decode(zip['reports.csv']);
    expect(csv).toContain('Flat 9');
    expect(csv).not.toContain('Flat 1');
    expect(Object.keys(zip).some((n) => n.includes('Flat 1'))).toBe(false);
  });

  it('refuses a report naming an unknown site, or a site the engineer is not a member of, storing nothing', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin, { name: 'Member Court' });
    const other = await createSite(admin, { name: 'Other Court' });
    const flat = await createProperty(admin, site.id, { address: 'Flat 1' });
    const otherFlat = await createProperty(admin, other.id, { address: 'Flat 2' });
    expect((await admin.delete(`/api/sites/${other.id}/members/${eng.userId}`)).statusCode).toBeLessThan(300);

    const unknown = await submit(eng, { id: randomUUID(), name: 'Member Court' }, flat.id);
    expect(unknown.res.statusCode).toBe(422);
    expect(unknown.res.json().error.fields).toHaveProperty(['wizardData.siteId']);
    // Without a site there was no date floor: a check dated 1970 is refused whatever site it names.
    const ancient = await submit(eng, { id: randomUUID(), name: 'Member Court' }, flat.id, {
      startTime: '1970-01-01T09:00:00.000Z',
    });
    expect(ancient.res.statusCode).toBe(422);
    const noSite = await submit(eng, { id: '', name: 'Member Court' }, flat.id);
    expect(noSite.res.statusCode).toBe(422);
    const notMine = await submit(eng, other, otherFlat.id);
    expect(notMine.res.statusCode).toBe(403);
    expect(await (await t.database()).db.select({ id: reports.id }).from(reports)).toHaveLength(0);
    expect((await admin.get(`/api/reports/export.csv?siteId=${other.id}`)).statusCode).toBe(404);
  });
});

/** A site with a client, a supervisor, one approved flat and one awaiting review that failed. */
async function siteWithAwaitingWork() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const supervisor = await signedIn(app, 'supervisor');
  const client = await signedIn(app, 'client');
  const site = await createSite(admin, { name: `Clients Court ${randomUUID().slice(0, 8)}` });
  for (const who of [supervisor, client]) await admin.put(`/api/sites/${site.id}/members/${who.userId}`);
  const approvedFlat = await createProperty(admin, site.id, { address: 'Flat 1' });
  const awaitingFlat = await createProperty(admin, site.id, { address: 'Flat 2' });
  const approved = await submit(eng, site, approvedFlat.id, { hiuSerial: 'APPROVED-SN' });
  expect(approved.res.statusCode).toBe(201);
  await supervisor.post(`/api/reports/${approved.id}/review`, { decision: 'approve' });
  const photo = await upload(eng, 'photo', JPEG);
  const signature = await upload(eng, 'signature', PNG);
  const failing = passingCheck({ site, propertyId: awaitingFlat.id, photoId: photo, signatureId: signature });
  failing.hiuSerial = 'AWAITING-SN';
  failing.heatingMode = { ...failing.heatingMode, tertiaryFlow: '58' };
  const awaitingId = randomUUID();
  const res = await eng.post('/api/reports', {
    id: awaitingId,
    wizardData: failing,
    notes: 'Private engineer note',
    completedAt: '2026-03-02T11:25:00.000Z',
  });
  expect(res.json()).toMatchObject({ overallStatus: 'FAIL', reviewState: 'awaiting_review' });
  await t.jobsSettled();
  return { app, admin, eng, supervisor, client, site, approvedFlat, awaitingFlat, approvedId: approved.id, awaitingId };
}

describe('clients and read tokens see approved work only', () => {
  it("a client's flats list, progress and dashboard show an awaiting report's place, not its verdict or unit", async () => {
    const { client, supervisor, site, approvedFlat, awaitingFlat } = await siteWithAwaitingWork();
    const flats = (await client.get(`/api/properties?siteId=${site.id}`)).json().items as {
      id: string;
      status: string;
      latestHiuSerial: string | null;
    }[];
    const byId = new Map(flats.map((f) => [f.id, f]));
    expect(byId.get(approvedFlat.id)).toMatchObject({ status: 'passed', latestHiuSerial: 'APPROVED-SN' });
    expect(byId.get(awaitingFlat.id)).toMatchObject({ status: 'pending', latestHiuSerial: null });
    const failed = await client.get(`/api/properties?siteId=${site.id}&status=failed`);
    expect(failed.json().items).toEqual([]);
    expect((await client.get(`/api/sites/${site.id}/progress`)).json()).toMatchObject({ failed: 0, pending: 1 });
    const dashboard = JSON.stringify((await client.get(`/api/sites/${site.id}/dashboard`)).json());
    expect(dashboard).not.toContain('Tertiary Flow Temperature out of range');
    // The office sees everything as it is.
    const office = (await supervisor.get(`/api/properties?siteId=${site.id}&status=failed`)).json().items;
    expect(office.map((f: { latestHiuSerial: string }) => f.latestHiuSerial)).toEqual(['AWAITING-SN']);
    expect(JSON.stringify((await supervisor.get(`/api/sites/${site.id}/dashboard`)).json())).toContain(
      'Tertiary Flow Temperature out of range',
    );
  });

  it("a pack holds approved reports only: no awaiting PDF, CSV row or engineer's note", async () => {
    const { client, supervisor, admin, site, approvedId, awaitingId } = await siteWithAwaitingWork();
    const pack = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json();
    await t.jobsSettled();
    const token = (
      await admin.post('/api/tokens', { name: 'Operator', scope: 'read', siteIds: [site.id], expiresOn: nextYear() })
    ).json().token as string;
    const app = await t.app();
    for (const download of [
      () => client.get(`/api/evidence-packs/${pack.id}/download`),
      () =>
        app.inject({
          method: 'GET',
          url: `/api/evidence-packs/${pack.id}/download`,
          headers: { authorization: `Bearer ${token}` },
        }),
    ]) {
      const res = await download();
      expect(res.statusCode).toBe(200);
      const zip = unzipSync(new Uint8Array(res.rawPayload));
      const pdfs = Object.keys(zip).filter((n) => n.endsWith('.pdf') && n !== 'summary.pdf');
      const approvedRef = (await admin.get(`/api/reports/${approvedId}`)).json().reference;
      const awaitingRef = (await admin.get(`/api/reports/${awaitingId}`)).json().reference;
      expect(pdfs).toEqual([`reports/Flat 1 - ${approvedRef}.pdf`]);
      expect(pdfs.join()).not.toContain(awaitingRef);
      const csv = new TextDecoder().decode(zip['reports.csv']);
      expect(csvSerials(csv)).toEqual(['APPROVED-SN']);
      expect(csv).not.toContain('Private engineer note');
    }
  });
});

describe('scopes decide writes', () => {
  it('no token signs off, witnesses, reviews or corrects; a read token writes nothing', async () => {
    const { app, admin, site, awaitingFlat, awaitingId } = await siteWithAwaitingWork();
    const as = async (scope: string) => {
      const made = await admin.post('/api/tokens', { name: scope, scope, siteIds: [site.id], expiresOn: nextYear() });
      const token = made.json().token as string;
      return (method: 'POST' | 'PUT', url: string, payload: unknown) =>
        app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
    };
    const signature = `data:image/png;base64,${PNG.toString('base64')}`;
    const signOff = { name: 'Token', signature };
    for (const scope of ['read', 'read_write']) {
      const call = await as(scope);
      const refused = [
        await call('POST', `/api/sites/${site.id}/sign-offs`, signOff),
        await call('PUT', `/api/properties/${awaitingFlat.id}/witness`, {
          name: 'T',
          role: 'assessor',
          date: '2026-03-03',
        }),
        await call('POST', `/api/reports/${awaitingId}/review`, { decision: 'approve' }),
        await call('POST', `/api/reports/${awaitingId}/corrections`, {
          field: 'hiuSerial',
          value: 'X',
          reason: 'typo',
        }),
      ];
      for (const res of refused) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error.message).toMatch(scope === 'read' ? /only read/ : /Only a person signed in/);
      }
    }
    expect((await admin.get(`/api/sites/${site.id}/sign-offs`)).json()).toEqual([]);
    expect((await admin.get(`/api/reports/${awaitingId}`)).json()).toMatchObject({
      reviewState: 'awaiting_review',
      revision: 1,
    });
  });

  it('a supervisor may neither correct nor approve their own report', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const supervisor = await signedIn(app, 'supervisor');
    const site = await createSite(admin, { name: 'Own Court' });
    await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`);
    const flat = await createProperty(admin, site.id, { address: 'Flat 1' });
    const own = await submitPassingReport(supervisor, site, flat.id);
    const correct = await supervisor.post(`/api/reports/${own}/corrections`, {
      field: 'hiuSerial',
      value: 'NEW',
      reason: 'typo',
    });
    expect([correct.statusCode, correct.json().error.message]).toEqual([403, 'You cannot correct your own report']);
    expect((await supervisor.post(`/api/reports/${own}/review`, { decision: 'approve' })).statusCode).toBe(403);
  });
});

describe('a decision names the revision it was made on', () => {
  it('refuses an approval of a revision corrected since (409), and never lands one on an unseen revision', async () => {
    const { admin, supervisor, awaitingId } = await siteWithAwaitingWork();
    const corrected = await admin.post(`/api/reports/${awaitingId}/corrections`, {
      field: 'hiuSerial',
      value: 'CORRECTED-SN',
      reason: 'Serial misread',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const stale = await supervisor.post(`/api/reports/${awaitingId}/review`, { decision: 'approve', revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/corrected since you opened it/);
    expect((await admin.get(`/api/reports/${awaitingId}`)).json().reviewState).toBe('awaiting_review');

    // A correction and an approval of what the reviewer read, at once: the approval lands on revision 2 or
    // is refused; whichever the database orders first, the approved report is the one the reviewer read.
    for (let i = 0; i < 5; i++) {
      const { admin: a2, supervisor: s2, awaitingId: id } = await siteWithAwaitingWork();
      const [fix, decide] = await Promise.all([
        a2.post(`/api/reports/${id}/corrections`, { field: 'hiuSerial', value: `FIX-${i}`, reason: 'Misread' }),
        s2.post(`/api/reports/${id}/review`, { decision: 'approve', revision: 1 }),
      ]);
      const after = (await a2.get(`/api/reports/${id}`)).json();
      if (decide.statusCode === 200) {
        expect(after).toMatchObject({ reviewState: 'approved', revision: 1 });
        expect(fix.statusCode).toBe(409);
      } else {
        expect(decide.statusCode).toBe(409);
        expect(after).toMatchObject({ reviewState: 'awaiting_review', revision: 2 });
      }
    }
  });
});
