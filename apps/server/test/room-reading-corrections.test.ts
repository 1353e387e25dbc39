import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passingCp1Check } from '@hiu/domain/testing';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { auditOf } from './helpers/team.js';
import { hasPdftotext, JPEG, PNG, pdfText, upload } from './helpers/report-files.js';

// Correcting a radiator's flow and return and an underfloor zone's flow (docs/product.md#corrections).
const t = useTestApp();

const V3 = { id: 'cp1-ts1', version: 3 };
const ROOM_READINGS = {
  radiatorTemps: { Hall: { flow: '55', return: '45' } },
  underfloorZones: [{ name: 'Bathroom', flowRate: '2.5' }],
};

/** A CP1/TS1 site, its supervisor and engineer, and one passing version 3 report with radiator and zone readings. */
async function reportWithRoomReadings(extra: Record<string, unknown> = {}) {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer', { name: 'Erin Engineer' });
  const supervisor = await signedIn(app, 'supervisor', { name: 'Sam Supervisor' });
  const site = await createSite(admin, { testPack: 'cp1-ts1' });
  expect((await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`)).statusCode).toBe(201);
  const property = await createProperty(admin, site.id);
  const photo = await upload(eng, 'photo', JPEG);
  const signature = await upload(eng, 'signature', PNG);
  const wizardData = passingCp1Check({
    site,
    propertyId: property.id,
    photoId: photo,
    signatureId: signature,
    testPack: V3,
    cp1: ROOM_READINGS,
    ...extra,
  } as Parameters<typeof passingCp1Check>[0]);
  const reportId = randomUUID();
  const res = await eng.post('/api/reports', {
    id: reportId,
    wizardData,
    // A failing check carries the engineer's notes.
    notes: 'Standby return high',
    completedAt: '2026-03-02T10:25:00.000Z',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { admin, eng, supervisor, site, reportId };
}

describe("correcting a radiator's flow and return and a zone's flow", { timeout: 120_000 }, () => {
  it('corrects the return: ΔT follows, judged again, a revision with its PDF, and a history line naming the room', async () => {
    const { admin, eng, supervisor, site, reportId } = await reportWithRoomReadings();
    await t.jobsSettled();
    const res = await supervisor.post(`/api/reports/${reportId}/corrections`, {
      field: 'cp1.radiatorTemps.Hall.return',
      value: '40',
      reason: 'Probe read off the wrong pipe',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: reportId, revision: 2, overallStatus: 'PASS', verdictChanged: false });
    const detail = (await eng.get(`/api/reports/${reportId}`)).json();
    expect(detail.wizardData.cp1.radiatorTemps.Hall).toEqual({ flow: '55', return: '40' });
    expect(detail.revisions[1]).toMatchObject({
      revision: 2,
      madeBy: 'Sam Supervisor',
      change: {
        field: 'cp1.radiatorTemps.Hall.return',
        label: 'Tertiary System Checks: Hall radiator return',
        before: '45',
        after: '40',
        reason: 'Probe read off the wrong pipe',
      },
    });
    // A zone's flow, bound to the next revision.
    const zone = await supervisor.post(`/api/reports/${reportId}/corrections`, {
      field: 'cp1.underfloorZones.0.flowRate',
      value: '3.1',
      reason: 'Meter misread',
    });
    expect(zone.json()).toEqual({ id: reportId, revision: 3, overallStatus: 'PASS', verdictChanged: false });
    const after = (await eng.get(`/api/reports/${reportId}`)).json();
    expect(after.wizardData.cp1.underfloorZones).toEqual([{ name: 'Bathroom', flowRate: '3.1' }]);
    expect(after.revisions[2].change).toMatchObject({
      label: 'Heating Checks: Underfloor zone 1 flow',
      before: '2.5',
      after: '3.1',
    });

    const history = await auditOf(await t.database(), 'report', reportId);
    expect(history.map((h) => h.action)).toEqual(['submitted', 'corrected', 'corrected']);
    expect(history[1]).toMatchObject({
      before: { 'cp1.radiatorTemps.Hall.return': '45', overallStatus: 'PASS', revision: 1 },
      after: { 'cp1.radiatorTemps.Hall.return': '40', overallStatus: 'PASS', revision: 2 },
    });
    // The history as the office reads it: a sentence, and the change in words with its unit.
    const csv = (await admin.get(`/api/audit.csv?siteId=${site.id}`)).body;
    expect(csv).toMatch(
      /Sam Supervisor corrected the Hall radiator return of report HIU-\d{4}-\d+ for [^"]*: 45 °C → 40 °C\./,
    );
    expect(csv).toMatch(
      /Sam Supervisor corrected the Underfloor zone 1 flow of report [^"]*: 2\.5 L\/min → 3\.1 L\/min\./,
    );
    expect(csv).toContain('Tertiary System Checks: Hall radiator return: 45 °C → 40 °C');
    expect(csv).toContain('Heating Checks: Underfloor zone 1 flow: 2.5 L/min → 3.1 L/min');

    if (hasPdftotext) {
      await t.jobsSettled();
      const first = pdfText((await eng.get(`/api/reports/${reportId}/pdf?revision=1`)).rawPayload);
      expect(first).toMatch(/Hall radiator flow \/ return\s+55 \/ 45 °C, delta T 10 K/);
      const latest = pdfText((await eng.get(`/api/reports/${reportId}/pdf`)).rawPayload);
      expect(latest).toMatch(/Revision 3/);
      expect(latest).toMatch(/Hall radiator flow \/ return\s+55 \/ 40 °C, delta T 15 K/);
      expect(latest).toMatch(/Underfloor zone Bathroom flow\s+3.1 L\/min/);
    }
  });

  it('refuses a return above its flow (422 naming both), a value the unit cannot be, and a room not recorded', async () => {
    const { supervisor, eng, reportId } = await reportWithRoomReadings();
    const post = (field: string, value: string) =>
      supervisor.post(`/api/reports/${reportId}/corrections`, { field, value, reason: 'Misread' });
    const hotter = await post('cp1.radiatorTemps.Hall.return', '55.1');
    expect(hotter.statusCode).toBe(422);
    const message =
      'Hall radiator return (55.1 °C) is hotter than its flow (55 °C): the probes may be on the wrong pipes. Measure both again.';
    expect(hotter.json().error).toMatchObject({
      message,
      fields: {
        value: message,
        'wizardData.cp1.radiatorTemps.Hall.return': message,
        'wizardData.cp1.radiatorTemps.Hall.flow': message,
      },
    });
    // The flow corrected below the return is the same contradiction.
    expect((await post('cp1.radiatorTemps.Hall.flow', '44')).json().error.fields).toHaveProperty(
      'wizardData.cp1.radiatorTemps.Hall.flow',
    );
    // At its flow the return stands: ΔT 0 K.
    expect((await post('cp1.radiatorTemps.Hall.return', '55')).statusCode).toBe(200);
    expect((await post('cp1.radiatorTemps.Hall.flow', '131')).json().error.fields).toEqual({
      value: 'Must be between -20 and 130 °C',
    });
    expect((await post('cp1.underfloorZones.0.flowRate', '61')).json().error.fields).toEqual({
      value: 'Must be between 0 and 60 L/min',
    });
    expect((await post('cp1.radiatorTemps.Loft.flow', '50')).json().error.fields).toEqual({
      field: "This report's test pack has no such value",
    });
    expect((await post('cp1.underfloorZones.1.flowRate', '2')).json().error.fields).toEqual({
      field: "This report's test pack has no such value",
    });
    // Nothing refused was kept.
    const detail = (await eng.get(`/api/reports/${reportId}`)).json();
    expect(detail).toMatchObject({ revision: 2, overallStatus: 'PASS' });
    expect(detail.wizardData.cp1.radiatorTemps.Hall).toEqual({ flow: '55', return: '55' });
  });

  it('judges the corrected report again: a report failing for another reading keeps its verdict and reasons', async () => {
    const { supervisor, reportId, eng } = await reportWithRoomReadings({
      standbyMode: { flowTemp: '46', returnTemp: '55', flowRate: '2.5' },
    });
    const filed = (await eng.get(`/api/reports/${reportId}`)).json();
    expect(filed.overallStatus).toBe('FAIL');
    expect(filed.failureReasons.length).toBeGreaterThan(0);
    const res = await supervisor.post(`/api/reports/${reportId}/corrections`, {
      field: 'cp1.radiatorTemps.Hall.flow',
      value: '60',
      reason: 'Misread',
    });
    expect(res.json()).toMatchObject({ revision: 2, overallStatus: 'FAIL', verdictChanged: false });
    const detail = (await eng.get(`/api/reports/${reportId}`)).json();
    expect(detail.failureReasons).toEqual(filed.failureReasons);
    // And a meter end corrected below the start is refused, as at submit.
    const end = await supervisor.post(`/api/reports/${reportId}/corrections`, {
      field: 'meterEnd',
      value: '0',
      reason: 'Misread',
    });
    expect(end.statusCode).toBe(422);
    expect(Object.keys(end.json().error.fields).sort()).toEqual([
      'value',
      'wizardData.meterStart',
      'wizardData.photosSignature.meterEnd',
    ]);
  });
});
