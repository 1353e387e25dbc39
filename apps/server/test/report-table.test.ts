import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RANGES,
  REPORT_TABLE_SORTS,
  type ReportTablePage,
  type ReportTableRow,
  type WizardDataInput,
} from '@hiu/domain';
import { passingCheck } from '@hiu/domain/testing';
import { properties, reports } from '../src/db/schema.js';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { JPEG, PNG, upload } from './helpers/report-files.js';

const t = useTestApp();

type Verdict = 'PASS' | 'FAIL' | 'PENDING';

async function flats(siteId: string, count: number) {
  const db = (await t.database()).db;
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    siteId,
    address: `Flat ${String(i + 1).padStart(2, '0')}`,
    propertyType: '1b2p',
  }));
  await db.insert(properties).values(rows);
  return rows;
}

/** A report row as a submit stores it, filed under the site (by id) and one of its flats. */
async function report(
  site: { id: string; name: string },
  propertyId: string,
  r: { status?: Verdict; at: string; engineer?: string; serial?: string; reasons?: string[] },
) {
  const db = (await t.database()).db;
  const id = randomUUID();
  await db.insert(reports).values({
    id,
    siteId: site.id,
    propertyId,
    siteName: site.name,
    propertyAddress: 'as filed',
    dwellingType: '1b2p',
    hiuModel: 'M1',
    hiuSerial: r.serial ?? 'A100',
    engineerName: r.engineer ?? 'Eddie Engineer',
    startTime: r.at,
    completedAt: new Date(r.at),
    overallStatus: r.status ?? 'PASS',
    notes: '',
    failureReasons: r.reasons ?? [],
    ranges: DEFAULT_RANGES,
    wizardData: {} as never,
    pdfFilename: 'HIU.pdf',
  });
  return id;
}

