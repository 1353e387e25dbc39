import { createHash, randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DWELLINGS_VERSION, dwellingsSchema, type Dwellings } from '@hiu/domain';
import { passingCp1Check } from '@hiu/domain/testing';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { JPEG, PNG, upload } from './helpers/report-files.js';

// dwellings.json (docs/product.md#dwellings-export), on its own and in the evidence pack.
const t = useTestApp();

async function submitCp1(eng: TestClient, site: { id: string; name: string }, propertyId: string, serials: string[]) {
  const photoId = await upload(eng, 'photo', JPEG);
  const signatureId = await upload(eng, 'signature', PNG);
  const data = passingCp1Check({ site, propertyId, photoId, signatureId });
  const issue = {
    id: randomUUID(),
    description: 'Insulate the primary pipework',
    owner: 'installer',
    due: '2026-04-01',
  };
  const wizardData = {
    ...data,
    hiuSerial: serials[0],
    cp1: { ...(data.cp1 as object), meterSerial: serials[1], issues: [issue] },
  };
  const res = await eng.post('/api/reports', {
    id: randomUUID(),
    wizardData,
    notes: '',
    completedAt: new Date().toISOString(),
  });
  if (res.statusCode !== 201) throw new Error(`submit: ${res.statusCode} ${res.body}`);
  return { ...(res.json() as { id: string; reference: string }), photoId };
}

/** The answer holds exactly what the schema describes: nothing missing, nothing more. */
function valid(body: unknown): Dwellings {
  const parsed = dwellingsSchema.safeParse(body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(parsed.data).toEqual(body);
  return parsed.data!;
}

describe('GET /api/sites/:id/dwellings', () => {
  it('gives one entry per dwelling under its schema; a client and the pack see approved work only', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer', { name: 'Erin Engineer' });
    const supervisor = await signedIn(app, 'supervisor', { name: 'Sam Supervisor' });
    const client = await signedIn(app, 'client');
    const site = await createSite(admin, { name: `Dwellings ${randomUUID().slice(0, 8)}`, testPack: 'cp1-ts1' });
    for (const who of [supervisor, client]) await admin.put(`/api/sites/${site.id}/members/${who.userId}`);
    const done = await createProperty(admin, site.id, { address: 'Flat 1, Ash House', block: 'Ash', floor: '1' });
    const waiting = await createProperty(admin, site.id, { address: 'Flat 2, Ash House', block: 'Ash', floor: '2' });
    await createProperty(admin, site.id, { address: 'Flat 3, Ash House', block: 'Ash', floor: '3' });
    const approved = await submitCp1(eng, site, done.id, ['HIU-A-1', 'MTR-A-1']);
    const review = await supervisor.post(`/api/reports/${approved.id}/review`, { decision: 'approve' });
    expect(review.statusCode).toBe(200);
    await submitCp1(eng, site, waiting.id, ['HIU-B-2', 'MTR-B-2']);
    await supervisor.put(`/api/properties/${done.id}/witness`, {
      name: 'Alex Assessor',
      role: 'assessor',
      date: '2026-03-02',
    });

    const res = await supervisor.get(`/api/sites/${site.id}/dwellings`);
    expect(res.statusCode).toBe(200);
    const all = valid(res.json());
    expect(all).toMatchObject({
      format: 'hiu-dwellings',
      version: DWELLINGS_VERSION,
      site: { id: site.id, name: site.name },
    });
    expect(all.dwellings.map((d) => [d.property.address, d.state])).toEqual([
      ['Flat 1, Ash House', 'approved'],
      ['Flat 2, Ash House', 'awaiting_review'],
      ['Flat 3, Ash House', 'not_started'],
    ]);
    const [one, two, three] = all.dwellings as [
      Dwellings['dwellings'][number],
      Dwellings['dwellings'][number],
      Dwellings['dwellings'][number],
    ];
    expect(one.property).toMatchObject({ id: done.id, block: 'Ash', floor: '1' });
    expect(one.hiu?.serial).toBe('HIU-A-1');
    expect(one.meter?.serial).toBe('MTR-A-1');
    expect(one.report).toMatchObject({ reference: approved.reference, result: 'PASS', earlierAttempts: 0 });
    expect(one.report?.testPack.id).toBe('cp1-ts1');
    expect(one.review).toMatchObject({ state: 'approved', reviewer: 'Sam Supervisor' });
    // A flat marked witnessed without a witness record reads as it was marked: no report, readings or signature.
    expect(one.witness).toEqual({
      name: 'Alex Assessor',
      role: 'assessor',
      date: '2026-03-02',
      reportId: null,
      readings: [],
      signatureSha256: null,
    });
    expect(one.issues).toEqual([
      { description: 'Insulate the primary pipework', owner: 'installer', due: '2026-04-01', resolved: false },
    ]);
    // Every reading with its unit, range and verdict: the standard ones and the pack's.
    const packReadings = one.readings.filter((r) => r.id.startsWith('cp1.'));
    expect(packReadings.length).toBeGreaterThan(3);
    expect(one.readings.find((r) => r.id === 'dhwKitchenTap')).toMatchObject({ unit: '°C', verdict: 'pass' });
    const judged = one.readings.filter((r) => r.range !== null && r.value !== null);
    expect(judged.length).toBeGreaterThan(5);
    for (const r of judged) expect(r.verdict, r.id).toBe('pass');
    // Photos with the SHA-256 of the bytes the server holds.
    const photo = await supervisor.get(`/api/files/${approved.photoId}`);
    const sha = createHash('sha256').update(photo.rawPayload).digest('hex');
    expect(one.photos.length).toBeGreaterThan(0);
    for (const p of one.photos)
      expect(p).toMatchObject({ id: approved.photoId, sha256: sha, contentType: 'image/jpeg' });
    // A report awaiting review is described to the supervisor.
    expect(two.hiu?.serial).toBe('HIU-B-2');
    expect(two.review?.state).toBe('awaiting_review');
    expect(three).toMatchObject({ report: null, readings: [], photos: [], hiu: null });

    // The client: the flat's state, and nothing of work not yet approved.
    const seen = valid((await client.get(`/api/sites/${site.id}/dwellings`)).json());
    expect(seen.dwellings.map((d) => d.state)).toEqual(['approved', 'awaiting_review', 'not_started']);
    expect(seen.dwellings[1]).toMatchObject({ report: null, readings: [], hiu: null, meter: null, issues: [] });
    expect(JSON.stringify(seen)).not.toContain('HIU-B-2');
    expect((await eng.get(`/api/sites/${site.id}/dwellings`)).statusCode).toBe(403);

    // The pack holds the client's view.
    const id = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json().id;
    await t.jobsSettled();
    const zip = unzipSync(new Uint8Array((await client.get(`/api/evidence-packs/${id}/download`)).rawPayload));
    const inPack = valid(JSON.parse(Buffer.from(zip['dwellings.json']!).toString('utf8')));
    expect({ ...inPack, generatedAt: '' }).toEqual({ ...seen, generatedAt: '' });
    const manifest = JSON.parse(Buffer.from(zip['manifest.json']!).toString('utf8'));
    expect(manifest.files.map((f: { path: string }) => f.path)).toContain('dwellings.json');
  });

  it('answers 404 to a site the caller is not on', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const stranger = await signedIn(app, 'client');
    const site = await createSite(admin, { name: `Elsewhere ${randomUUID().slice(0, 8)}` });
    expect((await stranger.get(`/api/sites/${site.id}/dwellings`)).statusCode).toBe(404);
    expect((await admin.get(`/api/sites/${randomUUID()}/dwellings`)).statusCode).toBe(404);
  });
});
