import { createHash, randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { dwellingsSchema, type WitnessRecord } from '@hiu/domain';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { hasPdftotext, pdfText, PNG } from './helpers/report-files.js';
import { blackPng } from './helpers/images.js';
import { auditOf, submitPassingReport } from './helpers/team.js';

// The assessor, witness records and the sampling plan (docs/product.md#witnessing-and-sampling), on both databases.
const t = useTestApp();
const dataUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;

async function siteWithAssessor() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const supervisor = await signedIn(app, 'supervisor');
  const assessor = await signedIn(app, 'assessor', { name: 'Alex Assessor' });
  const site = await createSite(admin, { name: `Witness ${randomUUID().slice(0, 8)}` });
  for (const who of [supervisor, assessor]) await admin.put(`/api/sites/${site.id}/members/${who.userId}`);
  return { app, admin, eng, supervisor, assessor, site };
}

async function approvedReport(
  eng: TestClient,
  supervisor: TestClient,
  site: { id: string; name: string },
  address: string,
) {
  const flat = await createPropertyAs(site.id, address);
  const id = await submitPassingReport(eng, site, flat.id);
  expect((await supervisor.post(`/api/reports/${id}/review`, { decision: 'approve' })).statusCode).toBe(200);
  return { flat, id };
}
let adminForFlats: TestClient;
const createPropertyAs = (siteId: string, address: string, propertyType = '2b4p') =>
  createProperty(adminForFlats, siteId, { address, block: 'A', propertyType });

