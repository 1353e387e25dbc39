import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { count, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RANGES,
  REPORT_CSV_COLUMNS,
  REPORT_CSV_FORMAT,
  REPORT_RECORD_CSV_COLUMNS,
  defaultDesignParameters,
  quotedCsvLine,
  reportCsvRow,
  reportRecordCsvCells,
  reportsCsvFileColumns,
  reportsCsvFilename,
  wizardDataSchema,
  type WizardDataInput,
} from '@hiu/domain';
import { checkUpToStep, passingCheck, signedFailure } from '@hiu/domain/testing';
import { drafts, files, reportCsvLines, reports, sites } from '../src/db/schema.js';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { JPEG, PNG, hasPdftotext, pdfText, upload } from './helpers/report-files.js';
import { createProperty, createSite } from './helpers/admin-data.js';

const t = useTestApp();

/** A complete passing check on a site, photos and signature uploaded by `eng`. */
async function uploadedPassingCheck(
  eng: TestClient,
  site: { id: string; name: string },
  propertyId: string,
  overrides: WizardDataInput = {},
) {
  const photo = await upload(eng, 'photo', JPEG);
  const signature = await upload(eng, 'signature', PNG);
  // The client's claimed engineer name is overridden by the signed-in user's.
  const data: WizardDataInput = {
    ...passingCheck({ site, propertyId, photoId: photo, signatureId: signature }),
    engineerName: 'Someone Else',
    ...overrides,
  };
  return data;
}

function submission(wizardData: WizardDataInput, extra: Record<string, unknown> = {}) {
  return { id: randomUUID(), wizardData, notes: '', completedAt: '2026-03-02T10:25:00.000Z', ...extra };
}

async function setup(siteOverrides: Record<string, unknown> = {}) {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer', { name: 'Eddie Engineer' });
  const site = await createSite(admin, { name: 'Birch Court', location: 'York', ...siteOverrides });
  const property = await createProperty(admin, site.id, { address: 'Flat 3, Birch House', propertyType: '2b4p' });
  return { app, admin, eng, site, property };
}

/** Reports stored, and their PDFs once the job queue has built them. */
async function counts() {
  await t.jobsSettled();
  const db = (await t.database()).db;
  const n = async (table: typeof reports | typeof files) => (await db.select({ n: count() }).from(table))[0]!.n;
  const pdfs = (await db.select({ n: count() }).from(files).where(eq(files.kind, 'pdf')))[0]!.n;
  return { reports: await n(reports), pdfs };
}

/** Inserts report rows directly, for list, group and export tests that need many. */
async function insertReports(rows: Partial<typeof reports.$inferInsert>[]) {
  const db = (await t.database()).db;
  const base = {
    siteName: 'Bulk Site',
    propertyAddress: 'Flat 1',
    dwellingType: '1b2p',
    hiuModel: 'M1',
    hiuSerial: '1',
    engineerName: 'Eddie Engineer',
    startTime: '2026-01-01T09:00:00.000Z',
    overallStatus: 'PASS' as const,
    notes: '',
    failureReasons: [],
    ranges: DEFAULT_RANGES,
    wizardData: {} as never,
    pdfFilename: 'HIU_1_1.pdf',
  };
  // Reports belong to a site by its id: each name used here is a site of its own.
  const siteIds = new Map<string, string>();
  for (const name of new Set(rows.map((r) => r.siteName ?? base.siteName))) {
    const [existing] = await db
      .select({ id: sites.id })
      .from(sites)
      .where(sql`lower(${sites.name}) = lower(${name})`);
    const [made] = existing
      ? [existing]
      : await db
          .insert(sites)
          .values({ name, location: '', availableBuildingTypes: [], designParameters: {} as never })
          .returning({ id: sites.id });
    siteIds.set(name, made!.id);
  }
  const values = rows.map((r, i) => ({
    ...base,
    id: randomUUID(),
    completedAt: new Date(Date.UTC(2026, 0, 1, 10, 0, i)),
    ...r,
    siteId: r.siteId !== undefined ? r.siteId : siteIds.get(r.siteName ?? base.siteName)!,
  }));
  for (let i = 0; i < values.length; i += 500) await db.insert(reports).values(values.slice(i, i + 500));
  return values;
}

