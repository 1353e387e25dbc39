import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { auditOf, submitPassingReport } from './helpers/team.js';
import { hasPdftotext, pdfText } from './helpers/report-files.js';

const t = useTestApp();

/** A site with a supervisor and an engineer on it, and one submitted passing report. */
async function submitted() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer', { name: 'Erin Engineer' });
  const supervisor = await signedIn(app, 'supervisor', { name: 'Sam Supervisor' });
  const client = await signedIn(app, 'client');
  const site = await createSite(admin, { name: `Birch Court ${Math.random()}` });
  for (const who of [supervisor, client])
    expect((await admin.put(`/api/sites/${site.id}/members/${who.userId}`)).statusCode).toBe(201);
  const property = await createProperty(admin, site.id, { address: 'Flat 3, Birch House', propertyType: '2b4p' });
  const reportId = await submitPassingReport(eng, site, property.id);
  return { app, admin, eng, supervisor, client, site, property, reportId };
}

describe('the review loop: send back, re-test, approve', () => {
  it('sends a flat back with marked fields: the engineer sees why on My flats, and the re-test is linked to it', async () => {
    const { eng, supervisor, site, property, reportId } = await submitted();
    expect(
      (
        await supervisor.post(`/api/sites/${site.id}/assignments`, {
          engineerId: eng.userId,
          propertyIds: [property.id],
        })
      ).statusCode,
    ).toBe(200);
    const back = await supervisor.post(`/api/reports/${reportId}/review`, {
      decision: 'send_back',
      reason: 'The serial does not match the plate',
      fields: ['hiuSerial', 'hiuSerial'],
    });
    expect(back.json()).toMatchObject({ reviewState: 'sent_back', reviewFields: ['hiuSerial'] });
    const [flat] = (await eng.get('/api/me/assignments')).json();
    expect(flat).toMatchObject({
      propertyId: property.id,
      reviewState: 'sent_back',
      latestReportId: reportId,
      reviewReason: 'The serial does not match the plate',
      reviewFields: ['hiuSerial'],
    });

    const retest = await submitPassingReport(eng, site, property.id, '2026-03-03T10:25:00.000Z');
    const detail = (await eng.get(`/api/reports/${retest}`)).json();
    expect(detail).toMatchObject({ retestOf: reportId, reviewState: 'awaiting_review', revision: 1 });
    // The first attempt stays as it was.
    expect((await eng.get(`/api/reports/${reportId}`)).json()).toMatchObject({ reviewState: 'sent_back' });
    const [again] = (await eng.get('/api/me/assignments')).json();
    expect(again).toMatchObject({ reviewState: 'awaiting_review', latestReportId: retest, reviewReason: null });

    expect((await supervisor.post(`/api/reports/${retest}/review`, { decision: 'approve' })).statusCode).toBe(200);
    expect((await eng.get('/api/me/assignments')).json()).toEqual([]);
  });

  it('refuses marked fields that are not recorded values (422 naming fields)', async () => {
    const { supervisor, reportId } = await submitted();
    const res = await supervisor.post(`/api/reports/${reportId}/review`, {
      decision: 'send_back',
      reason: 'x',
      fields: ['photosSignature'],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.fields ?? {})[0]).toMatch(/^fields/);
  });

  it("keeps an approved flat's report when the engineer re-tests it anyway: a new attempt, not linked", async () => {
    const { eng, supervisor, site, property, reportId } = await submitted();
    await supervisor.post(`/api/reports/${reportId}/review`, { decision: 'approve' });
    const retest = await submitPassingReport(eng, site, property.id, '2026-03-04T10:25:00.000Z');
    expect((await eng.get(`/api/reports/${retest}`)).json()).toMatchObject({
      retestOf: null,
      reviewState: 'awaiting_review',
    });
    expect((await eng.get(`/api/reports/${reportId}`)).json()).toMatchObject({ reviewState: 'approved' });
  });

  it.skipIf(!hasPdftotext)(
    'prints the review block on the PDF once decided: reviewer, decision, date, reason',
    async () => {
      const { eng, supervisor, reportId } = await submitted();
      await t.jobsSettled();
      expect(pdfText((await eng.get(`/api/reports/${reportId}/pdf`)).rawPayload)).toMatch(/Review\s+Awaiting review/);
      await supervisor.post(`/api/reports/${reportId}/review`, {
        decision: 'send_back',
        reason: 'Blurred plate photo',
      });
      const text = pdfText((await eng.get(`/api/reports/${reportId}/pdf`)).rawPayload);
      expect(text).toMatch(/Review\s+Sent back/);
      expect(text).toMatch(/Reviewer\s+Sam Supervisor/);
      expect(text).toMatch(/Reason\s+Blurred plate photo/);
      expect(text).toMatch(/Decided\s+\d/);
    },
  );
});

