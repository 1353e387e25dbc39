import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { REPORT_CSV_COLUMNS, type WizardDataInput } from '@hiu/domain';
import { passingCheck } from '@hiu/domain/testing';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { JPEG, PNG, hasPdftotext, pdfText, upload } from './helpers/report-files.js';
import { createProperty, createSite } from './helpers/admin-data.js';

const t = useTestApp();

async function setup() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer', { name: 'Eddie Engineer' });
  const site = await createSite(admin, { name: `Quay ${randomUUID().slice(0, 6)}`, location: 'Hull' });
  const property = await createProperty(admin, site.id, { address: 'Flat 3, Birch House', propertyType: '2b4p' });
  const photo = await upload(eng, 'photo', JPEG);
  const signature = await upload(eng, 'signature', PNG);
  const data = (overrides: WizardDataInput = {}): WizardDataInput => ({
    ...passingCheck({ site, propertyId: property.id, photoId: photo, signatureId: signature }),
    ...overrides,
  });
  return { app, admin, eng, site, property, data };
}

const COMPLETED = '2026-03-02T10:25:00.000Z';
const submission = (wizardData: WizardDataInput) => ({
  id: randomUUID(),
  wizardData,
  notes: '',
  completedAt: COMPLETED,
});

const evidence = (dhw: WizardDataInput['dhwChecks']): WizardDataInput => ({
  stepCompletedAt: { 'basic-info': '2026-03-02T09:10:00.000Z', dhw: '2026-03-02T10:05:00.000Z' },
  submitLocation: { latitude: 53.74446, longitude: -0.33525, accuracy: 9, at: '2026-03-02T10:24:30.000Z' },
  dhwChecks: dhw,
});

