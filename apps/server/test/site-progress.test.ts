import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RANGES } from '@hiu/domain';
import { passingCheck, signedFailure } from '@hiu/domain/testing';
import { drafts, reports } from '../src/db/schema.js';
import { latestPerPropertyPage } from '../src/reports/read-repository.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { PNG, upload } from './helpers/report-files.js';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';

const t = useTestApp();

const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../../../packages/report-pdf/test/fixtures', name));

async function setup(addresses: string[]) {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer', { name: 'Eddie Engineer' });
  const other = await signedIn(app, 'engineer', { name: 'Olga Other' });
  const site = await createSite(admin, { name: `Birch ${randomUUID().slice(0, 6)}`, location: 'York' });
  const props: Record<string, { id: string; address: string }> = {};
  for (const address of addresses) props[address] = await createProperty(admin, site.id, { address });
  return { admin, eng, other, site, props };
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);

/** A report row as a submit stores it, for the tests that need many with chosen times. */
async function insertReport(
  site: { id: string; name: string },
  property: { id: string | null; address: string },
  status: 'PASS' | 'FAIL' | 'PENDING',
  completedAt: Date,
) {
  const id = randomUUID();
  await (await t.database()).db.insert(reports).values({
    id,
    siteId: site.id,
    propertyId: property.id,
    siteName: site.name,
    propertyAddress: property.address,
    dwellingType: '1b2p',
    hiuModel: 'Evo 40',
    hiuSerial: `SN-${id.slice(0, 4)}`,
    engineerName: 'Eddie Engineer',
    startTime: completedAt.toISOString(),
    completedAt,
    overallStatus: status,
    notes: '',
    failureReasons: [],
    ranges: DEFAULT_RANGES,
    wizardData: {} as never,
    pdfFilename: `HIU_${id}.pdf`,
  });
  return id;
}

/** A draft saved at `savedAt` by `who` for the property. */
async function insertDraft(who: TestClient, siteId: string, propertyId: string, savedAt: Date) {
  const id = randomUUID();
  await (await t.database()).db.insert(drafts).values({
    id,
    userId: who.userId,
    siteId,
    propertyId,
    currentStep: 'Initial Checks',
    wizardData: {} as never,
    lastSaved: savedAt,
  });
  return id;
}

/** A check that failed at step 2 (bypass valve open), signed by `who` as the failure evidence screen asks. */
const deviceFailure = async (who: TestClient, site: { id: string; name: string }, propertyId: string) =>
  signedFailure(2, await upload(who, 'signature', PNG), { site, propertyId, initialChecks: { bypassClosed: false } });

async function statuses(who: TestClient, siteId: string, query = '') {
  const res = await who.get(`/api/properties?siteId=${siteId}&limit=50${query}`);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { items: { address: string; status: string }[]; total: number };
  return { total: body.total, byAddress: Object.fromEntries(body.items.map((p) => [p.address, p.status])) };
}

