import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passingCp1Check } from '@hiu/domain/testing';
import { reports } from '../src/db/schema.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { hasPdftotext, JPEG, PNG, pdfText, upload } from './helpers/report-files.js';
import { signedIn, useTestApp } from './helpers/test-app.js';

const t = useTestApp();
const V3 = { id: 'cp1-ts1', version: 3 };

/** Submits a CP1/TS1 version 3 check of a new flat with these pack values (and failedStep); answers the response. */
async function submitWith(cp1: Record<string, unknown>, extra: { failedStep?: number; notes?: string } = {}) {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const site = await createSite(admin, { testPack: 'cp1-ts1' });
  const flat = await createProperty(admin, site.id);
  const ids = {
    site,
    propertyId: flat.id,
    photoId: await upload(eng, 'photo', JPEG),
    signatureId: await upload(eng, 'signature', PNG),
  };
  const wizardData = passingCp1Check({ ...ids, testPack: V3, cp1 });
  const body = { id: randomUUID(), wizardData, notes: '', completedAt: '2026-03-02T10:25:00.000Z', ...extra };
  return eng.post('/api/reports', body);
}

const issue = (change: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  description: 'Water sample not taken',
  owner: 'installer',
  due: '2026-12-01',
  resolved: false,
  source: 'waterSample',
  ...change,
});

const stored = async () => (await t.database()).db.select({ id: reports.id }).from(reports);

// Issue 39 item 4 (docs/product.md#test-packs, decision 213): the server judges answers by the same rule book.
describe('a CP1/TS1 version 3 report whose answers are judged', () => {
  it.each([
    [
      'an answer that raises an issue, with no issue',
      {},
      'wizardData.cp1.waterSample',
      'Water sample not taken: add an open issue with who must act and a due date',
    ],
    [
      'its open issue with no due date',
      { issues: [issue({ due: '' })] },
      'wizardData.cp1.issues.0.due',
      'An open issue needs a due date',
    ],
    [
      'its open issue with no one to act',
      { issues: [issue({ owner: undefined })] },
      'wizardData.cp1.issues.0.owner',
      'Choose who must act',
    ],
  ])('refuses %s with 422 naming the field, storing nothing', async (_name, change, field, message) => {
    const res = await submitWith({ waterSample: false, ...change });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await stored()).toHaveLength(0);
  });

  it('takes the same answer once its issue says who acts and by when, as a PASS with the issue open', async () => {
    const res = await submitWith({ waterSample: false, issues: [issue()] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ overallStatus: 'PASS' });
  });

  it('fails the HIU for an answer that fails it: a report needs notes, a device failure at step 2 names it', async () => {
    const unexplained = await submitWith({ flushed: false });
    expect(unexplained.statusCode).toBe(422);
    expect(unexplained.json().error.fields).toEqual({ notes: 'Notes are required when the check fails' });
    const failed = await submitWith({ flushed: false, strainerCondition: 'Blocked' }, { notes: 'Not flushed' });
    expect(failed.statusCode, failed.body).toBe(201);
    expect(failed.json()).toMatchObject({
      overallStatus: 'FAIL',
      failureReasons: ['System not flushed', 'Strainer blocked'],
    });
    const device = await submitWith({ flushed: false }, { failedStep: 2 });
    expect(device.statusCode, device.body).toBe(201);
    expect(device.json()).toMatchObject({
      overallStatus: 'FAIL',
      failedStep: 2,
      failureReasons: ['System not flushed'],
    });
  });

  it('keeps judging a version 2 report as before: the same answers pass', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin, { testPack: 'cp1-ts1' });
    const flat = await createProperty(admin, site.id);
    const ids = {
      site,
      propertyId: flat.id,
      photoId: await upload(eng, 'photo', JPEG),
      signatureId: await upload(eng, 'signature', PNG),
    };
    const cp1 = { flushed: false, waterSample: false, strainerCondition: 'Blocked' };
    const wizardData = passingCp1Check({ ...ids, testPack: { id: 'cp1-ts1', version: 2 }, cp1 });
    const body = { id: randomUUID(), wizardData, notes: '', completedAt: '2026-03-02T10:25:00.000Z' };
    const res = await eng.post('/api/reports', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ overallStatus: 'PASS' });
  });

  it('gives the same verdicts in the CSV and the PDF: the fail and its reason, the open issue with who and when', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin, { testPack: 'cp1-ts1' });
    const send = async (address: string, cp1: Record<string, unknown>, notes = '') => {
      const flat = await createProperty(admin, site.id, { address });
      const ids = {
        site,
        propertyId: flat.id,
        photoId: await upload(eng, 'photo', JPEG),
        signatureId: await upload(eng, 'signature', PNG),
      };
      const wizardData = { ...passingCp1Check({ ...ids, testPack: V3, cp1 }), address };
      const body = { id: randomUUID(), wizardData, notes, completedAt: '2026-03-02T10:25:00.000Z' };
      const res = await eng.post('/api/reports', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string };
    };
    await send('1 Answer Row', { waterSample: false, issues: [issue()] });
    const failed = await send('2 Answer Row', { flushed: false }, 'Not flushed yet');

    const lines = (await admin.get(`/api/reports/export.csv?siteName=${encodeURIComponent(site.name)}`)).body
      .split('\r\n')
      .filter(Boolean)
      .map((line: string) => line.slice(1, -1).split('","'));
    const header = lines[0]!;
    const row = (address: string) => lines.find((r: string[]) => r[header.indexOf('Property Address')] === address)!;
    const at = (r: string[], column: string) => r[header.indexOf(column)];
    expect(at(row('1 Answer Row'), 'Overall Status')).toBe('PASS');
    expect(at(row('1 Answer Row'), 'CP1 Issues')).toBe('Water sample not taken (Installer, due 2026-12-01, open)');
    expect(at(row('2 Answer Row'), 'Overall Status')).toBe('FAIL');
    expect(at(row('2 Answer Row'), 'CP1 Heating water: System flushed')).toBe('No');

    if (hasPdftotext) {
      await t.jobsSettled();
      const text = pdfText((await admin.get(`/api/reports/${failed.id}/pdf`)).rawPayload);
      expect(text).toContain('System not flushed');
    }
  });
});

