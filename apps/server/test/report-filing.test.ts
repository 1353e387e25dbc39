import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passingCheck, photoRef, signedFailure } from '@hiu/domain/testing';
import type { WizardDataInput } from '@hiu/domain';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { JPEG, PNG, WEBP, hasPdftotext, pdfImageSizes, pdfText, upload } from './helpers/report-files.js';
import { createProperty, createSite } from './helpers/admin-data.js';

// A PDF a client files (decision 136): a reference, the site's location, photo captions with their time,
// value and range on each failure line, and a file name a person can tell apart.
const t = useTestApp();

const submission = (wizardData: WizardDataInput, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  wizardData,
  notes: '',
  completedAt: '2026-03-02T10:25:00.000Z',
  ...extra,
});

async function setup(name = 'Birch Court') {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer', { name: 'Eddie Engineer' });
  const site = await createSite(admin, { name: `${name} ${randomUUID().slice(0, 6)}`, location: 'York' });
  const property = await createProperty(admin, site.id, { address: 'Flat 3, Birch House', propertyType: '2b4p' });
  const photoId = await upload(eng, 'photo', JPEG);
  const signatureId = await upload(eng, 'signature', PNG);
  const check = () => passingCheck({ site, propertyId: property.id, photoId, signatureId });
  return { app, admin, eng, site, property, check };
}

describe('a filed report for a client', () => {
  it('gets a unique reference, even when submits race, shown in the list', async () => {
    const { admin, eng, site, check } = await setup();
    const bodies = Array.from({ length: 6 }, () => submission(check(), { notes: 'x' }));
    const created = await Promise.all(bodies.map((b) => eng.post('/api/reports', b)));
    const refs = created.map((r) => r.json().reference as string);
    for (const ref of refs) expect(ref).toMatch(/^HIU-2026-\d{6}$/);
    expect(new Set(refs).size).toBe(6);
    const listed = (await admin.get(`/api/reports?siteName=${encodeURIComponent(site.name)}`)).json();
    expect(listed.map((r: { reference: string }) => r.reference).sort()).toEqual([...refs].sort());
    // A retry of the same id keeps its reference.
    const again = await eng.post('/api/reports', bodies[0]);
    expect(again.json().reference).toBe(refs[0]);
  });

  it('prints the reference, location, captions with their time and the ° sign; named site_address_serial_date_result', async () => {
    const { admin, eng, site, check } = await setup();
    const photo = await upload(eng, 'photo', JPEG);
    const data = check();
    data.photosSignature = {
      ...data.photosSignature!,
      photos: [{ ...photoRef(photo, 'Meter close-up'), takenAt: '2026-03-02T10:12:00.000Z' }],
    };
    const created = (await eng.post('/api/reports', submission(data))).json();
    const res = await admin.get(`/api/reports/${created.id}/pdf`);
    expect(res.statusCode).toBe(200);
    const name = `${site.name.replace(/ /g, '-')}_Flat-3-Birch-House_SN-881_2026-03-02_PASS.pdf`;
    expect(created.pdfFilename).toBe(name);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    if (!hasPdftotext) return;
    const text = pdfText(res.rawPayload);
    // The details box reads its labels row by row, then the values.
    expect(text).toContain(`REPORT REFERENCE SITE SITE LOCATION ${created.reference} ${site.name} York`);
    expect(text).toContain('Meter close-up (taken 02/03/2026, 10:12)');
    expect(text).toContain('Flow Temperature 46 °C 45-48 °C PASS');
    expect(text).toContain(created.reference);
  });

  it('shows a WebP photo in the PDF as it shows a JPEG one', async () => {
    const { admin, eng, check } = await setup();
    const webp = await upload(eng, 'photo', WEBP);
    const data = check();
    data.photosSignature = {
      ...data.photosSignature!,
      photos: [...data.photosSignature!.photos!, photoRef(webp, 'Pump (WebP)')],
    };
    const created = (await eng.post('/api/reports', submission(data))).json();
    const res = await admin.get(`/api/reports/${created.id}/pdf`);
    expect(res.statusCode).toBe(200);
    if (!hasPdftotext) return;
    expect(pdfText(res.rawPayload)).not.toContain('Image not available');
    // The JPEG photo, the WebP one and the signature (600 x 200), each embedded once.
    const sizes = pdfImageSizes(res.rawPayload).filter((s) => s.width === 800 && s.height === 600);
    expect(sizes).toHaveLength(2);
  });

  it('lists each failure with the value found and the range expected', async () => {
    const { admin, eng, site, property, check } = await setup();
    const standby = signedFailure(3, await upload(eng, 'signature', PNG), {
      site,
      propertyId: property.id,
      standbyMode: { flowTemp: '60' },
    });
    const failed = (await eng.post('/api/reports', submission(standby, { failedStep: 3 }))).json();
    const heating = check();
    heating.heatingMode = { ...heating.heatingMode!, powerConsumption: '16' };
    const evaluated = (await eng.post('/api/reports', submission(heating, { notes: 'Power high' }))).json();
    expect(evaluated.overallStatus).toBe('FAIL');
    if (!hasPdftotext) return;
    const standbyText = pdfText((await admin.get(`/api/reports/${failed.id}/pdf`)).rawPayload);
    expect(standbyText).toContain('Standby Flow Temperature out of range (60 °C, expected 45-48 °C)');
    const heatingText = pdfText((await admin.get(`/api/reports/${evaluated.id}/pdf`)).rawPayload);
    expect(heatingText).toMatch(/Power Consumption out of range \(16 kW, expected [\d.]+-[\d.]+ kW\)/);
  });

  it('names a file with non-ASCII and unsafe characters safely, with an ASCII fallback', async () => {
    const { admin, eng, check } = await setup('Quai d’Orsay: Bâtiment/A');
    const created = (await eng.post('/api/reports', submission(check(), { notes: 'x' }))).json();
    expect(created.pdfFilename).toMatch(
      /^Quai-d’Orsay-Bâtiment-A-[0-9a-f]{6}_Flat-3-Birch-House_SN-881_2026-03-02_PASS\.pdf$/,
    );
    const cd = (await admin.get(`/api/reports/${created.id}/pdf`)).headers['content-disposition'] as string;
    expect(cd).toMatch(
      /^attachment; filename="Quai-d_Orsay-B_timent-A-[0-9a-f]{6}_Flat-3-Birch-House_SN-881_2026-03-02_PASS\.pdf"; filename\*=UTF-8''Quai-d%E2%80%99Orsay-B%C3%A2timent-A-/,
    );
  });
});