describe('where each property stands', () => {
  it("marks each property by its latest report, or in progress when anyone's draft is newer", async () => {
    const { eng, other, site, props } = await setup([
      'Flat 1',
      'Flat 2',
      'Flat 3',
      'Flat 4',
      'Flat 5',
      'Flat 6',
      'Flat 7',
    ]);
    await insertReport(site, props['Flat 2']!, 'PASS', hoursAgo(5));
    // Failed, then re-tested and passed: the latest counts.
    await insertReport(site, props['Flat 3']!, 'FAIL', hoursAgo(30));
    await insertReport(site, props['Flat 3']!, 'PASS', hoursAgo(3));
    // Passed, then re-tested and failed.
    await insertReport(site, props['Flat 4']!, 'PASS', hoursAgo(30));
    await insertReport(site, props['Flat 4']!, 'FAIL', hoursAgo(2));
    // Another engineer's draft, no report yet.
    await insertDraft(other, site.id, props['Flat 5']!.id, hoursAgo(1));
    // Failed and a re-test under way.
    await insertReport(site, props['Flat 6']!, 'FAIL', hoursAgo(4));
    await insertDraft(eng, site.id, props['Flat 6']!.id, hoursAgo(1));
    // A leftover draft from before the latest report does not make it "in progress".
    await insertDraft(eng, site.id, props['Flat 7']!.id, hoursAgo(6));
    await insertReport(site, props['Flat 7']!, 'PENDING', hoursAgo(5));

    const { byAddress, total } = await statuses(eng, site.id);
    expect(total).toBe(7);
    expect(byAddress).toEqual({
      'Flat 1': 'not_started',
      'Flat 2': 'passed',
      'Flat 3': 'passed',
      'Flat 4': 'failed',
      'Flat 5': 'in_progress',
      'Flat 6': 'in_progress',
      'Flat 7': 'pending',
    });
  });

  it('filters a site to one status on the server, with search and paging, and counts the match', async () => {
    const addresses = Array.from({ length: 12 }, (_, i) => `Flat ${String(i + 1).padStart(2, '0')}`);
    const { eng, site, props } = await setup(addresses);
    // Flats 01-05 passed, 06-07 failed (07 after an earlier pass), 08 in progress, 09-12 not started.
    for (const a of addresses.slice(0, 5)) await insertReport(site, props[a]!, 'PASS', hoursAgo(2));
    await insertReport(site, props['Flat 06']!, 'FAIL', hoursAgo(2));
    await insertReport(site, props['Flat 07']!, 'PASS', hoursAgo(9));
    await insertReport(site, props['Flat 07']!, 'FAIL', hoursAgo(2));
    await insertDraft(eng, site.id, props['Flat 08']!.id, hoursAgo(1));

    const notStarted = await statuses(eng, site.id, '&status=not_started');
    expect(notStarted).toEqual({
      total: 4,
      byAddress: {
        'Flat 09': 'not_started',
        'Flat 10': 'not_started',
        'Flat 11': 'not_started',
        'Flat 12': 'not_started',
      },
    });
    expect(await statuses(eng, site.id, '&status=failed')).toEqual({
      total: 2,
      byAddress: { 'Flat 06': 'failed', 'Flat 07': 'failed' },
    });
    expect((await statuses(eng, site.id, '&status=failed&q=07')).byAddress).toEqual({ 'Flat 07': 'failed' });

    const page2 = (await eng.get(`/api/properties?siteId=${site.id}&status=not_started&limit=3&offset=3`)).json();
    expect(page2).toMatchObject({ total: 4, items: [{ address: 'Flat 12', status: 'not_started' }] });
    const beyond = (await eng.get(`/api/properties?siteId=${site.id}&status=not_started&limit=3&offset=9`)).json();
    expect(beyond).toEqual({ items: [], total: 4 });

    const bad = await eng.get(`/api/properties?siteId=${site.id}&status=done`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toHaveProperty('status');
  });

  it("counts a site's progress: commissioned (latest passed), failed, incomplete, in progress, not started", async () => {
    const { eng, admin, site, props } = await setup(['A', 'B', 'C', 'D', 'E', 'F']);
    await insertReport(site, props.A!, 'PASS', hoursAgo(2));
    await insertReport(site, props.B!, 'FAIL', hoursAgo(9));
    await insertReport(site, props.B!, 'PASS', hoursAgo(2));
    await insertReport(site, props.C!, 'FAIL', hoursAgo(2));
    await insertReport(site, props.D!, 'PENDING', hoursAgo(2));
    await insertDraft(eng, site.id, props.E!.id, hoursAgo(1));
    // Another site's reports do not count here.
    const elsewhere = await createSite(admin, { name: 'Elsewhere' });
    const there = await createProperty(admin, elsewhere.id, { address: 'A' });
    await insertReport(elsewhere, there, 'FAIL', hoursAgo(1));

    const res = await eng.get(`/api/sites/${site.id}/progress`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total: 6, passed: 2, failed: 1, pending: 1, inProgress: 1, notStarted: 1 });

    const empty = await createSite(admin, { name: 'Empty' });
    expect((await eng.get(`/api/sites/${empty.id}/progress`)).json()).toEqual({
      total: 0,
      passed: 0,
      failed: 0,
      pending: 0,
      inProgress: 0,
      notStarted: 0,
    });
    expect((await eng.get(`/api/sites/${randomUUID()}/progress`)).statusCode).toBe(404);
  });
});