// The acceptance test's own limits (docs/product.md#test-packs): readings held to the unit's own set-points.
describe("a CP1/TS1 version 3 report judged against the unit's set-points", () => {
  it('fails a kitchen outlet below the set-point less its tolerance, by the same words on the report and PDF', async () => {
    const low = await submitWith(
      { dhwSetPoint: '55', dhwSetPointTolerance: '3', peakDeliveredTemp: '51.9' },
      { notes: 'Outlet cool' },
    );
    expect(low.statusCode, low.body).toBe(201);
    const reason =
      'Kitchen outlet below the hot-water set-point (51.9 °C, expected at least 52 °C (hot-water set-point less its tolerance))';
    expect(low.json()).toMatchObject({ overallStatus: 'FAIL', failureReasons: [reason] });
    if (hasPdftotext) {
      await t.jobsSettled();
      const admin = await signedIn(await t.app(), 'admin');
      const text = pdfText((await admin.get(`/api/reports/${low.json().id}/pdf`)).rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain('Kitchen outlet below the hot-water set-point');
    }
  });

  it('passes the outlet at its limit and a primary flow at the heating set-point + 3 K', async () => {
    const res = await submitWith({
      dhwSetPoint: '55',
      dhwSetPointTolerance: '3',
      peakDeliveredTemp: '52',
      heatingSetPoint: '62',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ overallStatus: 'PASS', failureReasons: [] });
  });

  it('refuses a report with no set-points, naming the field', async () => {
    const res = await submitWith({ dhwSetPoint: '' });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().error.fields)).toContain('wizardData.cp1.dhwSetPoint');
  });
});

// An issue's closing record (docs/product.md#test-packs): the server names who closed it.
describe('a CP1/TS1 version 3 report with a resolved issue', () => {
  const resolved = (change: Record<string, unknown> = {}) => [
    issue({ resolved: true, source: undefined, description: 'Lag the riser pipework', ...change }),
  ];

  it('is refused without how the issue was put right, naming the field', async () => {
    const res = await submitWith({ issues: resolved() });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.fields['wizardData.cp1.issues.0.closingComment']).toBe('Say how the issue was put right');
  });

  it('stores the engineer who sent it as the closer, whatever the phone said, and prints the record', async () => {
    const res = await submitWith({
      issues: resolved({
        closingComment: 'Lagged with 25 mm foam',
        closedBy: 'Mallory',
        closedAt: '2030-01-01T00:00:00.000Z',
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await (await t.database()).db.select({ wizardData: reports.wizardData }).from(reports);
    const stored = (row!.wizardData as { cp1: { issues: Record<string, unknown>[] } }).cp1.issues[0];
    expect(stored).toMatchObject({
      closingComment: 'Lagged with 25 mm foam',
      closedBy: 'Eddie Engineer',
      closedAt: '2026-03-02T10:25:00.000Z',
    });
    if (hasPdftotext) {
      await t.jobsSettled();
      const admin = await signedIn(await t.app(), 'admin');
      const text = pdfText((await admin.get(`/api/reports/${res.json().id}/pdf`)).rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain('Lagged with 25 mm foam');
      expect(text).toContain('Eddie Engineer');
    }
  });
});