async function table(admin: TestClient, query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const res = await admin.get(`/api/reports/table?${params}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportTablePage;
}

/** Every page after page, following `next`: every row the filters keep, in the order served. */
async function walk(admin: TestClient, query: Record<string, string | number | undefined>) {
  const seen: ReportTableRow[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await table(admin, { ...query, after });
    seen.push(...page.items);
    if (!page.next) return seen;
    after = page.next;
  }
  throw new Error('too many pages');
}

async function setup() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  return { app, admin };
}

describe('GET /api/reports/by-site and /api/reports/table: sites by identity', () => {
  it('keeps apart two sites that were once named alike', async () => {
    const { admin } = await setup();
    const york = await createSite(admin, { name: 'Oak Court', location: 'York' });
    const [y] = await flats(york.id, 1);
    await report(york, y!.id, { status: 'FAIL', at: '2026-03-01T10:00:00Z' });
    // Site names are unique: the name is free again once York's site is renamed.
    expect((await admin.post('/api/sites', { name: 'oak court', location: 'Leeds' })).statusCode).toBe(409);
    expect((await admin.patch(`/api/sites/${york.id}`, { name: 'Oak Court York' })).statusCode).toBe(200);
    const leeds = await createSite(admin, { name: 'Oak Court', location: 'Leeds' });
    const [l1, l2] = await flats(leeds.id, 2);
    await report(leeds, l1!.id, { at: '2026-03-01T10:00:00Z' });
    await report(leeds, l2!.id, { at: '2026-03-01T11:00:00Z' });

    const sites = (await admin.get('/api/reports/by-site')).json();
    // Each with its reports counted by verdict, as the collapsed site shows them.
    expect(sites).toEqual([
      { siteId: leeds.id, siteName: 'Oak Court', location: 'Leeds', reports: 2, passed: 2, failed: 0 },
      { siteId: york.id, siteName: 'Oak Court York', location: 'York', reports: 1, passed: 0, failed: 1 },
    ]);
    const yorkTable = await table(admin, { siteId: york.id });
    expect(yorkTable.items.map((r) => r.propertyId)).toEqual([y!.id]);
    expect(yorkTable.counts).toEqual({ total: 1, passed: 0, failed: 1, pending: 0, notTested: 0 });
    const leedsTable = await table(admin, { siteId: leeds.id });
    expect(leedsTable.counts).toEqual({ total: 2, passed: 2, failed: 0, pending: 0, notTested: 0 });
  });

  it("keeps a renamed site's reports with it, under its new name", async () => {
    const { admin } = await setup();
    const site = await createSite(admin, { name: 'Elm Yard', location: 'Hull' });
    const [flat] = await flats(site.id, 1);
    const id = await report(site, flat!.id, { at: '2026-03-01T10:00:00Z' });
    expect((await admin.patch(`/api/sites/${site.id}`, { name: 'Elm Yard North' })).statusCode).toBe(200);

    expect((await admin.get('/api/reports/by-site')).json()).toEqual([
      { siteId: site.id, siteName: 'Elm Yard North', location: 'Hull', reports: 1, passed: 1, failed: 0 },
    ]);
    const page = await table(admin, { siteId: site.id });
    expect(page.items.map((r) => r.report?.id)).toEqual([id]);
  });

  it('lists a site without reports nowhere, and its flats as not tested when asked', async () => {
    const { admin } = await setup();
    const site = await createSite(admin);
    await flats(site.id, 3);
    expect((await admin.get('/api/reports/by-site')).json()).toEqual([]);
    const page = await table(admin, { siteId: site.id });
    expect(page.items.map((r) => r.verdict)).toEqual(['not_tested', 'not_tested', 'not_tested']);
    expect(page.counts.notTested).toBe(3);
  });
});

describe('GET /api/reports/table: current state per flat', () => {
  it('counts a failure superseded by a pass as passed, and a pass followed by a failed re-test as failed', async () => {
    const { admin } = await setup();
    const site = await createSite(admin);
    const [fixed, broken, untested] = await flats(site.id, 3);
    await report(site, fixed!.id, { status: 'FAIL', at: '2026-03-01T10:00:00Z', reasons: ['No signature provided'] });
    const pass = await report(site, fixed!.id, { status: 'PASS', at: '2026-03-02T10:00:00Z' });
    await report(site, broken!.id, { status: 'PASS', at: '2026-03-01T10:00:00Z' });
    await report(site, broken!.id, { status: 'FAIL', at: '2026-03-03T10:00:00Z', reasons: ['No signature provided'] });

    const page = await table(admin, { siteId: site.id });
    expect(page.counts).toEqual({ total: 3, passed: 1, failed: 1, pending: 0, notTested: 1 });
    const byId = new Map(page.items.map((r) => [r.propertyId, r]));
    expect(byId.get(fixed!.id)).toMatchObject({
      verdict: 'passed',
      report: { id: pass, failures: [], earlierReports: 1 },
    });
    expect(byId.get(broken!.id)).toMatchObject({
      verdict: 'failed',
      report: { failures: ['No signature provided'], earlierReports: 1 },
    });
    expect(byId.get(untested!.id)).toMatchObject({ verdict: 'not_tested', report: null });
    const failed = await table(admin, { siteId: site.id, verdict: 'failed' });
    expect(failed.items.map((r) => r.propertyId)).toEqual([broken!.id]);
    expect(failed.total).toBe(1);
  });

  it('shows a submitted failure with its readings and the ranges they were judged against', async () => {
    const { app, admin } = await setup();
    const eng = await signedIn(app, 'engineer', { name: 'Fay Fitter' });
    const site = await createSite(admin, { name: 'Birch Court' });
    const flat = await createProperty(admin, site.id, { address: 'Flat 3, Birch House' });
    const data: WizardDataInput = passingCheck({
      site,
      propertyId: flat.id,
      address: flat.address,
      photoId: await upload(eng, 'photo', JPEG),
      signatureId: await upload(eng, 'signature', PNG),
      heatingMode: { tertiaryFlow: '90' },
    });
    const res = await eng.post('/api/reports', {
      id: randomUUID(),
      wizardData: data,
      notes: 'Too hot',
      completedAt: '2026-03-02T10:25:00.000Z',
    });
    expect(res.statusCode, res.body).toBe(201);

    const [row] = (await table(admin, { siteId: site.id })).items;
    expect(row).toMatchObject({ verdict: 'failed', report: { engineerName: 'Fay Fitter' } });
    expect(row!.report!.failures).toEqual(['Tertiary Flow Temperature out of range: 90 °C (expected 50-55 °C)']);
  });
});

describe('GET /api/reports/table: keyset pages', () => {
  const ENGINEERS = ['alice', 'Bob', 'carol'];
  const STATUSES: Verdict[] = ['PASS', 'FAIL', 'PENDING', 'PASS'];

  /** 23 flats: most tested (some twice), verdicts, engineers, serials and times mixed, ties included. */
  async function mixedSite(admin: TestClient) {
    const site = await createSite(admin);
    const all = await flats(site.id, 23);
    for (const [i, flat] of all.entries()) {
      if (i % 6 === 5) continue; // not tested
      if (i % 4 === 0) await report(site, flat.id, { status: 'FAIL', at: '2026-01-01T08:00:00Z' });
      await report(site, flat.id, {
        status: STATUSES[i % STATUSES.length],
        // Every third shares a time with another: ties fall to the address.
        at: new Date(Date.UTC(2026, 1, 1 + (i % 7), 9, 0, 0, i % 3 === 0 ? 0 : i)).toISOString(),
        engineer: ENGINEERS[i % ENGINEERS.length],
        serial: `S${String((i * 7) % 5)}`,
      });
    }
    return { site, all };
  }

  const RANK = { failed: 0, pending: 1, passed: 2, not_tested: 3 };
  const keyOf: Record<(typeof REPORT_TABLE_SORTS)[number], (r: ReportTableRow) => [number, string]> = {
    address: (r) => [0, r.address],
    verdict: (r) => [0, String(RANK[r.verdict])],
    engineer: (r) => (r.report ? [0, r.report.engineerName.toLowerCase()] : [1, '']),
    serial: (r) => (r.report ? [0, r.report.hiuSerial.toLowerCase()] : [1, '']),
    completed: (r) => (r.report ? [0, r.report.completedAt] : [1, '']),
  };
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  for (const sort of REPORT_TABLE_SORTS) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`walking every page sorted by ${sort} ${dir} returns every flat once, in order`, async () => {
        const { admin } = await setup();
        const { site, all } = await mixedSite(admin);
        const whole = (await table(admin, { siteId: site.id, sort, dir, limit: 100 })).items;
        const walked = await walk(admin, { siteId: site.id, sort, dir, limit: 4 });
        expect(walked.map((r) => r.propertyId).sort()).toEqual(all.map((f) => f.id).sort());
        const sign = dir === 'asc' ? 1 : -1;
        const expected = [...whole].sort((a, b) => {
          const [ga, ka] = keyOf[sort](a);
          const [gb, kb] = keyOf[sort](b);
          return ga - gb || sign * cmp(ka, kb) || sign * cmp(a.address, b.address);
        });
        expect(walked.map((r) => r.address)).toEqual(expected.map((r) => r.address));
      });
    }
  }

  it('filters and walks together: each filtered page keeps the total of all matching rows', async () => {
    const { admin } = await setup();
    const { site } = await mixedSite(admin);
    const first = await table(admin, { siteId: site.id, verdict: 'passed', limit: 2 });
    const walked = await walk(admin, { siteId: site.id, verdict: 'passed', limit: 2 });
    expect(walked.length).toBe(first.total);
    expect(walked.every((r) => r.verdict === 'passed')).toBe(true);
    expect(first.counts.total).toBe(23);
  });

  it('answers a page position it did not give with a clear message', async () => {
    const { admin } = await setup();
    const site = await createSite(admin);
    const res = await admin.get(`/api/reports/table?siteId=${site.id}&after=nonsense`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { after: 'Not a page position' } });
  });
});

describe('GET /api/reports/table: filters and search', () => {
  async function site3(admin: TestClient) {
    const site = await createSite(admin);
    const [a, b, c] = await flats(site.id, 3);
    // 23:30 UTC on 1 June is 00:30 on 2 June in London (summer time): the screen's dates are London's.
    await report(site, a!.id, { at: '2026-06-01T23:30:00Z', engineer: 'Alice Ames', serial: 'KX-7781' });
    await report(site, b!.id, { status: 'FAIL', at: '2026-06-03T12:00:00Z', engineer: 'Bob Brown', serial: 'LZ-100' });
    await report(site, c!.id, { at: '2026-06-05T12:00:00Z', engineer: 'Alice Ames', serial: 'MM-2' });
    return { site, a: a!, b: b!, c: c! };
  }
  const ids = (p: ReportTablePage) => p.items.map((r) => r.propertyId);

  it('filters by engineer (any case), by London dates, and searches address or serial', async () => {
    const { admin } = await setup();
    const { site, a, b, c } = await site3(admin);
    expect(ids(await table(admin, { siteId: site.id, engineer: 'alice ames' }))).toEqual([a.id, c.id]);
    expect(ids(await table(admin, { siteId: site.id, from: '2026-06-02', to: '2026-06-03' }))).toEqual([a.id, b.id]);
    expect(ids(await table(admin, { siteId: site.id, to: '2026-06-01' }))).toEqual([]);
    expect(ids(await table(admin, { siteId: site.id, q: 'lz-1' }))).toEqual([b.id]);
    expect(ids(await table(admin, { siteId: site.id, q: 'flat 03' }))).toEqual([c.id]);
    expect(ids(await table(admin, { siteId: site.id, q: '%' }))).toEqual([]);
    const both = await table(admin, { siteId: site.id, engineer: 'Alice Ames', verdict: 'passed', q: 'MM' });
    expect(ids(both)).toEqual([c.id]);
    expect(both.total).toBe(1);
    expect(both.counts).toEqual({ total: 3, passed: 2, failed: 1, pending: 0, notTested: 0 });
    expect(both.engineers).toEqual(['Alice Ames', 'Bob Brown']);
  });

  it('refuses bad filters with a message naming the field, and engineers', async () => {
    const { app, admin } = await setup();
    const site = await createSite(admin);
    const bad = async (query: string) => (await admin.get(`/api/reports/table?${query}`)).json().error;
    expect(await bad('siteId=x')).toMatchObject({ code: 'validation_failed', fields: { siteId: 'Choose a site' } });
    expect(await bad(`siteId=${site.id}&from=2026-06-05&to=2026-06-01`)).toMatchObject({
      fields: { to: 'From must be on or before To' },
    });
    expect(await bad(`siteId=${site.id}&from=yesterday`)).toMatchObject({
      fields: { from: 'Use a date as YYYY-MM-DD' },
    });
    expect(await bad(`siteId=${site.id}&sort=price`)).toMatchObject({ code: 'validation_failed' });
    const eng = await signedIn(app, 'engineer');
    expect((await eng.get(`/api/reports/table?siteId=${site.id}`)).statusCode).toBe(403);
    expect((await eng.get('/api/reports/by-site')).statusCode).toBe(403);
  });
});