describe('field evidence on a report', () => {
  it('stores the timed seconds, an explained override, step times and location, and shows them in the detail, PDF and CSV', async () => {
    const { admin, eng, site, data } = await setup();
    const base = data();
    const body = submission(
      data(
        evidence({
          ...base.dhwChecks,
          fortyFiveIn45: true,
          fortyFiveStartedAt: '2026-03-02T10:03:00.000Z',
          fortyFiveSeconds: '46.2',
          fortyFiveOverrideReason: 'Probe read late; tap was at 45C by 44 s',
        }),
      ),
    );
    const res = await eng.post('/api/reports', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().overallStatus).toBe('PASS');

    const detail = (await eng.get(`/api/reports/${body.id}`)).json();
    expect(detail.wizardData.dhwChecks).toMatchObject({
      fortyFiveSeconds: '46.2',
      fortyFiveOverrideReason: 'Probe read late; tap was at 45C by 44 s',
    });
    expect(detail.wizardData.stepCompletedAt).toEqual({
      'basic-info': '2026-03-02T09:10:00.000Z',
      dhw: '2026-03-02T10:05:00.000Z',
    });
    expect(detail.wizardData.submitLocation).toEqual({
      latitude: 53.74446,
      longitude: -0.33525,
      accuracy: 9,
      at: '2026-03-02T10:24:30.000Z',
    });

    if (hasPdftotext) {
      const pdf = await eng.get(`/api/reports/${body.id}/pdf`);
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('Time to reach 45°C (stopwatch) 46.2 s 45 s or less FAIL');
      expect(text).toContain('Answer overridden by the engineer: Probe read late; tap was at 45C by 44 s');
      expect(text).toContain('Step 6: DHW Checks completed 02/03/2026, 10:05');
      expect(text).toContain('Location at submit 53.74446, -0.33525 (±9 m) at 02/03/2026, 10:24');
    }

    const csv = await admin.get(`/api/reports/export.csv?siteName=${encodeURIComponent(site.name)}`);
    const rows = Papa.parse<string[]>(csv.body.trimEnd()).data;
    const cell = (name: (typeof REPORT_CSV_COLUMNS)[number]) => rows[1]![REPORT_CSV_COLUMNS.indexOf(name)];
    expect(cell('Time to 45C')).toBe('46.2 s');
    expect(cell('45C Answer Override Reason')).toBe('Probe read late; tap was at 45C by 44 s');
    expect(cell('Steps Completed')).toBe('1 Basic Information 02/03/2026, 09:10; 6 DHW Checks 02/03/2026, 10:05');
    expect(cell('Location at Submit')).toBe('53.74446, -0.33525 (±9 m) at 02/03/2026, 10:24');
  });

  it('accepts a report as older apps send it, without any evidence fields', async () => {
    const { eng, data } = await setup();
    const res = await eng.post('/api/reports', submission(data()));
    expect(res.statusCode).toBe(201);
    const detail = (await eng.get(`/api/reports/${res.json().id}`)).json();
    expect(detail.wizardData.stepCompletedAt).toEqual({});
    expect(detail.wizardData.submitLocation).toBeNull();
  });

  it('refuses an answer that contradicts the stopwatch without a reason (422, naming the field)', async () => {
    const { eng, data } = await setup();
    const base = data();
    const res = await eng.post(
      '/api/reports',
      submission(data({ dhwChecks: { ...base.dhwChecks, fortyFiveIn45: true, fortyFiveSeconds: '52' } })),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({
      'wizardData.dhwChecks.fortyFiveOverrideReason': 'Give a reason for changing the timed answer',
    });
  });

  it('refuses step times or a location later than the submit (422), and impossible coordinates (422)', async () => {
    const { eng, data } = await setup();
    const late = await eng.post(
      '/api/reports',
      submission(data({ stepCompletedAt: { heating: '2026-03-02T11:00:00.000Z' } })),
    );
    expect(late.statusCode).toBe(422);
    expect(late.json().error.fields).toEqual({
      'wizardData.stepCompletedAt.heating': 'Step completion time is after the report was completed',
    });
    const badPlace = await eng.post(
      '/api/reports',
      submission(data({ submitLocation: { latitude: 123, longitude: 0, accuracy: 5, at: COMPLETED } })),
    );
    expect(badPlace.statusCode).toBe(422);
    expect(JSON.stringify(badPlace.json().error.fields)).toContain('submitLocation');
  });
});

describe('GET /api/sites/:id/hiu-models', () => {
  it("lists the site's recorded models from reports and drafts, most frequent first, spellings merged", async () => {
    const { admin, eng, site, property, data } = await setup();
    for (const model of ['Evo 40', 'EVO 40 ', 'Flatstation 2']) {
      expect((await eng.post('/api/reports', submission(data({ hiuModel: model })))).statusCode).toBe(201);
    }
    const other = await signedIn(await t.app(), 'engineer');
    const draft = await other.post('/api/drafts', {
      id: randomUUID(),
      siteId: site.id,
      propertyId: property.id,
      currentStep: 'Initial Checks',
      wizardData: { siteId: site.id, propertyId: property.id, hiuModel: 'Flatstation 2' },
    });
    expect(draft.statusCode).toBeLessThan(300);
    await other.post('/api/drafts', {
      id: randomUUID(),
      siteId: site.id,
      propertyId: property.id,
      currentStep: 'Initial Checks',
      wizardData: { siteId: site.id, propertyId: property.id, hiuModel: 'Flatstation 2' },
    });
    // Another site's models are not offered here.
    const elsewhere = await createSite(admin, { name: `Elsewhere ${randomUUID().slice(0, 6)}` });
    const res = await eng.get(`/api/sites/${site.id}/hiu-models`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      models: [
        { model: 'Flatstation 2', count: 3 },
        { model: 'EVO 40', count: 2 },
      ],
    });
    expect((await eng.get(`/api/sites/${elsewhere.id}/hiu-models`)).json()).toEqual({ models: [] });
  });

  it('answers 404 for an unknown site and 422 for a malformed id', async () => {
    const { eng } = await setup();
    expect((await eng.get(`/api/sites/${randomUUID()}/hiu-models`)).statusCode).toBe(404);
    expect((await eng.get('/api/sites/not-a-uuid/hiu-models')).statusCode).toBe(422);
  });
});
