import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { passingCp1Check } from '@hiu/domain/testing';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { hasPdftotext, JPEG, PNG, pdfText, upload } from './helpers/report-files.js';

const t = useTestApp();

async function submitCp1(
  eng: TestClient,
  site: { id: string; name: string },
  propertyId: string,
  at: string,
  identity: { hiuSerial: string; meterSerial: string },
  issues: object[] = [],
) {
  const photo = await upload(eng, 'photo', JPEG);
  const signature = await upload(eng, 'signature', PNG);
  const data = passingCp1Check({ site, propertyId, photoId: photo, signatureId: signature });
  const wizardData = {
    ...data,
    hiuSerial: identity.hiuSerial,
    cp1: { ...(data.cp1 as object), meterSerial: identity.meterSerial, ...(issues.length ? { issues } : {}) },
  };
  const id = randomUUID();
  const res = await eng.post('/api/reports', { id, wizardData, notes: '', completedAt: at });
  if (res.statusCode !== 201) throw new Error(`submit: ${res.statusCode} ${res.body}`);
  return id;
}

describe.runIf(hasPdftotext)('summary.pdf as a handover document', () => {
  it("prints each flat's review state, its address in full and an asset register of HIU and heat meter serials", async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const supervisor = await signedIn(app, 'supervisor');
    const site = await createSite(admin, { name: `Register ${Math.random()}`, testPack: 'cp1-ts1' });
    await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`);
    const long = 'Flat 12, The Old Grain Warehouse East Wing, Riverside Quarter';
    const approved = await createProperty(admin, site.id, { address: long, propertyType: '2b4p' });
    const sentBack = await createProperty(admin, site.id, { address: 'Flat 2, Mill House', propertyType: '2b4p' });
    const waiting = await createProperty(admin, site.id, { address: 'Flat 3, Mill House', propertyType: '2b4p' });
    const a = await submitCp1(
      eng,
      site,
      approved.id,
      '2026-03-02T10:00:00.000Z',
      { hiuSerial: 'HIU-SER-0001', meterSerial: 'MTR-SER-0001' },
      [{ id: randomUUID(), description: 'Lagging missing on the primary flow', owner: 'installer', due: '2026-04-01' }],
    );
    await supervisor.post(`/api/reports/${a}/review`, { decision: 'approve' });
    const b = await submitCp1(eng, site, sentBack.id, '2026-03-02T11:00:00.000Z', {
      hiuSerial: 'HIU-SER-0002',
      meterSerial: 'MTR-SER-0002',
    });
    await supervisor.post(`/api/reports/${b}/review`, { decision: 'send_back', reason: 'Photo unreadable' });
    await submitCp1(eng, site, waiting.id, '2026-03-02T12:00:00.000Z', {
      hiuSerial: 'HIU-SER-0003',
      meterSerial: 'MTR-SER-0003',
    });

    const id = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json().id;
    await t.jobsSettled();
    const zip = unzipSync(new Uint8Array((await supervisor.get(`/api/evidence-packs/${id}/download`)).rawPayload));
    const text = pdfText(Buffer.from(zip['summary.pdf']!)).replace(/\s+/g, ' ');
    // Review states in words, not all "Failed".
    for (const s of ['Approved', 'Sent back', 'Awaiting review']) expect(text, s).toContain(s);
    // The asset register: the approved flat's HIU and meter as recorded; work not approved shows none.
    expect(text).toContain('Asset register');
    expect(text).toContain('HIU-SER-0001');
    expect(text).toContain('MTR-SER-0001');
    expect(text).not.toContain('HIU-SER-0002');
    // The pack named, its own ranges listed, its issues shown with who acts and by when.
    expect(text).toMatch(/Test pack CP1\/TS1 acceptance, version \d/);
    expect(text).toContain('Open issues 1');
    expect(text).toContain('DHW Checks: Primary return, two outlets open <= 25 °C');
    expect(text).toContain('Lagging missing on the primary flow');
    expect(text).toContain('01/04/2026');
    // Wrapped, never cut: every word of the long address is there and nothing ends in an ellipsis.
    for (const word of long.split(' ')) expect(text, word).toContain(word);
    expect(text).not.toContain('…');
  });
});
