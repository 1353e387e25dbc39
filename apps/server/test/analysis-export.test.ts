import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { analysisCsvColumns } from '@hiu/domain';
import { passingCheck, signedFailure } from '@hiu/domain/testing';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { JPEG, PNG, upload } from './helpers/report-files.js';
import { createProperty, createSite } from './helpers/admin-data.js';

// The analysis export beside the ruled CSV (decision 137).
const t = useTestApp();

const submission = (wizardData: unknown, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  wizardData,
  notes: '',
  completedAt: '2026-03-02T10:25:00.000Z',
  ...extra,
});

async function siteWithReports(admin: Awaited<ReturnType<typeof signedIn>>, eng: Awaited<ReturnType<typeof signedIn>>) {
  const site = await createSite(admin, { name: `Analysis ${randomUUID().slice(0, 8)}`, location: 'Hull' });
  const property = await createProperty(admin, site.id, { address: 'Flat 1, Dock House', propertyType: '2b4p' });
  const photoId = await upload(eng, 'photo', JPEG);
  const signatureId = await upload(eng, 'signature', PNG);
  const pass = (
    await eng.post('/api/reports', submission(passingCheck({ site, propertyId: property.id, photoId, signatureId })))
  ).json();
  const standby = signedFailure(3, await upload(eng, 'signature', PNG), {
    site,
    propertyId: property.id,
    standbyMode: { flowTemp: '60' },
  });
  const fail = (
    await eng.post('/api/reports', submission(standby, { failedStep: 3, completedAt: '2026-03-03T08:00:00.000Z' }))
  ).json();
  return { site, pass, fail };
}

const parse = (body: string) => Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: true });

describe('GET /api/reports/analysis.csv', () => {
  it('gives one row per report with each reading, its range and verdict, the reasons, the reference and ISO dates', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer', { name: 'Ana Lyst' });
    const { site, pass, fail } = await siteWithReports(admin, eng);
    await siteWithReports(admin, eng); // another site, left out

    const res = await admin.get(`/api/reports/analysis.csv?siteName=${encodeURIComponent(site.name)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/-analysis-\d{4}-\d{2}-\d{2}\.csv"/);
    const { data, meta } = parse(res.body);
    expect(meta.fields).toEqual(analysisCsvColumns());
    expect(data.map((r) => r.Reference)).toEqual([fail.reference, pass.reference]); // newest first
    const [failed, passed] = data as [Record<string, string>, Record<string, string>];
    expect(failed).toMatchObject({
      Site: site.name,
      'Site Location': 'Hull',
      Result: 'FAIL',
      'Failed at Step': '3',
      'Failure Reasons': 'Standby Flow Temperature out of range (60 °C, expected 45-48 °C)',
      Completed: '2026-03-03T08:00:00.000Z',
      'Standby Mode: Flow Temperature (°C)': '60',
      'Standby Mode: Flow Temperature (°C) Min': '45',
      'Standby Mode: Flow Temperature (°C) Max': '48',
      'Standby Mode: Flow Temperature (°C) Verdict': 'FAIL',
      'Heating Checks: Power Consumption (kW)': '',
      'Heating Checks: Power Consumption (kW) Verdict': '',
    });
    expect(passed).toMatchObject({
      Result: 'PASS',
      Started: '2026-03-02T09:00:00.000Z',
      'Standby Mode: Flow Temperature (°C) Verdict': 'PASS',
      'Basic Information: Meter Start Reading (kWh)': '100.5',
    });
  });

  it('exports every site when none is named, and only to admins', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const a = await siteWithReports(admin, eng);
    const b = await siteWithReports(admin, eng);
    const res = await admin.get('/api/reports/analysis.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/all-sites-analysis-/);
    const refs = parse(res.body).data.map((r) => r.Reference);
    for (const r of [a.pass, a.fail, b.pass, b.fail]) expect(refs).toContain(r.reference);
    expect(new Set(refs).size).toBe(refs.length);
    expect((await eng.get('/api/reports/analysis.csv')).statusCode).toBe(403);
  });
});