describe('re-testing a failed property', () => {
  it('stores the re-test as a new report beside the failed one; each keeps its own PDF', async () => {
    const { eng, admin, site, props } = await setup(['Flat 3, Birch House']);
    const property = props['Flat 3, Birch House']!;
    const failed = await eng.post('/api/reports', {
      id: randomUUID(),
      wizardData: await deviceFailure(eng, site, property.id),
      notes: '',
      failedStep: 2,
      completedAt: hoursAgo(26).toISOString(),
    });
    expect(failed.statusCode).toBe(201);
    expect((await statuses(eng, site.id)).byAddress).toEqual({ 'Flat 3, Birch House': 'failed' });

    // The re-test: a draft first (in progress), then the passing report.
    const draftId = randomUUID();
    const draft = await eng.post('/api/drafts', {
      id: draftId,
      siteId: site.id,
      propertyId: property.id,
      currentStep: 'Initial Checks',
      wizardData: passingCheck({ site, propertyId: property.id, photoId: randomUUID(), signatureId: randomUUID() }),
    });
    expect(draft.statusCode).toBe(200);
    expect((await statuses(eng, site.id)).byAddress).toEqual({ 'Flat 3, Birch House': 'in_progress' });

    const photo = randomUUID();
    const signature = randomUUID();
    for (const [id, kind, file, type] of [
      [photo, 'photo', 'photo.jpg', 'image/jpeg'],
      [signature, 'signature', 'signature.png', 'image/png'],
    ] as const) {
      const up = await eng.put(`/api/files/${id}?kind=${kind}`, fixture(file), { 'content-type': type });
      expect(up.statusCode).toBe(201);
    }
    const passed = await eng.post('/api/reports', {
      id: randomUUID(),
      wizardData: passingCheck({ site, propertyId: property.id, photoId: photo, signatureId: signature }),
      notes: '',
      failedStep: null,
      completedAt: new Date().toISOString(),
    });
    expect(passed.statusCode).toBe(201);
    await eng.delete(`/api/drafts/${draftId}`);

    expect((await statuses(eng, site.id)).byAddress).toEqual({ 'Flat 3, Birch House': 'passed' });
    expect((await eng.get(`/api/sites/${site.id}/progress`)).json()).toMatchObject({ total: 1, passed: 1, failed: 0 });

    const latest = (await admin.get(`/api/reports/latest?siteName=${encodeURIComponent(site.name)}`)).json();
    expect(latest).toMatchObject({
      total: 1,
      items: [{ id: passed.json().id, overallStatus: 'PASS', earlierReports: 1 }],
    });
    const earlier = (await admin.get(`/api/reports/${passed.json().id}/earlier`)).json();
    expect(earlier).toMatchObject([{ id: failed.json().id, overallStatus: 'FAIL', failedStep: 2 }]);
    for (const id of [failed.json().id, passed.json().id]) {
      const pdf = await admin.get(`/api/reports/${id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it("gives each property its latest report's HIU model and serial, for a re-test to start from", async () => {
    const { eng, site, props } = await setup(['Flat 1', 'Flat 2']);
    const failure = await deviceFailure(eng, site, props['Flat 1']!.id);
    const filed = await eng.post('/api/reports', {
      id: randomUUID(),
      wizardData: { ...failure, hiuModel: 'Vital 2', hiuSerial: 'SN-7781' },
      notes: '',
      failedStep: 2,
      completedAt: hoursAgo(1).toISOString(),
    });
    expect(filed.statusCode).toBe(201);
    for (const query of ['', '&status=failed']) {
      const listed = (await eng.get(`/api/properties?siteId=${site.id}&limit=50${query}`)).json();
      const byAddress = Object.fromEntries(
        (listed.items as { address: string; latestHiuModel: string | null; latestHiuSerial: string | null }[]).map(
          (p) => [p.address, [p.latestHiuModel, p.latestHiuSerial]],
        ),
      );
      expect(byAddress['Flat 1']).toEqual(['Vital 2', 'SN-7781']);
      if (!query) expect(byAddress['Flat 2']).toEqual([null, null]);
    }
  });

  it("does not count a report on another site's property (the report keeps no link to it)", async () => {
    const { eng, admin, site } = await setup([]);
    const elsewhere = await createSite(admin, { name: 'Elsewhere' });
    const theirs = await createProperty(admin, elsewhere.id, { address: 'Flat 1' });
    const res = await eng.post('/api/reports', {
      id: randomUUID(),
      wizardData: await deviceFailure(eng, site, theirs.id),
      notes: '',
      failedStep: 2,
      completedAt: hoursAgo(1).toISOString(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ siteId: site.id, propertyId: null });
    expect((await statuses(eng, elsewhere.id)).byAddress).toEqual({ 'Flat 1': 'not_started' });
  });
});

describe("abandoned checks: an admin sees and discards a property's drafts", () => {
  it("lists anyone's drafts of the property, newest first, and says which make it in progress", async () => {
    const { admin, eng, other, site, props } = await setup(['Flat 1', 'Flat 2']);
    const [before, after] = [hoursAgo(30), hoursAgo(10)];
    const leftover = await insertDraft(eng, site.id, props['Flat 1']!.id, before);
    await insertReport(site, props['Flat 1']!, 'FAIL', hoursAgo(20));
    const abandoned = await insertDraft(other, site.id, props['Flat 1']!.id, after);
    await insertDraft(eng, site.id, props['Flat 2']!.id, hoursAgo(1));

    const res = await admin.get(`/api/properties/${props['Flat 1']!.id}/drafts`);
    expect(res.statusCode).toBe(200);
    const step = 'Initial Checks';
    expect(res.json()).toEqual([
      {
        id: abandoned,
        engineerName: 'Olga Other',
        currentStep: step,
        lastSaved: after.toISOString(),
        inProgress: true,
      },
      {
        id: leftover,
        engineerName: 'Eddie Engineer',
        currentStep: step,
        lastSaved: before.toISOString(),
        inProgress: false,
      },
    ]);
    expect((await admin.get(`/api/properties/${randomUUID()}/drafts`)).statusCode).toBe(404);
  });

  it('discards one draft: the property stops being in progress, other drafts and reports stay', async () => {
    const { admin, eng, other, site, props } = await setup(['Flat 1', 'Flat 2']);
    await insertReport(site, props['Flat 1']!, 'FAIL', hoursAgo(20));
    const abandoned = await insertDraft(other, site.id, props['Flat 1']!.id, hoursAgo(10));
    const kept = await insertDraft(eng, site.id, props['Flat 2']!.id, hoursAgo(1));
    expect((await statuses(admin, site.id)).byAddress).toEqual({ 'Flat 1': 'in_progress', 'Flat 2': 'in_progress' });

    const url = `/api/properties/${props['Flat 1']!.id}/drafts/${abandoned}`;
    expect((await admin.delete(url)).statusCode).toBe(204);
    expect((await statuses(admin, site.id)).byAddress).toEqual({ 'Flat 1': 'failed', 'Flat 2': 'in_progress' });
    expect((await admin.get(`/api/properties/${props['Flat 1']!.id}/drafts`)).json()).toEqual([]);
    // Gone is gone; and another property's draft is not this property's to discard.
    expect((await admin.delete(url)).statusCode).toBe(404);
    const wrong = await admin.delete(`/api/properties/${props['Flat 1']!.id}/drafts/${kept}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.message).toBe('Draft not found');
    expect((await admin.delete(`/api/properties/${props['Flat 1']!.id}/drafts/not-a-uuid`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/properties/${randomUUID()}/drafts/${kept}`)).json().error.message).toBe(
      'Property not found',
    );
    expect((await admin.get(`/api/properties/${props['Flat 2']!.id}/drafts`)).json()).toMatchObject([{ id: kept }]);
  });

  it('is for admins only', async () => {
    const { eng, site, props } = await setup(['Flat 1']);
    const mine = await insertDraft(eng, site.id, props['Flat 1']!.id, hoursAgo(1));
    expect((await eng.get(`/api/properties/${props['Flat 1']!.id}/drafts`)).statusCode).toBe(403);
    expect((await eng.delete(`/api/properties/${props['Flat 1']!.id}/drafts/${mine}`)).statusCode).toBe(403);
  });
});

describe('reports screen: latest result per property with its history', () => {
  it("pages a site's latest report per property, newest first, with the number of earlier reports", async () => {
    const { admin, site, props } = await setup(['Flat 1', 'Flat 2', 'Flat 3']);
    const f1old = await insertReport(site, props['Flat 1']!, 'FAIL', hoursAgo(50));
    const f1mid = await insertReport(site, props['Flat 1']!, 'FAIL', hoursAgo(40));
    const f1new = await insertReport(site, props['Flat 1']!, 'PASS', hoursAgo(1));
    const f2 = await insertReport(site, props['Flat 2']!, 'FAIL', hoursAgo(3));
    const f3old = await insertReport(site, props['Flat 3']!, 'PENDING', hoursAgo(20));
    const f3new = await insertReport(site, props['Flat 3']!, 'PASS', hoursAgo(2));
    // The same address on another site is another property.
    const other = (await admin.post('/api/sites', { name: 'Other Site', location: 'Hull' })).json();
    await insertReport(other, { id: null, address: 'Flat 1' }, 'PASS', hoursAgo(0.5));

    const url = (q: string) => `/api/reports/latest?siteName=${encodeURIComponent(site.name)}${q}`;
    const all = (await admin.get(url(''))).json();
    expect(all.total).toBe(3);
    expect(all.items.map((r: { id: string; earlierReports: number }) => [r.id, r.earlierReports])).toEqual([
      [f1new, 2],
      [f3new, 1],
      [f2, 0],
    ]);
    const second = (await admin.get(url('&limit=2&offset=2'))).json();
    expect(second).toMatchObject({ total: 3, items: [{ id: f2 }] });
    expect((await admin.get(url('&limit=2&offset=6'))).json()).toEqual({ items: [], total: 3 });

    const history = (await admin.get(`/api/reports/${f1new}/earlier`)).json();
    expect(history.map((r: { id: string }) => r.id)).toEqual([f1mid, f1old]);
    expect(history[0]).not.toHaveProperty('wizardData');
    expect((await admin.get(`/api/reports/${f1mid}/earlier`)).json().map((r: { id: string }) => r.id)).toEqual([f1old]);
    expect((await admin.get(`/api/reports/${f3old}/earlier`)).json()).toEqual([]);
    expect((await admin.get(`/api/reports/${randomUUID()}/earlier`)).statusCode).toBe(404);
  });

  it("reads a site's latest report per property from one range of an index, without sorting its reports", async () => {
    const { site, props } = await setup(['Flat 1', 'Flat 2']);
    for (const h of [5, 4, 3]) await insertReport(site, props['Flat 1']!, 'FAIL', hoursAgo(h));
    await insertReport(site, props['Flat 2']!, 'PASS', hoursAgo(1));
    const { db } = await t.database();
    const { page } = latestPerPropertyPage(db, { siteId: site.id, limit: 50, offset: 0 });
    // A few test rows would make a table scan cheaper; the plan that a big site gets is what is checked.
    const plan = await db.transaction(async (tx) => {
      for (const off of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])
        await tx.execute(sql.raw(`SET LOCAL ${off} = off`));
      const { rows } = (await tx.execute(sql`EXPLAIN ${page.getSQL()}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index (Only )?Scan using reports_site_property_latest_idx/);
    // One sort only: the page's top rows among the properties, never the site's reports.
    expect(plan.match(/Sort Key/g)).toHaveLength(1);
    expect(plan).toMatch(/Sort Key: latest\.completed_at DESC, latest\.id DESC/);
  });

  it("keeps a deleted property's history together by its address", async () => {
    const { admin, site, props } = await setup(['Flat 9']);
    const first = await insertReport(site, props['Flat 9']!, 'FAIL', hoursAgo(10));
    const second = await insertReport(site, props['Flat 9']!, 'PASS', hoursAgo(1));
    expect((await admin.delete(`/api/properties/${props['Flat 9']!.id}`)).statusCode).toBe(204);
    const latest = (await admin.get(`/api/reports/latest?siteName=${encodeURIComponent(site.name)}`)).json();
    expect(latest).toMatchObject({ total: 1, items: [{ id: second, earlierReports: 1, propertyId: null }] });
    expect((await admin.get(`/api/reports/${second}/earlier`)).json()).toMatchObject([{ id: first }]);
  });

  it('exports every report of the site to CSV, history included', async () => {
    const { admin, site, props } = await setup(['Flat 1']);
    await insertReport(site, props['Flat 1']!, 'FAIL', hoursAgo(10));
    await insertReport(site, props['Flat 1']!, 'PASS', hoursAgo(1));
    const res = await admin.get(`/api/reports/export.csv?siteName=${encodeURIComponent(site.name)}`);
    expect(res.statusCode).toBe(200);
    const rows = Papa.parse<Record<string, string>>(res.body.trim(), { header: true }).data;
    expect(rows.map((r) => [r['Property Address'], r['Overall Status']])).toEqual([
      ['Flat 1', 'PASS'],
      ['Flat 1', 'FAIL'],
    ]);
  });

  it('lets only admins read the latest list and the history', async () => {
    const { eng, site, props } = await setup(['Flat 1']);
    const id = await insertReport(site, props['Flat 1']!, 'PASS', hoursAgo(1));
    expect((await eng.get(`/api/reports/latest?siteName=${encodeURIComponent(site.name)}`)).statusCode).toBe(403);
    expect((await eng.get(`/api/reports/${id}/earlier`)).statusCode).toBe(403);
  });
});
