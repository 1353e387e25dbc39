import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passingCp1Check } from '@hiu/domain/testing';
import { reports } from '../src/db/schema.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { hasPdftotext, JPEG, PNG, pdfText, upload } from './helpers/report-files.js';
import { signedIn, useTestApp } from './helpers/test-app.js';

const t = useTestApp();
const V3 = { id: 'cp1-ts1', version: 3 };

/** Submits a CP1/TS1 version 3 check of a new flat with these pack values; answers the response and the admin. */
async function submitWith(cp1: Record<string, unknown>) {
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
  const body = { id: randomUUID(), wizardData, notes: '', completedAt: '2026-03-02T10:25:00.000Z' };
  return { res: await eng.post('/api/reports', body), admin, site };
}

const stored = async () => (await t.database()).db.select({ id: reports.id }).from(reports);
const readings = {
  radiatorTemps: { Hall: { flow: '55', return: '45' } },
  underfloorZones: [{ name: 'Bathroom', flowRate: '2.5' }],
};

// docs/product.md#test-packs: ΔT per radiator and underfloor zone flows, judged by the rule book on the server too.
describe('a CP1/TS1 version 3 report with radiator temperatures and underfloor zone flows', () => {
  it('stores them and judges the ΔT: read back, in the PDF and in the CSV', async () => {
    const { res, admin, site } = await submitWith(readings);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ overallStatus: 'PASS' });
    const detail = (await admin.get(`/api/reports/${res.json().id}`)).json();
    expect(detail.wizardData.cp1).toMatchObject(readings);
    const csv = (await admin.get(`/api/reports/export.csv?siteId=${site.id}`)).body;
    expect(csv).toContain('"Hall: 55/45 °C, ΔT 10 K"');
    expect(csv).toContain('"Bathroom: 2.5 L/min"');
    if (hasPdftotext) {
      const text = pdfText((await admin.get(`/api/reports/${res.json().id}/pdf`)).rawPayload).replace(/\s+/g, ' ');
      // The PDF's standard fonts have no Δ: it prints the words.
      expect(text).toContain(
        'Hall radiator flow / return 55 / 45 °C, delta T 10 K Return not above flow (delta T >= 0 K) PASS',
      );
      expect(text).toContain('Underfloor zone Bathroom flow 2.5 L/min');
    }
  });

  it('refuses a radiator whose return is hotter than its flow, with 422 naming both fields', async () => {
    const { res } = await submitWith({ radiatorTemps: { Hall: { flow: '45', return: '45.1' } } });
    expect(res.statusCode, res.body).toBe(422);
    const message =
      'Hall radiator return (45.1 °C) is hotter than its flow (45 °C): the probes may be on the wrong pipes. Measure both again.';
    expect(res.json().error.fields).toMatchObject({
      'wizardData.cp1.radiatorTemps.Hall.return': message,
      'wizardData.cp1.radiatorTemps.Hall.flow': message,
    });
    expect(await stored()).toHaveLength(0);
  });

  it('refuses a zone flow beyond what a manifold meter reads, naming the field', async () => {
    const { res } = await submitWith({ underfloorZones: [{ name: 'Bathroom', flowRate: '60.1' }] });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.fields['wizardData.cp1.underfloorZones.0.flowRate']).toBe('Must be between 0 and 60 L/min');
    expect(await stored()).toHaveLength(0);
  });
});