describe('the assessor', () => {
  it('reads approved work only, like a client, and may not review, correct or start work', async () => {
    const { admin, eng, supervisor, assessor, site } = await siteWithAssessor();
    adminForFlats = admin;
    const { id: approved } = await approvedReport(eng, supervisor, site, 'Flat 1');
    const waitingFlat = await createPropertyAs(site.id, 'Flat 2');
    const waiting = await submitPassingReport(eng, site, waitingFlat.id);

    const listed = (await assessor.get(`/api/reports?siteId=${site.id}`)).json() as { id: string }[];
    expect(listed.map((r) => r.id)).toEqual([approved]);
    expect((await assessor.get(`/api/reports/${approved}`)).statusCode).toBe(200);
    expect((await assessor.get(`/api/reports/${waiting}`)).statusCode).toBe(404);
    expect((await assessor.get(`/api/sites/${site.id}/dashboard`)).statusCode).toBe(200);

    const review = await assessor.post(`/api/reports/${waiting}/review`, { decision: 'approve' });
    expect(review.statusCode).toBe(403);
    const correction = await assessor.post(`/api/reports/${approved}/corrections`, {
      field: 'hiuSerial',
      value: 'SN-2',
      reason: 'Plate',
    });
    expect(correction.statusCode).toBe(403);
    expect((await assessor.get('/api/drafts')).statusCode).toBe(403);
    // Work not yet approved reads as Pending, nothing it recorded.
    const dwellings = (await assessor.get(`/api/sites/${site.id}/dwellings`)).json();
    expect(dwellings.dwellings[1]).toMatchObject({ state: 'awaiting_review', report: null, readings: [] });
  });

  it('witnesses an approved report with the readings seen and a signature, and signs off; dwellings.json holds it', async () => {
    const { admin, eng, supervisor, assessor, site } = await siteWithAssessor();
    adminForFlats = admin;
    const { flat, id } = await approvedReport(eng, supervisor, site, 'Flat 1, Oak House');

    const offered = (await assessor.get(`/api/reports/${id}/witnessable`)).json() as {
      id: string;
      unit: string;
      range: { min: number | null; max: number | null };
    }[];
    const primary = offered.find((r) => r.id === 'heatingPrimaryReturn')!;
    const tap = offered.find((r) => r.id === 'dhwKitchenTap')!;
    expect(primary.unit).toBe('°C');

    const tooHot = (primary.range.max ?? 60) + 10;
    const made = await assessor.post(`/api/reports/${id}/witness-records`, {
      date: '2026-03-04',
      readings: [
        { id: 'heatingPrimaryReturn', value: tooHot },
        { id: 'dhwKitchenTap', value: tap.range.min ?? 50 },
      ],
      signature: dataUrl(PNG),
    });
    expect(made.statusCode).toBe(201);
    const record = made.json() as WitnessRecord;
    const sha = createHash('sha256').update(PNG).digest('hex');
    expect(record).toMatchObject({
      reportId: id,
      propertyId: flat.id,
      name: 'Alex Assessor',
      role: 'assessor',
      date: '2026-03-04',
      failed: true,
      signatureSha256: sha,
    });
    expect(record.readings.map((r) => [r.id, r.value, r.unit, r.verdict])).toEqual([
      ['heatingPrimaryReturn', tooHot, '°C', 'fail'],
      ['dhwKitchenTap', tap.range.min ?? 50, '°C', 'pass'],
    ]);

    // The review screen's list and the signature.
    const listed = (await supervisor.get(`/api/reports/${id}/witness-records`)).json();
    expect(listed).toEqual([record]);
    const png = await supervisor.get(`/api/sites/${site.id}/witness-records/${record.id}/signature`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(png.rawPayload, PNG)).toBe(0);
    const db = await t.database();
    expect((await auditOf(db, 'property', flat.id)).map((e) => e.action)).toContain('witnessed');

    // dwellings.json, on its own and in the pack, holds the witness with its readings and signature.
    const own = dwellingsSchema.parse((await assessor.get(`/api/sites/${site.id}/dwellings`)).json());
    expect(own.dwellings[0]!.witness).toMatchObject({
      name: 'Alex Assessor',
      role: 'assessor',
      date: '2026-03-04',
      reportId: id,
      signatureSha256: sha,
    });
    expect(own.dwellings[0]!.witness!.readings).toEqual(record.readings);
    const pack = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json().id;
    await t.jobsSettled();
    const zip = unzipSync(new Uint8Array((await assessor.get(`/api/evidence-packs/${pack}/download`)).rawPayload));
    const inPack = dwellingsSchema.parse(JSON.parse(Buffer.from(zip['dwellings.json']!).toString('utf8')));
    expect(inPack.dwellings[0]!.witness).toEqual(own.dwellings[0]!.witness);
    expect(inPack.sampling.coverage).toMatchObject({ witnessed: 1 });
    // summary.pdf lists the readings the assessor saw, judged, and the plan's coverage.
    if (hasPdftotext) {
      const text = pdfText(Buffer.from(zip['summary.pdf']!)).replace(/\s+/g, ' ');
      expect(text).toContain('Flat 1, Oak House: readings seen by Alex Assessor');
      expect(text).toContain('No sampling plan is set: 1 flat witnessed of 1 flat.');
      expect(text).toMatch(/Primary Return Temperature \d+ °C [\d.]+-[\d.]+ °C FAIL/);
    }

    // The assessor signs the handover.
    const signed = await assessor.post(`/api/sites/${site.id}/sign-offs`, {
      name: 'Alex Assessor',
      signature: dataUrl(PNG),
      packId: pack,
    });
    expect(signed.statusCode).toBe(201);
    expect(signed.json()).toMatchObject({ role: 'assessor' });
  });

  it('refuses a witness of work not approved, an unknown reading, no signature, and anyone but an assessor', async () => {
    const { admin, eng, supervisor, assessor, site } = await siteWithAssessor();
    adminForFlats = admin;
    const { id } = await approvedReport(eng, supervisor, site, 'Flat 1');
    const waitingFlat = await createPropertyAs(site.id, 'Flat 2');
    const waiting = await submitPassingReport(eng, site, waitingFlat.id);
    const body = { date: '2026-03-04', readings: [{ id: 'dhwKitchenTap', value: 52 }], signature: dataUrl(PNG) };

    expect((await assessor.post(`/api/reports/${waiting}/witness-records`, body)).statusCode).toBe(404);
    const unknown = await assessor.post(`/api/reports/${id}/witness-records`, {
      ...body,
      readings: [{ id: 'nonsense', value: 1 }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toContain('nonsense');
    const bomb = await assessor.post(`/api/reports/${id}/witness-records`, {
      ...body,
      signature: dataUrl(blackPng(7000, 7000)),
    });
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().error.message).toContain('7000 x 7000 pixels');
    const unsigned = await assessor.post(`/api/reports/${id}/witness-records`, { ...body, signature: '' });
    expect(unsigned.statusCode).toBe(422);
    expect(JSON.stringify(unsigned.json())).toContain('Sign in the box');
    const none = await assessor.post(`/api/reports/${id}/witness-records`, { ...body, readings: [] });
    expect(JSON.stringify(none.json())).toContain('Enter at least one reading you witnessed');
    expect((await supervisor.post(`/api/reports/${id}/witness-records`, body)).statusCode).toBe(403);
    // An assessor of another site does not see the report at all.
    const stranger = await signedIn(await t.app(), 'assessor');
    expect((await stranger.post(`/api/reports/${id}/witness-records`, body)).statusCode).toBe(404);
    expect((await assessor.get(`/api/reports/${id}/witness-records`)).json()).toEqual([]);
  });
});

describe('the sampling plan', () => {
  it('an admin sets the rate; the plan asks for the first of each type, then the rate, raised after a failed witness', async () => {
    const { admin, eng, supervisor, assessor, site } = await siteWithAssessor();
    adminForFlats = admin;
    const flats = [];
    for (let i = 1; i <= 6; i++) flats.push(await approvedReport(eng, supervisor, site, `Flat ${i}`));

    const none = (await assessor.get(`/api/sites/${site.id}/sampling`)).json();
    expect(none).toMatchObject({ rate: null, due: [] });
    expect((await assessor.put(`/api/sites/${site.id}/sampling`, { rate: 4 })).statusCode).toBe(403);
    const bad = await admin.put(`/api/sites/${site.id}/sampling`, { rate: 0 });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('At least 1 (every flat)');

    const set = await admin.put(`/api/sites/${site.id}/sampling`, { rate: 4 });
    expect(set.statusCode).toBe(200);
    // 6 flats at 1 in 4: 2 due, the first of the type and one by the rate.
    expect(set.json().due.map((d: { address: string; reason: string }) => [d.address, d.reason])).toEqual([
      ['Flat 1', 'first_of_type'],
      ['Flat 2', 'rate'],
    ]);
    expect(set.json().coverage).toEqual({ flats: 6, witnessed: 0, required: 2, met: false });

    // A witness who saw a reading out of range raises the rate to 1 in 2: three flats now.
    await assessor.post(`/api/reports/${flats[0]!.id}/witness-records`, {
      date: '2026-03-04',
      readings: [{ id: 'dhwKitchenTap', value: 5 }],
      signature: dataUrl(PNG),
    });
    const raised = (await assessor.get(`/api/sites/${site.id}/sampling`)).json();
    expect(raised.groups).toEqual([
      { block: 'A', type: '2b4p', flats: 6, failures: 1, rate: 2, required: 3, witnessed: 1 },
    ]);
    expect(raised.due.map((d: { address: string }) => d.address)).toEqual(['Flat 2', 'Flat 3']);
    const db = await t.database();
    expect((await auditOf(db, 'site', site.id)).map((e) => e.action)).toContain('sampling_set');
  });
});
