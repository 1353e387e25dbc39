import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { packCsvColumns, REPORT_CSV_COLUMNS, REPORT_RECORD_CSV_COLUMNS, reportsCsvFileColumns } from '@hiu/domain';
import { passingCheck, passingCp1Check, PASSING_CP1 } from '@hiu/domain/testing';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { hasPdftotext, JPEG, PNG, pdfText, upload } from './helpers/report-files.js';

const t = useTestApp();

async function cp1Site() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer', { name: 'Eddie Engineer' });
  const site = await createSite(admin, { testPack: 'cp1-ts1' });
  const property = await createProperty(admin, site.id);
  return { app, admin, eng, site, property };
}

async function submitCp1(
  eng: TestClient,
  site: { id: string; name: string },
  propertyId: string,
  cp1: Partial<typeof PASSING_CP1> = {},
  notes = '',
) {
  const photo = await upload(eng, 'photo', JPEG);
  const signature = await upload(eng, 'signature', PNG);
  const wizardData = passingCp1Check({ site, propertyId, photoId: photo, signatureId: signature, cp1 });
  const id = randomUUID();
  const res = await eng.post('/api/reports', { id, wizardData, notes, completedAt: '2026-03-02T10:25:00.000Z' });
  return { id, res };
}

const csvOf = async (admin: TestClient, siteName: string) =>
  (await admin.get(`/api/reports/export.csv?siteName=${encodeURIComponent(siteName)}`)).body
    .split('\r\n')
    .filter(Boolean);
const cells = (line: string) => line.slice(1, -1).split('","');