describe('corrections', () => {
  it('corrects a value, judges it again against the same ranges, and keeps every revision with its PDF', async () => {
    const { eng, supervisor, admin, reportId } = await submitted();
    await t.jobsSettled();
    const res = await supervisor.post(`/api/reports/${reportId}/corrections`, {
      field: 'standbyFlowTemp',
      value: '99',
      reason: 'Transcribed from the wrong gauge',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: reportId, revision: 2, overallStatus: 'FAIL', verdictChanged: true });
    const detail = (await eng.get(`/api/reports/${reportId}`)).json();
    expect(detail.overallStatus).toBe('FAIL');
    expect(detail.failureReasons.join()).toMatch(/Flow Temperature/);
    expect(detail.wizardData.standbyMode.flowTemp).toBe('99');
    expect(detail.revision).toBe(2);
    expect(detail.revisions).toEqual([
      expect.objectContaining({ revision: 1, overallStatus: 'PASS', madeBy: 'Erin Engineer', change: null }),
      expect.objectContaining({
        revision: 2,
        overallStatus: 'FAIL',
        madeBy: 'Sam Supervisor',
        change: expect.objectContaining({
          field: 'standbyFlowTemp',
          after: '99',
          reason: 'Transcribed from the wrong gauge',
        }),
      }),
    ]);
    // A second correction makes revision 3; the verdict goes back.
    const before = detail.revisions[1].change.before;
    const third = await admin.post(`/api/reports/${reportId}/corrections`, {
      field: 'standbyFlowTemp',
      value: before,
      reason: 'The first reading was right after all',
    });
    expect(third.json()).toMatchObject({ revision: 3, overallStatus: 'PASS', verdictChanged: true });

    for (const revision of [1, 2, 3]) {
      const pdf = await eng.get(`/api/reports/${reportId}/pdf?revision=${revision}`);
      expect(pdf.statusCode, `revision ${revision}`).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      // An earlier revision is named by its own verdict, not the report's latest.
      if (revision < 3)
        expect(pdf.headers['content-disposition']).toContain(
          `_${revision === 2 ? 'FAIL' : 'PASS'}-revision-${revision}.pdf`,
        );
      if (hasPdftotext) {
        const text = pdfText(pdf.rawPayload);
        expect(text).toContain(revision === 2 ? 'FAIL' : 'PASS');
        if (revision > 1) expect(text, text).toMatch(new RegExp(`Revision ${revision}`));
      }
    }
    expect((await eng.get(`/api/reports/${reportId}/pdf?revision=4`)).statusCode).toBe(404);
    const history = await auditOf(await t.database(), 'report', reportId);
    expect(history.map((h) => h.action)).toEqual(['submitted', 'corrected', 'corrected']);
    expect(history[1]).toMatchObject({
      reason: 'Transcribed from the wrong gauge',
      after: { standbyFlowTemp: '99', overallStatus: 'FAIL', revision: 2 },
    });
  });

  it("corrects a radiator's valve setting: judged again, named by its room in the revisions", async () => {
    const { supervisor, reportId } = await submitted();
    const res = await supervisor.post(`/api/reports/${reportId}/corrections`, {
      field: 'radiators.Hall',
      value: '3',
      reason: 'Read the wrong valve',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ revision: 2, overallStatus: 'FAIL', verdictChanged: true });
    const detail = (await supervisor.get(`/api/reports/${reportId}`)).json();
    expect(detail.wizardData.radiators.roomChecks.Hall.valveSetting).toBe('3');
    expect(detail.revisions[1].change).toMatchObject({
      label: 'Tertiary System Checks: Hall valve setting',
      before: '2.5',
      after: '3',
    });
    const noRoom = await supervisor.post(`/api/reports/${reportId}/corrections`, {
      field: 'radiators.Loft',
      value: '3',
      reason: 'No such room',
    });
    expect(noRoom.statusCode).toBe(422);
  });

  it('refuses a correction of an approved report (409), of the same value or a bad one (422), and from engineers and clients (403)', async () => {
    const { eng, client, supervisor, reportId } = await submitted();
    const body = { field: 'hiuSerial', value: 'SN-NEW-1', reason: 'Plate reads SN-NEW-1' };
    expect((await eng.post(`/api/reports/${reportId}/corrections`, body)).statusCode).toBe(403);
    expect((await client.post(`/api/reports/${reportId}/corrections`, body)).statusCode).toBe(403);
    const bad = await supervisor.post(`/api/reports/${reportId}/corrections`, {
      ...body,
      field: 'standbyFlowTemp',
      value: 'hot',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toHaveProperty('value');
    const noReason = await supervisor.post(`/api/reports/${reportId}/corrections`, { ...body, reason: ' ' });
    expect(noReason.json().error.fields).toHaveProperty('reason');
    const unknown = await supervisor.post(`/api/reports/${reportId}/corrections`, { ...body, field: 'signature' });
    expect(unknown.json().error.fields).toHaveProperty('field');
    expect((await supervisor.post(`/api/reports/${reportId}/corrections`, body)).statusCode).toBe(200);
    const same = await supervisor.post(`/api/reports/${reportId}/corrections`, body);
    expect(same.statusCode).toBe(422);
    expect((await eng.get(`/api/reports/${reportId}`)).json()).toMatchObject({ hiuSerial: 'SN-NEW-1', revision: 2 });
    await supervisor.post(`/api/reports/${reportId}/review`, { decision: 'approve' });
    const locked = await supervisor.post(`/api/reports/${reportId}/corrections`, { ...body, value: 'SN-NEW-2' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.fields).toEqual({ reviewState: 'approved' });
    expect((await eng.get(`/api/reports/${reportId}`)).json()).toMatchObject({ hiuSerial: 'SN-NEW-1', revision: 2 });
  });

  it('orders a correction and an approval at the same moment: both stand, or the correction is refused as locked', async () => {
    const { eng, supervisor, admin, reportId } = await submitted();
    const [corr, decision] = await Promise.all([
      admin.post(`/api/reports/${reportId}/corrections`, { field: 'hiuModel', value: 'Model Z', reason: 'Typo' }),
      supervisor.post(`/api/reports/${reportId}/review`, { decision: 'approve' }),
    ]);
    expect(decision.statusCode).toBe(200);
    expect([200, 409]).toContain(corr.statusCode);
    const detail = (await eng.get(`/api/reports/${reportId}`)).json();
    expect(detail.reviewState).toBe('approved');
    expect(detail.revision).toBe(corr.statusCode === 200 ? 2 : 1);
  });
});

describe('review queue and counts', () => {
  it("lists a site's reports awaiting review oldest first, filtered by engineer and verdict, paged, with counts on home", async () => {
    const { app, admin, eng, supervisor, site, property, reportId } = await submitted();
    const eng2 = await signedIn(app, 'engineer', { name: 'Eli Second' });
    const p2 = await createProperty(admin, site.id, { address: 'Flat 4, Birch House', propertyType: '2b4p' });
    const p3 = await createProperty(admin, site.id, { address: 'Flat 5, Birch House', propertyType: '2b4p' });
    const r2 = await submitPassingReport(eng2, site, p2.id, '2026-03-02T10:24:00.000Z');
    const r3 = await submitPassingReport(eng, site, p3.id, '2026-03-05T10:25:00.000Z');
    await admin.post(`/api/reports/${r3}/corrections`, { field: 'standbyFlowTemp', value: '99', reason: 'Gauge' });

    const all = (await supervisor.get(`/api/sites/${site.id}/review-queue`)).json();
    expect(all.items.map((i: { id: string }) => i.id)).toEqual([r2, reportId, r3]);
    expect(all.total).toBe(3);
    const page1 = (await supervisor.get(`/api/sites/${site.id}/review-queue?limit=2`)).json();
    expect(page1.items).toHaveLength(2);
    const page2 = (
      await supervisor.get(`/api/sites/${site.id}/review-queue?limit=2&after=${encodeURIComponent(page1.next)}`)
    ).json();
    expect(page2.items.map((i: { id: string }) => i.id)).toEqual([r3]);
    expect(page2.next).toBeNull();
    const byEng = (await supervisor.get(`/api/sites/${site.id}/review-queue?engineerId=${eng.userId}`)).json();
    expect(byEng.items.map((i: { id: string }) => i.id)).toEqual([reportId, r3]);
    const failing = (await supervisor.get(`/api/sites/${site.id}/review-queue?verdict=FAIL`)).json();
    expect(failing).toMatchObject({ total: 1, items: [{ id: r3, revision: 2, overallStatus: 'FAIL' }] });
    expect((await supervisor.get(`/api/sites/${site.id}/review-queue?after=nonsense`)).statusCode).toBe(422);

    const counts = (await supervisor.get('/api/me/review-counts')).json();
    expect(counts).toEqual([{ siteId: site.id, siteName: site.name, awaiting: 3 }]);
    await supervisor.post(`/api/reports/${r2}/review`, { decision: 'approve' });
    expect((await supervisor.get('/api/me/review-counts')).json()[0].awaiting).toBe(2);
    void property;
  });

  it("answers another site's queue with 404 to a supervisor who is not on it", async () => {
    const { app, site } = await submitted();
    const stranger = await signedIn(app, 'supervisor');
    expect((await stranger.get(`/api/sites/${site.id}/review-queue`)).statusCode).toBe(404);
    expect((await stranger.get('/api/me/review-counts')).json()).toEqual([]);
  });
});

describe('unassign and import with Assigned To', () => {
  it('takes properties off their engineer, with history; only on sites the caller supervises', async () => {
    const { app, eng, supervisor, site, property } = await submitted();
    await supervisor.post(`/api/sites/${site.id}/assignments`, { engineerId: eng.userId, propertyIds: [property.id] });
    const stranger = await signedIn(app, 'supervisor');
    const body = { propertyIds: [property.id] };
    expect((await stranger.delete(`/api/sites/${site.id}/assignments`, body)).statusCode).toBe(404);
    expect((await eng.delete(`/api/sites/${site.id}/assignments`, body)).statusCode).toBe(403);
    const res = await supervisor.delete(`/api/sites/${site.id}/assignments`, body);
    expect(res.json()).toEqual({ unassigned: 1 });
    expect((await eng.get('/api/me/assignments')).json()).toEqual([]);
    const history = await auditOf(await t.database(), 'assignment', property.id);
    expect(history.map((h) => h.action)).toEqual(['assigned', 'unassigned']);
    expect((await supervisor.delete(`/api/sites/${site.id}/assignments`, body)).json()).toEqual({ unassigned: 0 });
  });

  it('imports properties with an Assigned To email, refusing the whole import when one is not an engineer of the site', async () => {
    const { admin, eng, supervisor, site } = await submitted();
    const me = (await eng.get('/api/auth/me')).json();
    const boss = (await supervisor.get('/api/auth/me')).json();
    const bad = await admin.post('/api/properties/bulk', {
      siteId: site.id,
      properties: [
        { address: 'Flat 10', propertyType: '2b4p', assignedTo: me.user?.email ?? me.email },
        { address: 'Flat 11', propertyType: '2b4p', assignedTo: boss.user?.email ?? boss.email },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields)).toEqual(['properties.1.assignedTo']);
    const ok = await admin.post('/api/properties/bulk', {
      siteId: site.id,
      properties: [
        { address: 'Flat 10', propertyType: '2b4p', assignedTo: (me.user?.email ?? me.email).toUpperCase() },
        { address: 'Flat 11', propertyType: '2b4p' },
      ],
    });
    expect(ok.statusCode).toBe(201);
    const mine = (await eng.get('/api/me/assignments')).json();
    expect(mine.map((a: { address: string }) => a.address)).toEqual(['Flat 10']);
  });
});

describe('history panels', () => {
  it('gives a supervisor the history of their site, its properties and reports; the whole history and CSV only to admins', async () => {
    const { app, admin, eng, supervisor, site, property, reportId } = await submitted();
    await supervisor.post(`/api/sites/${site.id}/assignments`, { engineerId: eng.userId, propertyIds: [property.id] });
    await supervisor.post(`/api/reports/${reportId}/review`, { decision: 'approve' });
    const ofProperty = (await supervisor.get(`/api/audit?propertyId=${property.id}`)).json();
    expect(ofProperty.items.map((i: { action: string }) => i.action)).toEqual([
      'approved',
      'assigned',
      'submitted',
      'created',
    ]);
    const ofReport = (await supervisor.get(`/api/audit?entityType=report&entityId=${reportId}`)).json();
    expect(ofReport.items.map((i: { action: string }) => i.action)).toEqual(['approved', 'submitted']);
    const ofSite = (await supervisor.get(`/api/audit?siteId=${site.id}`)).json();
    expect(ofSite.items.length).toBeGreaterThanOrEqual(5);
    expect(ofSite.items.every((i: { siteId: string }) => i.siteId === site.id)).toBe(true);
    const byActor = (await admin.get(`/api/audit?actorId=${supervisor.userId}&action=approved`)).json();
    expect(byActor.items).toHaveLength(1);
    const future = (await admin.get(`/api/audit?from=2099-01-01`)).json();
    expect(future.items).toEqual([]);
    // A date outside 2000-2100 is refused, naming the field (decision 209).
    expect((await admin.get(`/api/audit?from=2999-01-01`)).statusCode).toBe(422);

    const stranger = await signedIn(app, 'supervisor');
    expect((await stranger.get(`/api/audit?siteId=${site.id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/audit?propertyId=${property.id}`)).statusCode).toBe(404);
    expect((await eng.get(`/api/audit?siteId=${site.id}`)).statusCode).toBe(403);
    expect((await supervisor.get('/api/audit.csv')).statusCode).toBe(403);

    const csv = await admin.get(`/api/audit.csv?siteId=${site.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/history-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^"When \(UTC\)","Who","Action","What happened",/);
    expect(lines).toHaveLength(ofSite.items.length + 1);
    expect(lines[1]).toContain('"Report approved"');
  });
});

describe('what the review screen reads', () => {
  it("lets a supervisor of the site read a filed report's photos, a client only once approved, nobody else", async () => {
    const { app, eng, supervisor, client, reportId } = await submitted();
    const detail = (await eng.get(`/api/reports/${reportId}`)).json();
    const photo = detail.wizardData.photosSignature.photos[0].url as string;
    const signature = detail.wizardData.photosSignature.signature as string;
    expect((await supervisor.get(photo)).statusCode).toBe(200);
    expect((await supervisor.get(signature)).statusCode).toBe(200);
    expect((await client.get(photo)).statusCode).toBe(404);
    const stranger = await signedIn(app, 'supervisor');
    expect((await stranger.get(photo)).statusCode).toBe(404);
    const otherEngineer = await signedIn(app, 'engineer');
    expect((await otherEngineer.get(photo)).statusCode).toBe(404);
    await supervisor.post(`/api/reports/${reportId}/review`, { decision: 'approve' });
    expect((await client.get(photo)).statusCode).toBe(200);
  });

  it("lists a site's engineers, who has which flat, and a flat's earlier attempts, to its supervisors only", async () => {
    const { app, admin, eng, supervisor, site, property, reportId } = await submitted();
    const engineers = (await supervisor.get(`/api/sites/${site.id}/engineers`)).json();
    expect(engineers.map((e: { id: string }) => e.id)).toContain(eng.userId);
    expect(engineers.every((e: { id: string }) => e.id !== supervisor.userId)).toBe(true);
    await supervisor.post(`/api/sites/${site.id}/assignments`, {
      engineerId: eng.userId,
      propertyIds: [property.id],
      dueDate: '2026-12-01',
    });
    const p2 = await createProperty(admin, site.id, { address: 'Flat 9', propertyType: '2b4p' });
    const who = await supervisor.get(`/api/sites/${site.id}/assignments?propertyId=${property.id}&propertyId=${p2.id}`);
    expect(who.json()).toEqual([
      { propertyId: property.id, engineerId: eng.userId, engineerName: 'Erin Engineer', dueDate: '2026-12-01' },
    ]);
    const one = await supervisor.get(`/api/sites/${site.id}/assignments?propertyId=${property.id}`);
    expect(one.json()).toHaveLength(1);
    expect((await supervisor.get(`/api/sites/${site.id}/assignments`)).statusCode).toBe(422);

    const retest = await submitPassingReport(eng, site, property.id, '2026-03-03T10:25:00.000Z');
    const earlier = (await supervisor.get(`/api/reports/${retest}/earlier`)).json();
    expect(earlier.map((r: { id: string }) => r.id)).toEqual([reportId]);
    const stranger = await signedIn(app, 'supervisor');
    expect((await stranger.get(`/api/reports/${retest}/earlier`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/sites/${site.id}/engineers`)).statusCode).toBe(404);
    const [flat] = (await eng.get('/api/me/assignments')).json();
    expect(flat).toMatchObject({ latestHiuModel: expect.any(String), latestHiuSerial: expect.any(String) });
  });
});
