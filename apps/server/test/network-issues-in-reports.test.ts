import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { passingCp1Check } from '@hiu/domain/testing';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { hasPdftotext, JPEG, PNG, pdfText, upload } from './helpers/report-files.js';

const t = useTestApp();

async function submitCp1(eng: TestClient, site: { id: string; name: string }, propertyId: string) {
  const photo = await upload(eng, 'photo', JPEG);
  const signature = await upload(eng, 'signature', PNG);
  const wizardData = passingCp1Check({ site, propertyId, photoId: photo, signatureId: signature });
  const id = randomUUID();
  const res = await eng.post('/api/reports', { id, wizardData, notes: '', completedAt: new Date().toISOString() });
  if (res.statusCode !== 201) throw new Error(`submit: ${res.statusCode} ${res.body}`);
  return id;
}

/** A site under the CP1/TS1 pack with a supervisor and an engineer, and one flat. */
async function siteWithFlat() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const supervisor = await signedIn(app, 'supervisor', { name: 'Sam Supervisor' });
  const eng = await signedIn(app, 'engineer');
  const site = await createSite(admin, { name: `Network ${randomUUID().slice(0, 6)}`, testPack: 'cp1-ts1' });
  for (const who of [supervisor, eng]) await admin.put(`/api/sites/${site.id}/members/${who.userId}`);
  const flat = await createProperty(admin, site.id, { address: 'Flat 4, Larch Court', propertyType: '2b4p' });
  const raise = async (description: string, owner = 'client', due = '2026-12-18') => {
    const id = randomUUID();
    const res = await supervisor.put(`/api/sites/${site.id}/issues/${id}`, { description, owner, due });
    if (res.statusCode !== 201) throw new Error(`raise: ${res.statusCode} ${res.body}`);
    return res.json() as { id: string; raisedAt: string };
  };
  const resolve = async (id: string, closingComment: string) => {
    const res = await supervisor.post(`/api/sites/${site.id}/issues/${id}/resolution`, { closingComment });
    if (res.statusCode !== 200) throw new Error(`resolve: ${res.statusCode} ${res.body}`);
    return res.json() as { closedAt: string };
  };
  return { admin, supervisor, eng, site, flat, raise, resolve };
}

// docs/product.md#network-wide-issues: the site's issues reach each flat's report and the evidence pack.
describe.runIf(hasPdftotext)('network-wide issues in reports and the evidence pack', () => {
  it('the report PDF prints those open when it was submitted, marked as applying to every flat, and only those', async () => {
    const { admin, eng, site, flat, raise, resolve } = await siteWithFlat();
    await raise('Plant flow low at peak');
    const gone = await raise('Riser insulation missing', 'installer');
    const closed = await resolve(gone.id, 'Riser lagged');
    // The check is completed after the office's changes, by the server's clock.
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(Date.parse(closed.closedAt)));
    const report = await submitCp1(eng, site, flat.id);
    await raise('Pump failed after the check', 'engineer');

    const pdf = await admin.get(`/api/reports/${report}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Plant flow low at peak');
    expect(text).toContain('applies to every flat');
    expect(text).toContain('18/12/2026');
    expect(text).toContain('1 OPEN');
    expect(text).not.toContain('Riser insulation missing');
    expect(text).not.toContain('Pump failed after the check');
  });

  it('dwellings.json carries them on every dwelling and summary.pdf lists them open and closed, with how and who', async () => {
    const { supervisor, eng, site, flat, raise, resolve } = await siteWithFlat();
    const plant = await raise('Plant flow low at peak');
    const report = await submitCp1(eng, site, flat.id);
    expect((await supervisor.post(`/api/reports/${report}/review`, { decision: 'approve' })).statusCode).toBe(200);
    await resolve(plant.id, 'Plant set-point raised to 75 °C');
    await raise('Riser insulation missing', 'installer', '2027-01-15');

    const read = await supervisor.get(`/api/sites/${site.id}/dwellings`);
    expect(read.statusCode, read.body).toBe(200);
    // Open ones first, as the dashboard lists them.
    const expected = [
      expect.objectContaining({ description: 'Riser insulation missing', resolved: false, closingComment: null }),
      expect.objectContaining({
        id: plant.id,
        description: 'Plant flow low at peak',
        owner: 'client',
        due: '2026-12-18',
        resolved: true,
        closingComment: 'Plant set-point raised to 75 °C',
        closedBy: 'Sam Supervisor',
        raisedBy: 'Sam Supervisor',
      }),
    ];
    expect(read.json()).toMatchObject({ version: 4, dwellings: [{ networkIssues: expected }] });

    const pack = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json().id;
    await t.jobsSettled();
    const zip = unzipSync(new Uint8Array((await supervisor.get(`/api/evidence-packs/${pack}/download`)).rawPayload));
    const dwellings = JSON.parse(Buffer.from(zip['dwellings.json']!).toString());
    expect(dwellings).toMatchObject({ version: 4, dwellings: [{ networkIssues: expected }] });

    const summary = pdfText(Buffer.from(zip['summary.pdf']!));
    expect(summary).toContain('Open network-wide issues 1');
    expect(summary).toContain('Network-wide issue');
    for (const words of ['Plant flow low at peak', 'Riser insulation missing', 'Plant set-point raised to 75 °C'])
      expect(summary, words).toContain(words);
    expect(summary).toContain('Sam Supervisor');
    expect(summary).toContain('15/01/2027');
    expect(summary).toMatch(/Closed/);
    expect(summary).toMatch(/OPEN/);

    // The flat's report, built again at its approval, still shows the issue as it stood at submit: open.
    const reportPdf = Object.keys(zip).find((p) => p.startsWith('reports/'))!;
    const reportText = pdfText(Buffer.from(zip[reportPdf]!));
    expect(reportText).toContain('Plant flow low at peak');
    expect(reportText).not.toContain('Plant set-point raised');
    expect(reportText).not.toContain('Riser insulation missing');
  });
});