describe('POST /api/reports', () => {
  it('stores a passing check with names copied, the verdict, the ranges and a PDF, and answers 201 with the summary', async () => {
    const { eng, site, property } = await setup();
    const data = await uploadedPassingCheck(eng, site, property.id);
    const body = submission(data, { notes: 'All good' });
    const res = await eng.post('/api/reports', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: body.id,
      reference: expect.stringMatching(/^HIU-2026-\d{6}$/),
      siteLocation: 'York',
      siteId: site.id,
      siteName: 'Birch Court',
      propertyId: property.id,
      propertyAddress: 'Flat 3, Birch House',
      dwellingType: '2b4p',
      hiuModel: 'Evo 40',
      hiuSerial: 'SN 881',
      engineerName: 'Eddie Engineer',
      startTime: '2026-03-02T09:00:00.000Z',
      completedAt: '2026-03-02T10:25:00.000Z',
      overallStatus: 'PASS',
      notes: 'All good',
      pdfFilename: 'Birch-Court_Flat-3-Birch-House_SN-881_2026-03-02_PASS.pdf',
      failedStep: null,
      failureReasons: [],
      reviewState: 'awaiting_review',
    });
    const detail = (await eng.get(`/api/reports/${body.id}`)).json();
    expect(detail.ranges.standbyFlowTemp).toEqual({ min: 45, max: 48 });
    // The engineer is the signed-in user, not what the device sent.
    expect(detail.wizardData.engineerName).toBe('Eddie Engineer');
    expect(detail.wizardData.photosSignature.photos).toHaveLength(1);
    expect(await counts()).toEqual({ reports: 1, pdfs: 1 });
  });

  it('judges by the rule book: data that fails is stored FAIL with its reasons even though the client claimed nothing', async () => {
    const { eng, site, property } = await setup();
    const data = await uploadedPassingCheck(eng, site, property.id, {
      heatingMode: {
        tertiaryFlow: '58',
        tertiaryReturn: '42',
        primaryFlow: '65',
        primaryReturn: '55',
        powerConsumption: '10',
      },
    });
    const res = await eng.post('/api/reports', submission(data, { notes: 'Secondary flow too hot' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().overallStatus).toBe('FAIL');
    expect(res.json().failureReasons).toEqual(['Tertiary Flow Temperature out of range']);
  });

  it('refuses a failed check without notes (422) and stores nothing', async () => {
    const { eng, site, property } = await setup();
    const data = await uploadedPassingCheck(eng, site, property.id, {
      radiators: { roomChecks: { Hall: { valveSetting: '3', expectedValveSetting: '2.5' } } },
    });
    const res = await eng.post('/api/reports', submission(data, { notes: '   ' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      message: 'Notes are required when the check fails',
      fields: { notes: expect.any(String) },
    });
    expect(await counts()).toEqual({ reports: 0, pdfs: 0 });
  });

  it('stores a check with missing required values as PENDING', async () => {
    const { eng, site, property } = await setup();
    const data = await uploadedPassingCheck(eng, site, property.id, {
      dhwChecks: { fortyFiveIn45: true, dhwKitchenTap: '47' },
    });
    const res = await eng.post('/api/reports', submission(data));
    expect(res.statusCode).toBe(201);
    expect(res.json().overallStatus).toBe('PENDING');
  });

  it("judges against the site's own ranges, and refuses a report whose site is gone, storing nothing", async () => {
    const params = defaultDesignParameters();
    params.standby = { ...params.standby, flowTempMin: '40', flowTempMax: '44' };
    const { admin, eng, site, property } = await setup({ designParameters: params });
    const data = await uploadedPassingCheck(eng, site, property.id);
    const strict = await eng.post('/api/reports', submission(data, { notes: 'Standby too hot for this site' }));
    expect(strict.json()).toMatchObject({ overallStatus: 'FAIL', failureReasons: ['Flow Temperature out of range'] });
    expect((await admin.get(`/api/reports/${strict.json().id}`)).json().ranges.standbyFlowTemp).toEqual({
      min: 40,
      max: 44,
    });

    const late = await uploadedPassingCheck(eng, site, property.id);
    expect((await admin.delete(`/api/sites/${site.id}`)).statusCode).toBeLessThan(300);
    const again = await eng.post('/api/reports', submission(late));
    expect(again.statusCode).toBe(422);
    expect(again.json().error.fields['wizardData.siteId']).toMatch(/site does not exist/);
    const db = (await t.database()).db;
    expect(await db.select({ id: reports.id }).from(reports)).toHaveLength(1);
    // The first report survives the site delete with its names (ruling 12).
    expect((await admin.get(`/api/reports/${strict.json().id}`)).json()).toMatchObject({
      siteId: null,
      siteName: 'Birch Court',
    });
  });

  it('records a device failure at step 2 as FAIL with the reasons from the data, without notes', async () => {
    const { eng, site, property } = await setup();
    const data = signedFailure(2, await upload(eng, 'signature', PNG), {
      site,
      propertyId: property.id,
      initialChecks: { bypassClosed: false, clipsRemoved: false },
    });
    const res = await eng.post('/api/reports', submission(data, { failedStep: 2 }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      overallStatus: 'FAIL',
      failedStep: 2,
      failureReasons: ['Bypass valve not closed', 'Transit clips not removed'],
    });
  });

  it('records a device failure at step 3 with the value and range in the reason', async () => {
    const { eng, site, property } = await setup();
    const signature = await upload(eng, 'signature', PNG);
    const data = signedFailure(3, signature, { site, propertyId: property.id, standbyMode: { flowTemp: '50' } });
    const res = await eng.post('/api/reports', submission(data, { failedStep: 3 }));
    expect(res.json()).toMatchObject({
      overallStatus: 'FAIL',
      failedStep: 3,
      failureReasons: ['Standby Flow Temperature out of range (50 °C, expected 45-48 °C)'],
    });
  });

  it('refuses a device failure without the engineer signature (422) and files it once signed', async () => {
    const { eng, site, property } = await setup();
    const unsigned = checkUpToStep(3, { site, propertyId: property.id, standbyMode: { flowTemp: '50' } });
    const refused = await eng.post('/api/reports', submission(unsigned, { failedStep: 3 }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      message: "A failure report needs the engineer's signature",
      fields: { 'wizardData.photosSignature.signature': 'Sign to file a failure report' },
    });
    expect(await counts()).toEqual({ reports: 0, pdfs: 0 });

    const signed = signedFailure(3, await upload(eng, 'signature', PNG), {
      site,
      propertyId: property.id,
      standbyMode: { flowTemp: '50' },
    });
    const filed = await eng.post('/api/reports', submission(signed, { failedStep: 3 }));
    expect(filed.statusCode).toBe(201);
    expect(filed.json()).toMatchObject({ overallStatus: 'FAIL', failedStep: 3 });
  });

  it('refuses a claimed device failure that the data does not show (422)', async () => {
    const { eng, site, property } = await setup();
    const data = await uploadedPassingCheck(eng, site, property.id);
    const res = await eng.post('/api/reports', submission(data, { failedStep: 3 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toHaveProperty('failedStep');
    expect(await counts()).toEqual({ reports: 0, pdfs: 0 });
  });

  it.each([
    [
      'a measurement that is not a number',
      (d: WizardDataInput) => ({ ...d, meterStart: '12abc' }),
      {},
      'wizardData.meterStart',
    ],
    ['an unknown top-level field', (d: WizardDataInput) => d, { overallStatus: 'PASS' }, undefined],
    ['a report id that is not a uuid', (d: WizardDataInput) => d, { id: 'report-1' }, 'id'],
    ['a completion time that is not a date', (d: WizardDataInput) => d, { completedAt: 'yesterday' }, 'completedAt'],
    [
      'a completion time in the future',
      (d: WizardDataInput) => d,
      { completedAt: '2099-01-01T00:00:00.000Z' },
      'completedAt',
    ],
    [
      'a completion before the start',
      (d: WizardDataInput) => d,
      { completedAt: '2026-03-01T10:00:00.000Z' },
      'completedAt',
    ],
    ['missing basic information', (d: WizardDataInput) => ({ ...d, hiuSerial: '  ' }), {}, 'wizardData.hiuSerial'],
    ['a failed step that does not exist', (d: WizardDataInput) => d, { failedStep: 5 }, 'failedStep'],
    [
      'a photo url that is not its id',
      (d: WizardDataInput) => ({
        ...d,
        photosSignature: {
          ...d.photosSignature!,
          photos: [{ id: randomUUID(), url: `/api/files/${randomUUID()}`, label: '' }],
        },
      }),
      {},
      'wizardData.photosSignature.photos.0.url',
    ],
    [
      'inline image data instead of a file',
      (d: WizardDataInput) => ({
        ...d,
        photosSignature: { ...d.photosSignature!, signature: 'data:image/png;base64,AAAA' },
      }),
      {},
      'wizardData.photosSignature.signature',
    ],
  ])('refuses %s with 422 and stores nothing', async (_what, change, extra, field) => {
    const { eng, site, property } = await setup();
    const data = change(await uploadedPassingCheck(eng, site, property.id));
    const res = await eng.post('/api/reports', submission(data, extra));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('validation_failed');
    if (field) expect(Object.keys(res.json().error.fields)).toContain(field);
    expect(await counts()).toEqual({ reports: 0, pdfs: 0 });
  });

  it('answers 409 missing_files, naming them, when a photo or the signature is not uploaded (or not by this engineer)', async () => {
    const { app, eng, site, property } = await setup();
    const other = await signedIn(app, 'engineer');
    const notUploaded = randomUUID();
    const theirs = await upload(other, 'signature', PNG);
    const data = await uploadedPassingCheck(eng, site, property.id);
    data.photosSignature!.photos!.push({ id: notUploaded, url: `/api/files/${notUploaded}`, label: '' });
    data.photosSignature!.signature = `/api/files/${theirs}`;
    const res = await eng.post('/api/reports', submission(data));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('missing_files');
    expect(res.json().error.missingFileIds.sort()).toEqual([notUploaded, theirs].sort());
    expect(res.json().error.message).toContain(notUploaded);
    expect(res.json().error.message).toContain(theirs);
    expect(res.json().error.fields).toEqual({
      'wizardData.photosSignature.photos.1': `File ${notUploaded} is not uploaded`,
      'wizardData.photosSignature.signature': 'Signature is not uploaded',
    });
    expect(await counts()).toEqual({ reports: 0, pdfs: 0 });
  });

  it('stores a retried submit once (200 with the stored summary) and refuses the same id from another user (409)', async () => {
    const { app, eng, site, property } = await setup();
    const body = submission(await uploadedPassingCheck(eng, site, property.id));
    const first = await eng.post('/api/reports', body);
    const retry = await eng.post('/api/reports', body);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    // Two submits racing each other still store one report.
    const raced = submission(await uploadedPassingCheck(eng, site, property.id));
    const [a, b] = await Promise.all([eng.post('/api/reports', raced), eng.post('/api/reports', raced)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(await counts()).toEqual({ reports: 2, pdfs: 2 });

    const other = await signedIn(app, 'engineer');
    const stolen = await other.post('/api/reports', body);
    expect(stolen.statusCode).toBe(409);
    expect(await counts()).toEqual({ reports: 2, pdfs: 2 });
  });

  it('needs a signed-in user', async () => {
    const { app } = await setup();
    const anon = await app.inject({ method: 'POST', url: '/api/reports', payload: {} });
    expect(anon.statusCode).toBe(401);
  });
});

describe('times a report cannot have (decision 120)', () => {
  const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
  const days = (n: number) => minutes(n * 24 * 60);

  /** A site made `ageDays` ago, a check of it started an hour ago and completed now. */
  async function recentCheck(ageDays: number) {
    const { eng, site, property } = await setup();
    const db = (await t.database()).db;
    await db
      .update(sites)
      .set({ createdAt: new Date(days(-ageDays)) })
      .where(eq(sites.id, site.id));
    const data = await uploadedPassingCheck(eng, site, property.id, { startTime: minutes(-60) });
    return { eng, site, property, data };
  }

  it.each([
    [
      'a start in 1970',
      { startTime: '1970-01-01T09:00:00.000Z' },
      {},
      'wizardData.startTime',
      // The schema's date window (decision 209) refuses it before the site's date is asked.
      /Start time must be between 2000-01-01 and 2100-12-31/,
    ],
    [
      'a completion in 1970',
      { startTime: '' },
      { completedAt: '1970-01-01T10:00:00.000Z' },
      'completedAt',
      /Completion time must be between 2000-01-01 and 2100-12-31/,
    ],
    [
      'a completion ten minutes ahead',
      {},
      { completedAt: minutes(10) },
      'completedAt',
      /Completion time is in the future/,
    ],
    ['a completion a day ahead', {}, { completedAt: days(1) }, 'completedAt', /in the future/],
    [
      'a step completed before the site existed',
      { stepCompletedAt: { 'initial-checks': days(-40) } },
      {},
      'wizardData.stepCompletedAt.initial-checks',
      /Initial Checks completion time is before the site was created/,
    ],
  ])('refuses %s with 422 naming the field, and stores nothing', async (_what, dataChange, extra, field, message) => {
    const { eng, data } = await recentCheck(30);
    const res = await eng.post(
      '/api/reports',
      submission({ ...data, ...dataChange }, { completedAt: minutes(0), ...extra }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields[field]).toMatch(message);
    expect(res.json().error.message).toMatch(message);
    expect(await counts()).toEqual({ reports: 0, pdfs: 0 });
  });

  it('takes a phone clock a couple of minutes fast, and a check begun on the day the site was made', async () => {
    const { eng, data } = await recentCheck(0);
    const res = await eng.post(
      '/api/reports',
      submission({ ...data, startTime: minutes(-1) }, { completedAt: minutes(2) }),
    );
    expect(res.statusCode).toBe(201);
  });

  it("refuses a start more than a day before the check's draft was first saved, and takes one within the day", async () => {
    const { eng, data } = await recentCheck(30);
    const draftId = randomUUID();
    const draft = { id: draftId, currentStep: 'Review & Submit', wizardData: data, version: 1 };
    expect((await eng.post('/api/drafts', draft)).statusCode).toBe(200);
    const db = (await t.database()).db;
    const [row] = await db.select({ createdAt: drafts.createdAt }).from(drafts).where(eq(drafts.id, draftId));
    expect(row!.createdAt).not.toBeNull();

    const early = await eng.post(
      '/api/reports',
      submission({ ...data, startTime: days(-2) }, { completedAt: minutes(0), draftId }),
    );
    expect(early.statusCode).toBe(422);
    expect(early.json().error.fields['wizardData.startTime']).toMatch(
      /more than a day before the check's draft was first saved/,
    );

    const ok = await eng.post(
      '/api/reports',
      submission({ ...data, startTime: minutes(-20 * 60) }, { completedAt: minutes(0), draftId }),
    );
    expect(ok.statusCode).toBe(201);
  });
});

describe('listing reports', () => {
  it('groups by site id with counts from the database, under the site as it is named now (admin only)', async () => {
    const { eng, admin } = await setup();
    const rows = await insertReports([
      { siteName: 'Oak', overallStatus: 'PASS' },
      { siteName: 'Oak', overallStatus: 'FAIL' },
      { siteName: 'Oak', overallStatus: 'PENDING' },
      { siteName: 'ash', overallStatus: 'PASS' },
      // A deleted site's report keeps its names and belongs to no site's group.
      { siteName: 'Gone', siteId: null, overallStatus: 'FAIL' },
    ]);
    // A report copied another name onto itself (typed on an old phone): it counts under its site.
    const db = (await t.database()).db;
    await db.update(reports).set({ siteName: 'Riverside Ct' }).where(eq(reports.id, rows[1]!.id));
    const res = await admin.get('/api/reports/sites');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { siteId: rows[3]!.siteId, siteName: 'ash', count: 1, pass: 1, fail: 0 },
      { siteId: rows[0]!.siteId, siteName: 'Oak', count: 3, pass: 1, fail: 1 },
    ]);
    expect((await eng.get('/api/reports/sites')).statusCode).toBe(403);
  });

  it('keeps the per-site counts equal to a GROUP BY over the reports through inserts, updates and deletes', async () => {
    const { admin } = await setup();
    const db = (await t.database()).db;
    const rows = await insertReports([
      { siteName: 'Oak', overallStatus: 'PASS' },
      { siteName: 'Oak', overallStatus: 'FAIL' },
      { siteName: 'Elm', overallStatus: 'FAIL' },
      { siteName: 'Ash', overallStatus: 'PENDING' },
    ]);
    const [oak, elm, ash] = [rows[0]!.siteId!, rows[2]!.siteId!, rows[3]!.siteId!];
    await db.update(reports).set({ siteId: elm, overallStatus: 'PASS' }).where(eq(reports.id, rows[0]!.id));
    await db.delete(reports).where(eq(reports.id, rows[3]!.id));
    // Updates that change neither site nor verdict leave the counts alone; a move takes its rows along.
    await db.update(reports).set({ notes: 'checked again', siteName: 'Typed elsewhere' });
    await db.update(reports).set({ siteId: ash }).where(eq(reports.siteId, oak));
    // A deleted site's reports leave the counts (their site id is set null).
    await db.insert(reports).values({ ...rows[2]!, id: randomUUID(), siteId: oak });
    await db.delete(sites).where(eq(sites.id, oak));
    const groups = (await admin.get('/api/reports/sites')).json();
    const truth = await db
      .select({
        siteId: reports.siteId,
        siteName: sites.name,
        count: sql<number>`count(*)::int`,
        pass: sql<number>`(count(*) filter (where ${reports.overallStatus} = 'PASS'))::int`,
        fail: sql<number>`(count(*) filter (where ${reports.overallStatus} = 'FAIL'))::int`,
      })
      .from(reports)
      .innerJoin(sites, eq(sites.id, reports.siteId))
      .groupBy(reports.siteId, sites.name)
      .orderBy(sites.name);
    expect(groups).toEqual(truth);
    expect(groups).toEqual([
      { siteId: ash, siteName: 'Ash', count: 1, pass: 0, fail: 1 },
      { siteId: elm, siteName: 'Elm', count: 2, pass: 1, fail: 1 },
    ]);
    const kept = (await db.execute(sql`SELECT site_id FROM report_site_counts`)) as unknown as {
      rows: { site_id: string }[];
    };
    expect(kept.rows.map((r) => r.site_id).sort()).toEqual([ash, elm].sort());
  });

  it("pages a site's summaries newest first, without data, ranges or PDF", async () => {
    const { admin } = await setup();
    const rows = await insertReports(
      Array.from({ length: 25 }, (_, i) => ({ siteName: i < 23 ? 'Oak' : 'Elm', hiuSerial: String(i) })),
    );
    const page1 = (await admin.get('/api/reports?siteName=Oak&limit=10')).json();
    const page3 = (await admin.get('/api/reports?siteName=Oak&limit=10&offset=20')).json();
    expect(page1).toHaveLength(10);
    expect(page1[0].id).toBe(rows[22]!.id);
    expect(page1[0]).not.toHaveProperty('wizardData');
    expect(page1[0]).not.toHaveProperty('ranges');
    expect(page1[0]).not.toHaveProperty('pdfFileId');
    expect(page3.map((r: { hiuSerial: string }) => r.hiuSerial)).toEqual(['2', '1', '0']);
    expect((await admin.get('/api/reports?limit=100')).json()).toHaveLength(25);
    expect((await admin.get('/api/reports?limit=1000')).statusCode).toBe(422);
  });

  it('shows an engineer their own reports only, and a site by its id or its name', async () => {
    const { app, eng, admin } = await setup();
    const other = await signedIn(app, 'engineer');
    const rows = await insertReports([
      { userId: eng.userId, siteName: 'Ash' },
      { userId: other.userId },
      { userId: eng.userId },
    ]);
    expect((await eng.get('/api/reports')).json()).toHaveLength(2);
    expect((await other.get('/api/reports')).json()).toHaveLength(1);
    expect((await admin.get(`/api/reports?siteId=${rows[0]!.siteId}`)).json()).toHaveLength(1);
    expect((await admin.get('/api/reports?siteName=ASH')).json()).toHaveLength(1);
    expect((await admin.get('/api/reports?siteName=Nowhere')).json()).toHaveLength(0);
  });
});

describe('one report', () => {
  it('gives the detail to its author and to admins, 403 to another engineer, 404 for an unknown id', async () => {
    const { app, admin, eng, site, property } = await setup();
    const created = (
      await eng.post('/api/reports', submission(await uploadedPassingCheck(eng, site, property.id)))
    ).json();
    const other = await signedIn(app, 'engineer');
    expect((await eng.get(`/api/reports/${created.id}`)).statusCode).toBe(200);
    const detail = await admin.get(`/api/reports/${created.id}`);
    expect(detail.json()).toMatchObject({ ...created, wizardData: { siteName: 'Birch Court', hiuSerial: 'SN 881' } });
    expect((await other.get(`/api/reports/${created.id}`)).statusCode).toBe(403);
    expect((await admin.get(`/api/reports/${randomUUID()}`)).statusCode).toBe(404);
    expect((await admin.get('/api/reports/not-a-uuid')).statusCode).toBe(422);
  });

  it('downloads the stored PDF with its file name; 403 to another engineer; 404 unknown', async () => {
    const { app, admin, eng, site, property } = await setup();
    const created = (
      await eng.post(
        '/api/reports',
        submission(await uploadedPassingCheck(eng, site, property.id), { notes: 'Left running' }),
      )
    ).json();
    const res = await admin.get(`/api/reports/${created.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`attachment; filename="${created.pdfFilename}"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPdftotext) {
      const text = pdfText(res.rawPayload);
      expect(text).toContain('HIU COMMISSIONING REPORT');
      expect(text).toContain('OVERALL RESULT PASS');
      expect(text).toContain('Birch Court');
      expect(text).toContain('Flat 3, Birch House');
      expect(text).toContain('Flow Temperature 46 °C 45-48 °C PASS');
      expect(text).toContain('HIU front');
      expect(text).toContain('Additional Notes Left running');
    }
    expect((await eng.get(`/api/reports/${created.id}/pdf`)).statusCode).toBe(200);
    const other = await signedIn(app, 'engineer');
    expect((await other.get(`/api/reports/${created.id}/pdf`)).statusCode).toBe(403);
    expect((await admin.get(`/api/reports/${randomUUID()}/pdf`)).statusCode).toBe(404);
  });

  /** A stored report whose stored PDF is gone; `wizardData` replaces its stored data, as an older shape would. */
  async function reportWithoutItsPdf(wizardData?: unknown) {
    const { admin, eng, site, property } = await setup();
    const created = (
      await eng.post('/api/reports', submission(await uploadedPassingCheck(eng, site, property.id)))
    ).json();
    // Its PDF is built by the job queue after the answer: lose it once it is stored.
    await t.jobsSettled();
    const db = (await t.database()).db;
    await db.delete(files).where(eq(files.kind, 'pdf'));
    if (wizardData !== undefined)
      await db
        .update(reports)
        .set({ wizardData: wizardData as never })
        .where(eq(reports.id, created.id));
    return { admin, id: created.id as string };
  }

  it('builds the PDF again from the stored report if its stored copy is lost', async () => {
    const { admin, id } = await reportWithoutItsPdf();
    const res = await admin.get(`/api/reports/${id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await counts()).toEqual({ reports: 1, pdfs: 1 });
  });

  it('builds it again from stored data of an older shape, the missing parts empty', async () => {
    const { admin, id } = await reportWithoutItsPdf({});
    const res = await admin.get(`/api/reports/${id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await counts()).toEqual({ reports: 1, pdfs: 1 });
  });

  it('says so when the stored copy is lost and the stored data cannot build it again', async () => {
    const { admin, id } = await reportWithoutItsPdf({ initialChecks: 'unreadable' });
    const res = await admin.get(`/api/reports/${id}/pdf`);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: {
        code: 'pdf_unavailable',
        message: "This report's PDF is missing and could not be built again from its stored data.",
      },
    });
    expect(await counts()).toEqual({ reports: 1, pdfs: 0 });
  });
});

describe('GET /api/reports/export.csv', () => {
  it("exports a site's reports as the spec's CSV: file name, header, and each cell of a row", async () => {
    const { admin, eng, site, property } = await setup();
    const data = await uploadedPassingCheck(eng, site, property.id, {
      radiators: {
        roomChecks: {
          Hall: { valveSetting: '2.5', expectedValveSetting: '2.5' },
          Kitchen: { valveSetting: '3', expectedValveSetting: '2.5' },
        },
      },
    });
    await eng.post('/api/reports', submission(data, { notes: '=cmd "quoted", with comma' }));
    const res = await admin.get(`/api/reports/export.csv?siteName=${encodeURIComponent('Birch Court')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename="${reportsCsvFilename('Birch Court', new Date())}"`);
    expect(res.headers['content-disposition']).toMatch(/birch-court-reports-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      reportsCsvFileColumns(false)
        .map((c) => `"${c}"`)
        .join(','),
    );
    expect(lines[1]).toContain('"\'=cmd ""quoted"", with comma"');
    const parsed = Papa.parse<string[]>(res.body.trimEnd()).data;
    expect(parsed).toHaveLength(2);
    expect(Object.fromEntries(REPORT_CSV_COLUMNS.map((c, i) => [c, parsed[1]![i]]))).toEqual({
      'Property Address': 'Flat 3, Birch House',
      'Site Name': 'Birch Court',
      'Dwelling Type': '2b4p',
      'HIU Model': 'Evo 40',
      'HIU Serial': 'SN 881',
      'Engineer Name': 'Eddie Engineer',
      'Overall Status': 'FAIL',
      'Start Time': '02/03/2026, 09:00',
      'Completed At': '02/03/2026, 10:25',
      Duration: '1h 25m',
      'Meter Start Reading': '100.5',
      'Meter End Reading': '101.25',
      'Remote Cut Off Valve Serial': '12345',
      'Bypass Valve Closed': 'Yes',
      'Strainer Clean': 'Yes',
      'Transit Clips Removed': 'Yes',
      'Meter OK': 'Yes',
      'System Pressure': '1.2',
      'Standby Flow Temp': '46',
      'Standby Return Temp': '41',
      'Standby Flow Rate': '2.5',
      'Radiator Rooms Checked': 'Hall: 2.5 (expected 2.5); Kitchen: 3 (expected 2.5)',
      'Heating Secondary Flow Temp': '52',
      'Heating Secondary Return Temp': '42',
      'Heating Primary Flow Temp': '65',
      'Heating Primary Return Temp': '55',
      'Heating Power': '10',
      'CWS Temp': '11',
      'Reached 45C in 45s': 'Yes',
      'DHW Kitchen Tap Temp': '47',
      'DHW Primary Flow Temp': '60',
      'DHW Primary Return Temp': '50',
      'DHW Power': '15',
      'Photos Uploaded': '1 photo(s)',
      'Heating Controller Confirmed': 'Yes',
      'Signature Captured': 'Yes',
      Notes: '\'=cmd "quoted", with comma',
      'Time to 45C': '',
      '45C Answer Override Reason': '',
      'Steps Completed': '',
      'Location at Submit': '',
    });
    const record = Object.fromEntries(
      REPORT_RECORD_CSV_COLUMNS.map((c, i) => [c, parsed[1]![REPORT_CSV_COLUMNS.length + i]]),
    );
    expect(record).toEqual({
      'Report Reference': expect.stringMatching(/^HIU-\d{4}-\d{6}$/),
      'Review State': 'Awaiting review',
      Reviewer: '',
      'Decision Date': '',
      Block: '',
      Floor: '',
      Superseded: 'No',
    });
  });

  it('streams every report of a big site once, newest first, across batches and equal times', async () => {
    const { admin } = await setup();
    // Three reports a second, so batch boundaries fall between reports completed at the same time.
    const rows = await insertReports(
      Array.from({ length: 4321 }, (_, i) => ({
        siteName: 'Big',
        hiuSerial: `S${i}`,
        completedAt: new Date(Date.UTC(2026, 0, 1, 10, 0, Math.floor(i / 3))),
      })),
    );
    await insertReports([{ siteName: 'Other' }]);
    const newestFirst = [...rows].sort(
      (a, b) => b.completedAt.getTime() - a.completedAt.getTime() || (a.id < b.id ? 1 : -1),
    );
    const serial = REPORT_CSV_COLUMNS.indexOf('HIU Serial');
    // The first export builds the lines, the second reads them as kept.
    for (let i = 0; i < 2; i++) {
      const res = await admin.get('/api/reports/export.csv?siteName=Big');
      const parsed = Papa.parse<string[]>(res.body.trimEnd()).data.slice(1);
      expect(parsed.map((r) => r[serial])).toEqual(newestFirst.map((r) => r.hiuSerial));
    }
    // Each kept line carries its report's site and time, which the second export read them by.
    const db = (await t.database()).db;
    const kept = await db
      .select({ id: reportCsvLines.reportId, siteId: reportCsvLines.siteId, at: reportCsvLines.completedAt })
      .from(reportCsvLines);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(kept).toHaveLength(rows.length);
    for (const line of kept) {
      expect([line.siteId, line.at.getTime()]).toEqual([rows[0]!.siteId, byId.get(line.id)!.completedAt.getTime()]);
    }
  });

  it("exports a site's reports by its id, whatever name a report carries, the same before and after lines are kept", async () => {
    const { admin } = await setup();
    const rows = await insertReports([
      { siteName: 'Ash', hiuSerial: 'TYPED' },
      { siteName: 'Ash', hiuSerial: 'NAMED' },
      { siteName: 'Elm', hiuSerial: 'ELM' },
    ]);
    // One report carries another name (typed on an old phone, or the site renamed since): still Ash's.
    const db = (await t.database()).db;
    await db.update(reports).set({ siteName: 'Elm' }).where(eq(reports.id, rows[0]!.id));
    const first = await admin.get(`/api/reports/export.csv?siteId=${rows[0]!.siteId}`);
    const second = await admin.get('/api/reports/export.csv?siteName=ash');
    const serial = REPORT_CSV_COLUMNS.indexOf('HIU Serial');
    const serials = Papa.parse<string[]>(first.body.trimEnd())
      .data.slice(1)
      .map((r) => r[serial]);
    expect(serials).toEqual(['NAMED', 'TYPED']);
    expect(second.body).toBe(first.body);
    const elm = await admin.get('/api/reports/export.csv?siteName=Elm');
    expect(
      Papa.parse<string[]>(elm.body.trimEnd())
        .data.slice(1)
        .map((r) => r[serial]),
    ).toEqual(['ELM']);
  });

  it("gives the domain's file whether lines were kept at submit, built by the export, or of an old format", async () => {
    const { admin, eng, site, property } = await setup();
    const data = await uploadedPassingCheck(eng, site, property.id, {
      hiuSerial: '=SN "9", 1',
      radiators: {
        roomChecks: {
          Kitchen: { valveSetting: '3', expectedValveSetting: '2.5' },
          Hall: { valveSetting: '', expectedValveSetting: '2.5' },
        },
      },
      dhwChecks: { fortyFiveIn45: false, fortyFiveSeconds: '63.25', fortyFiveOverrideReason: 'Tap "half" open' },
      stepCompletedAt: { 'basic-info': '2026-03-02T09:10:00.000Z', dhw: '2026-03-02T10:05:00.000Z' },
      submitLocation: { latitude: 53.74446, longitude: -0.33525, accuracy: 9, at: '2026-03-02T10:24:30.000Z' },
    });
    const submitted = await eng.post('/api/reports', submission(data, { notes: 'Valve "stiff",\r\neased' }));
    expect(submitted.statusCode).toBe(201);
    // Reports stored before lines were kept: only the export can build theirs.
    await insertReports([
      { siteName: 'Birch Court', hiuSerial: 'OLD1', notes: '@old' },
      { siteName: 'Birch Court', hiuSerial: 'OLD2', startTime: '', completedAt: new Date('2026-07-01T23:30:00Z') },
    ]);
    const db = (await t.database()).db;
    const stored = await db
      .select()
      .from(reports)
      .where(eq(reports.siteName, 'Birch Court'))
      .orderBy(desc(reports.completedAt), desc(reports.id));
    // The domain's cells of each report, then its record as it is now (none of these was reviewed).
    const expected =
      quotedCsvLine(reportsCsvFileColumns(false)) +
      stored
        .map((r) =>
          quotedCsvLine([
            ...reportCsvRow({
              ...r,
              completedAt: r.completedAt.toISOString(),
              wizardData: wizardDataSchema.parse(r.wizardData),
            }),
            ...reportRecordCsvCells({ ...r, reviewerName: null, block: '', floor: '', superseded: false }),
          ]),
        )
        .join('');
    const lines = async () =>
      (await db.select().from(reportCsvLines).orderBy(reportCsvLines.reportId)).map((l) => [l.reportId, l.format]);
    const exported = async () => (await admin.get('/api/reports/export.csv?siteName=Birch%20Court')).body;

    expect(await lines()).toEqual([[submitted.json().id, REPORT_CSV_FORMAT]]);
    expect(await exported()).toBe(expected);
    // The export kept the two lines it built; the next one reads all three.
    expect(await lines()).toEqual(stored.map((r) => [r.id, REPORT_CSV_FORMAT]).sort());
    expect(await exported()).toBe(expected);
    // A line of another format is never used, but rebuilt and kept.
    await db.update(reportCsvLines).set({ format: REPORT_CSV_FORMAT - 1, line: 'stale\r\n' });
    expect(await exported()).toBe(expected);
    expect(await lines()).toEqual(stored.map((r) => [r.id, REPORT_CSV_FORMAT]).sort());
  });

  it('exports nothing for a site without reports (404), and only to admins (403)', async () => {
    const { admin, eng } = await setup();
    await insertReports([{ siteName: 'Oak', userId: eng.userId }]);
    const elm = await createSite(admin, { name: 'Elm' });
    const none = await admin.get(`/api/reports/export.csv?siteId=${elm.id}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('This site has no reports to export');
    expect((await eng.get('/api/reports/export.csv?siteName=Oak')).statusCode).toBe(403);
    expect((await admin.get('/api/reports/export.csv')).statusCode).toBe(422);
    const unknown = await admin.get('/api/reports/export.csv?siteName=Unknown%20Site');
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, 'Site not found']);
  });
});