describe('test packs on a site', () => {
  it('keeps the pack on the site, refuses one the rule book does not know with 422, and switches', async () => {
    const { admin, site } = await cp1Site();
    expect((await admin.get(`/api/sites/${site.id}`)).json()).toMatchObject({ testPack: 'cp1-ts1' });
    const bad = await admin.post('/api/sites', { name: 'Bad pack', location: 'Leeds', testPack: 'bs-8558' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({ testPack: 'Unknown test pack: choose standard or cp1-ts1' });
    expect((await admin.patch(`/api/sites/${site.id}`, { testPack: 'nope' })).statusCode).toBe(422);
    const plain = await createSite(admin);
    expect((await admin.get(`/api/sites/${plain.id}`)).json()).toMatchObject({ testPack: 'standard' });
    expect((await admin.patch(`/api/sites/${plain.id}`, { testPack: 'cp1-ts1' })).json()).toMatchObject({
      testPack: 'cp1-ts1',
    });
  });

  it('judges a CP1/TS1 submission by the pack: a pass, and a failing peak-test return with its reason', async () => {
    const { eng, site, property } = await cp1Site();
    const passed = await submitCp1(eng, site, property.id);
    expect(passed.res.statusCode).toBe(201);
    expect(passed.res.json()).toMatchObject({ overallStatus: 'PASS', failureReasons: [] });
    const detail = (await eng.get(`/api/reports/${passed.id}`)).json();
    expect(detail.testPack).toEqual({ id: 'cp1-ts1', version: 1 });
    expect(detail.ranges['cp1.peakReturn']).toEqual({ min: null, max: 25 });
    expect(detail.wizardData.cp1.meterSerial).toBe('KM-77120');

    const failed = await submitCp1(eng, site, property.id, { peakReturn: '31' }, 'Return too high at peak');
    expect(failed.res.statusCode).toBe(201);
    expect(failed.res.json()).toMatchObject({
      overallStatus: 'FAIL',
      failureReasons: ['Primary return too high in the hot-water peak test (31 °C, expected ≤ 25 °C)'],
    });
  });

  it('refuses an unknown pack or version, and a reading outside what its unit allows, with 422 naming the field', async () => {
    const { eng, site, property } = await cp1Site();
    const photo = await upload(eng, 'photo', JPEG);
    const signature = await upload(eng, 'signature', PNG);
    const base = passingCp1Check({ site, propertyId: property.id, photoId: photo, signatureId: signature });
    const post = (wizardData: object) =>
      eng.post('/api/reports', { id: randomUUID(), wizardData, notes: '', completedAt: '2026-03-02T10:25:00.000Z' });
    const unknown = await post({ ...base, testPack: { id: 'cp1-ts1', version: 9 } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fields).toEqual({ 'wizardData.testPack': 'Unknown test pack: cp1-ts1 version 9' });
    const wrongUnit = await post({ ...base, cp1: { ...PASSING_CP1, staticFlowPressure: '250', kitchenTapFlow: '-2' } });
    expect(wrongUnit.statusCode).toBe(422);
    expect(wrongUnit.json().error.fields).toMatchObject({
      'wizardData.cp1.staticFlowPressure': 'Must be from 0 to 25 bar',
      'wizardData.cp1.kitchenTapFlow': 'Must be from 0 to 60 L/min',
    });
  });

  it("names a pack's blank step-1 field when basic information is incomplete (422), not another field", async () => {
    const { eng, site, property } = await cp1Site();
    const { res } = await submitCp1(eng, site, property.id, { meterMake: ' ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      message: 'Basic information is incomplete',
      fields: { 'wizardData.cp1.meterMake': 'Required' },
    });
    expect(res.json().error.fields).not.toHaveProperty('wizardData.meterStart');
  });

  it.skipIf(!hasPdftotext)('prints the pack, its groups and its issues on the PDF', async () => {
    const { eng, site, property } = await cp1Site();
    const { id } = await submitCp1(eng, site, property.id, {
      issues: [
        {
          id: randomUUID(),
          description: 'Lag primary pipework',
          owner: 'installer',
          due: '2026-12-01',
          resolved: false,
        },
      ],
    });
    await t.jobsSettled();
    const text = pdfText((await eng.get(`/api/reports/${id}/pdf`)).rawPayload);
    expect(text).toMatch(/TEST PACK\s+CP1\/TS1 acceptance, version 1/);
    expect(text).toMatch(/Hot-water peak\s+(PASS|FAIL)/);
    expect(text).toMatch(/Heat meter during the heating peak\s+(PASS|FAIL)/);
    expect(text).toContain('Kitchen tap flow');
    expect(text).toContain('Lag primary pipework');
  });

  it("appends the pack's columns after the standard ones, which stay in place; a standard site's CSV is as it was", async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer', { name: 'Eddie Engineer' });
    const site = await createSite(admin);
    const property = await createProperty(admin, site.id);
    await admin.patch(`/api/sites/${site.id}`, { testPack: 'cp1-ts1' });
    await submitCp1(eng, site, property.id, { peakReturn: '22.5' });
    // A standard report on the same site (its check started before the site switched pack).
    const photo = await upload(eng, 'photo', JPEG);
    const signature = await upload(eng, 'signature', PNG);
    const standard = passingCheck({ site, propertyId: property.id, photoId: photo, signatureId: signature });
    const res = await eng.post('/api/reports', {
      id: randomUUID(),
      wizardData: standard,
      notes: '',
      completedAt: '2026-03-02T09:45:00.000Z',
    });
    expect(res.statusCode, res.body).toBe(201);
    const lines = await csvOf(admin, site.name);
    const header = cells(lines[0]!);
    expect(header.slice(0, REPORT_CSV_COLUMNS.length)).toEqual([...REPORT_CSV_COLUMNS]);
    expect(header.slice(REPORT_CSV_COLUMNS.length, -REPORT_RECORD_CSV_COLUMNS.length)).toEqual([...packCsvColumns()]);
    expect(header.slice(-REPORT_RECORD_CSV_COLUMNS.length)).toEqual([...REPORT_RECORD_CSV_COLUMNS]);
    const [cp1Row, standardRow] = [cells(lines[1]!), cells(lines[2]!)];
    expect(cp1Row).toHaveLength(header.length);
    expect(standardRow).toHaveLength(header.length);
    const at = (row: string[], column: string) => row[header.indexOf(column)];
    expect(at(cp1Row, 'Test Pack')).toBe('CP1/TS1 acceptance, version 1');
    expect(at(cp1Row, 'CP1 Hot-water peak: Primary return, two outlets open (°C)')).toBe('22.5');
    expect(at(cp1Row, 'CP1 Heating water: Strainer condition')).toBe('Clear');
    expect(at(cp1Row, 'CP1 Heating water: System flushed')).toBe('Yes');
    expect(at(cp1Row, 'HIU Serial')).toBe('SN 881');
    expect(at(standardRow, 'Test Pack')).toBe('Standard checklist, version 1');
    expect(at(standardRow, 'CP1 Hot-water peak: Kitchen tap flow (L/min)')).toBe('');

    // A standard site: the standard columns, then the record's.
    const plain = await createSite(admin);
    const flat = await createProperty(admin, plain.id);
    const photo2 = await upload(eng, 'photo', JPEG);
    const signature2 = await upload(eng, 'signature', PNG);
    await eng.post('/api/reports', {
      id: randomUUID(),
      wizardData: passingCheck({ site: plain, propertyId: flat.id, photoId: photo2, signatureId: signature2 }),
      notes: '',
      completedAt: '2026-03-02T09:45:00.000Z',
    });
    const plainLines = await csvOf(admin, plain.name);
    expect(cells(plainLines[0]!)).toEqual(reportsCsvFileColumns(false));
    expect(cells(plainLines[1]!)).toHaveLength(REPORT_CSV_COLUMNS.length + REPORT_RECORD_CSV_COLUMNS.length);
  });

  it("shows a flat's open issues on the site's dashboard and hands them to its re-test, until resolved", async () => {
    const { admin, eng, site, property } = await cp1Site();
    const issue = {
      id: randomUUID(),
      description: 'Lag primary pipework',
      owner: 'installer' as const,
      due: '2026-12-01',
    };
    const done = { id: randomUUID(), description: 'Relabel valves', owner: 'engineer' as const, due: '' };
    await submitCp1(eng, site, property.id, {
      issues: [
        { ...issue, resolved: false },
        { ...done, resolved: true },
      ],
    });
    const dashboard = (await admin.get(`/api/sites/${site.id}/dashboard`)).json();
    expect(dashboard.openIssues).toEqual([
      expect.objectContaining({
        propertyId: property.id,
        address: property.address,
        description: issue.description,
        owner: 'installer',
        due: '2026-12-01',
      }),
    ]);
    expect((await eng.get(`/api/properties/${property.id}/open-issues`)).json()).toEqual([
      { ...issue, resolved: false },
    ]);
    // My flats carries them too, so the phone has them for a re-test with no signal.
    await admin.post(`/api/sites/${site.id}/assignments`, { engineerId: eng.userId, propertyIds: [property.id] });
    expect((await eng.get('/api/me/assignments')).json()).toEqual([
      expect.objectContaining({ propertyId: property.id, openIssues: [{ ...issue, resolved: false }] }),
    ]);

    // The re-test resolves it: nothing open any more.
    const photo = await upload(eng, 'photo', JPEG);
    const signature = await upload(eng, 'signature', PNG);
    const retest = passingCp1Check({
      site,
      propertyId: property.id,
      photoId: photo,
      signatureId: signature,
      cp1: { issues: [{ ...issue, resolved: true }] },
    });
    const res = await eng.post('/api/reports', {
      id: randomUUID(),
      wizardData: retest,
      notes: '',
      completedAt: '2026-03-02T11:25:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    expect((await admin.get(`/api/sites/${site.id}/dashboard`)).json().openIssues).toEqual([]);
    expect((await eng.get(`/api/properties/${property.id}/open-issues`)).json()).toEqual([]);
    const outsider = await signedIn(await t.app(), 'client');
    expect((await outsider.get(`/api/properties/${property.id}/open-issues`)).statusCode).toBe(403);
  });

  it('keeps earlier reports exactly as judged when the site switches pack', async () => {
    const { admin, eng, site, property } = await cp1Site();
    const { id } = await submitCp1(eng, site, property.id, { keepWarmReturn: '55' }, 'Keep-warm too hot');
    const before = (await eng.get(`/api/reports/${id}`)).json();
    expect(before.overallStatus).toBe('FAIL');
    await admin.patch(`/api/sites/${site.id}`, {
      testPack: 'standard',
      designParameters: { cp1: { keepWarmReturnMax: '60' } },
    });
    const after = (await eng.get(`/api/reports/${id}`)).json();
    expect(after).toMatchObject({
      overallStatus: 'FAIL',
      failureReasons: before.failureReasons,
      ranges: before.ranges,
      testPack: { id: 'cp1-ts1', version: 1 },
    });
  });
});
