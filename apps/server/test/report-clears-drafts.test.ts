import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emptyWizardData } from '@hiu/domain';
import { passingCheck } from '@hiu/domain/testing';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { JPEG, PNG, upload } from './helpers/report-files.js';
import { createProperty, createSite } from './helpers/admin-data.js';

const t = useTestApp();

async function saveDraft(eng: TestClient, siteId: string, propertyId: string) {
  const body = {
    id: randomUUID(),
    siteId,
    propertyId,
    currentStep: 'Initial Checks',
    wizardData: { ...emptyWizardData(), siteId, propertyId, address: 'Flat 3, Birch House', hiuModel: 'Vital 2' },
  };
  expect((await eng.post('/api/drafts', body)).statusCode).toBe(200);
  return body.id;
}

describe("an accepted report clears its flat's drafts", () => {
  it("removes every draft of the flat (the engineer's and a colleague's) with the report, and no other flat's", async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const colleague = await signedIn(app, 'engineer', { name: 'Cora Colleague' });
    const site = await createSite(admin, { name: 'Birch Court', location: 'York' });
    const flat = await createProperty(admin, site.id, { address: 'Flat 3, Birch House', propertyType: '2b4p' });
    const next = await createProperty(admin, site.id, { address: 'Flat 4, Birch House', propertyType: '2b4p' });
    await saveDraft(eng, site.id, flat.id);
    await saveDraft(colleague, site.id, flat.id);
    const kept = await saveDraft(eng, site.id, next.id);

    const photo = await upload(eng, 'photo', JPEG);
    const signature = await upload(eng, 'signature', PNG);
    const report = {
      id: randomUUID(),
      wizardData: passingCheck({ site, propertyId: flat.id, photoId: photo, signatureId: signature }),
      notes: '',
      completedAt: new Date().toISOString(),
    };
    expect((await eng.post('/api/reports', report)).statusCode).toBe(201);

    expect((await admin.get(`/api/properties/${flat.id}/drafts`)).json()).toEqual([]);
    expect((await eng.get('/api/drafts')).json().map((d: { id: string }) => d.id)).toEqual([kept]);
    expect((await colleague.get('/api/drafts')).json()).toEqual([]);
    const listed = await eng.get(`/api/properties?siteId=${site.id}&q=Flat 3`);
    expect(listed.json().items[0].status).toBe('passed');
    // A retry of the same report changes nothing more.
    expect((await eng.post('/api/reports', report)).statusCode).toBe(200);
    expect((await admin.get(`/api/properties/${next.id}/drafts`)).json()).toHaveLength(1);
  });
});
