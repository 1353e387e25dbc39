import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestPackVersion, passingCp1Check } from '@hiu/domain/testing';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { auditOf } from './helpers/team.js';
import { hasPdftotext, JPEG, PNG, pdfText, upload } from './helpers/report-files.js';

const t = useTestApp();

async function submit(eng: TestClient, site: { id: string; name: string }, propertyId: string, extra = {}) {
  const photo = await upload(eng, 'photo', JPEG);
  const signature = await upload(eng, 'signature', PNG);
  const wizardData = passingCp1Check({ site, propertyId, photoId: photo, signatureId: signature, ...extra });
  const id = randomUUID();
  const res = await eng.post('/api/reports', { id, wizardData, notes: '', completedAt: '2026-03-02T10:25:00.000Z' });
  expect(res.statusCode, res.body).toBe(201);
  return id;
}

/** A CP1/TS1 site with a supervisor and an engineer on it, and one passing report under the pack. */
async function cp1Report() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer', { name: 'Erin Engineer' });
  const supervisor = await signedIn(app, 'supervisor', { name: 'Sam Supervisor' });
  const site = await createSite(admin, { testPack: 'cp1-ts1' });
  expect((await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`)).statusCode).toBe(201);
  const property = await createProperty(admin, site.id);
  const reportId = await submit(eng, site, property.id);
  return { admin, eng, supervisor, site, property, reportId };
}

describe("correcting a test pack's value", () => {
  it('re-judges the report by its pack, keeps a revision with its PDF, and records it in the history', async () => {
    const { eng, supervisor, reportId } = await cp1Report();
    await t.jobsSettled();
    const res = await supervisor.post(`/api/reports/${reportId}/corrections`, {
      field: 'cp1.keepWarmReturn',
      value: '55',
      reason: 'Read from the flow gauge by mistake',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: reportId, revision: 2, overallStatus: 'FAIL', verdictChanged: true });
    const detail = (await eng.get(`/api/reports/${reportId}`)).json();
    expect(detail).toMatchObject({
      overallStatus: 'FAIL',
      failureReasons: ['Keep-warm primary return too high (55 °C, expected ≤ 50 °C)'],
      revision: 2,
    });
    expect(detail.wizardData.cp1.keepWarmReturn).toBe('55');
    expect(detail.revisions[1]).toMatchObject({
      revision: 2,
      overallStatus: 'FAIL',
      madeBy: 'Sam Supervisor',
      change: {
        field: 'cp1.keepWarmReturn',
        label: 'Standby Mode: Primary return in standby (keep-warm)',
        before: '42',
        after: '55',
        reason: 'Read from the flow gauge by mistake',
      },
    });
    // Recorded text of the pack too.
    const serial = await supervisor.post(`/api/reports/${reportId}/corrections`, {
      field: 'cp1.meterSerial',
      value: 'KM-77121',
      reason: 'Plate reads 77121',
    });
    expect(serial.json()).toMatchObject({ revision: 3, overallStatus: 'FAIL', verdictChanged: false });

    if (hasPdftotext) {
      await t.jobsSettled();
      const first = pdfText((await eng.get(`/api/reports/${reportId}/pdf?revision=1`)).rawPayload);
      expect(first).toContain('Primary return in standby (keep-warm) 42 °C <= 50 °C PASS');
      const second = pdfText((await eng.get(`/api/reports/${reportId}/pdf?revision=2`)).rawPayload);
      expect(second).toMatch(/Revision 2/);
      expect(second).toContain('Primary return in standby (keep-warm) 55 °C <= 50 °C FAIL');
      const third = pdfText((await eng.get(`/api/reports/${reportId}/pdf`)).rawPayload);
      expect(third).toContain('KM-77121');
    }
    const history = await auditOf(await t.database(), 'report', reportId);
    expect(history.map((h) => h.action)).toEqual(['submitted', 'corrected', 'corrected']);
    expect(history[1]).toMatchObject({
      reason: 'Read from the flow gauge by mistake',
      before: { 'cp1.keepWarmReturn': '42', overallStatus: 'PASS', revision: 1 },
      after: { 'cp1.keepWarmReturn': '55', overallStatus: 'FAIL', revision: 2 },
    });
  });

  it("refuses a value outside what the unit allows, one that is not a number, and a field the report's pack lacks (422)", async () => {
    const { supervisor, reportId, admin, eng } = await cp1Report();
    const post = (field: string, value: string) =>
      supervisor.post(`/api/reports/${reportId}/corrections`, { field, value, reason: 'Misread' });
    const tooHigh = await post('cp1.staticFlowPressure', '250');
    expect(tooHigh.statusCode).toBe(422);
    expect(tooHigh.json().error.fields).toEqual({ value: 'Must be from 0 to 25 bar' });
    expect((await post('cp1.kitchenTapFlow', 'fast')).json().error.fields).toEqual({ value: 'Must be a number' });
    const answer = await post('cp1.flushed', 'false');
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.fields).toEqual({ field: 'Choose a recorded value' });
    expect((await post('cp1.nothing', '1')).json().error.fields).toEqual({ field: 'Choose a recorded value' });
    // A standard report has no pack values.
    const plain = await createSite(admin);
    expect((await admin.put(`/api/sites/${plain.id}/members/${supervisor.userId}`)).statusCode).toBe(201);
    const flat = await createProperty(admin, plain.id);
    const photo = await upload(eng, 'photo', JPEG);
    const signature = await upload(eng, 'signature', PNG);
    const { passingCheck } = await import('@hiu/domain/testing');
    const standardId = randomUUID();
    await eng.post('/api/reports', {
      id: standardId,
      wizardData: passingCheck({ site: plain, propertyId: flat.id, photoId: photo, signatureId: signature }),
      notes: '',
      completedAt: '2026-03-02T10:25:00.000Z',
    });
    const none = await supervisor.post(`/api/reports/${standardId}/corrections`, {
      field: 'cp1.keepWarmReturn',
      value: '40',
      reason: 'Misread',
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.fields).toEqual({ field: "This report's test pack has no such value" });
    expect((await eng.get(`/api/reports/${reportId}`)).json()).toMatchObject({ revision: 1, overallStatus: 'PASS' });
  });

  it('orders two corrections of the same reading at the same moment into two revisions', async () => {
    const { supervisor, admin, reportId, eng } = await cp1Report();
    const correct = (who: TestClient, value: string) =>
      who.post(`/api/reports/${reportId}/corrections`, { field: 'cp1.peakReturn', value, reason: 'Misread' });
    const both = await Promise.all([correct(supervisor, '23'), correct(admin, '31')]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().revision).sort()).toEqual([2, 3]);
    const detail = (await eng.get(`/api/reports/${reportId}`)).json();
    expect(detail.revision).toBe(3);
    const [second, third] = [detail.revisions[1].change, detail.revisions[2].change];
    expect(second.before).toBe('22');
    expect(third.before).toBe(second.after);
    expect(detail.wizardData.cp1.peakReturn).toBe(third.after);
    expect(detail.overallStatus).toBe(third.after === '31' ? 'FAIL' : 'PASS');
  });

  it('keeps an approved report locked (409)', async () => {
    const { supervisor, reportId, eng } = await cp1Report();
    await supervisor.post(`/api/reports/${reportId}/review`, { decision: 'approve' });
    const locked = await supervisor.post(`/api/reports/${reportId}/corrections`, {
      field: 'cp1.keepWarmReturn',
      value: '44',
      reason: 'Misread',
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.fields).toEqual({ reviewState: 'approved' });
    expect((await eng.get(`/api/reports/${reportId}`)).json().wizardData.cp1.keepWarmReturn).toBe('42');
  });
});

describe('correcting a report taken under an older version of its pack', () => {
  let remove: () => void;
  beforeAll(() => {
    remove = addTestPackVersion();
  });
  afterAll(() => remove());

  it("holds the correction to the report's own version: its limits, its fields and its ranges", async () => {
    const { supervisor, reportId, site, property, eng } = await cp1Report();
    const post = (id: string, field: string, value: string) =>
      supervisor.post(`/api/reports/${id}/corrections`, { field, value, reason: 'Misread' });
    // Version 1 allows 12 bar and judges keep-warm against 50 °C; it has no secondary static pressure.
    expect((await post(reportId, 'cp1.staticFlowPressure', '12')).statusCode).toBe(200);
    expect((await post(reportId, 'cp1.keepWarmReturn', '45')).json()).toMatchObject({ overallStatus: 'PASS' });
    const lacks = await post(reportId, 'cp1.secondaryStaticPressure', '1');
    expect(lacks.json().error.fields).toEqual({ field: "This report's test pack has no such value" });
    // Version 2 allows at most 10 bar and judges keep-warm against 25 °C.
    const newer = await submit(eng, site, property.id, {
      testPack: { id: 'cp1-ts1', version: 4 },
      cp1: { keepWarmReturn: '20', secondaryStaticPressure: '1.5' },
    });
    expect((await post(newer, 'cp1.staticFlowPressure', '12')).json().error.fields).toEqual({
      value: 'Must be from 0 to 10 bar',
    });
    expect((await post(newer, 'cp1.keepWarmReturn', '45')).json()).toMatchObject({ overallStatus: 'FAIL' });
    expect((await post(newer, 'cp1.secondaryStaticPressure', '2')).statusCode).toBe(200);
  });
});
