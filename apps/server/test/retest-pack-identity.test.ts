import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passingCp1Check } from '@hiu/domain/testing';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { JPEG, PNG, upload } from './helpers/report-files.js';
import { submitPassingReport } from './helpers/team.js';

const t = useTestApp();

/*
 * A re-test of a flat under a test pack starts with the devices' identity from its last report
 * (docs/product.md#my-flats): My flats, kept on the phone, carries it.
 */
describe("a pack report's device identity on My flats", () => {
  it("carries the heat meter's make, model and serial, and which of them the reviewer marked", async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin, { name: 'Meter Court', testPack: 'cp1-ts1' });
    const flat = await createProperty(admin, site.id, { address: 'Flat 3, Meter House' });
    await admin.post(`/api/sites/${site.id}/assignments`, { engineerId: eng.userId, propertyIds: [flat.id] });
    const wizardData = passingCp1Check({
      site,
      propertyId: flat.id,
      photoId: await upload(eng, 'photo', JPEG),
      signatureId: await upload(eng, 'signature', PNG),
      cp1: { meterMake: 'Sontex', meterModel: 'Superstatic 789', meterSerial: 'SX-4410' },
    });
    const id = randomUUID();
    const filed = await eng.post('/api/reports', {
      id,
      wizardData,
      notes: '',
      completedAt: '2026-03-02T10:25:00.000Z',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const sentBack = await admin.post(`/api/reports/${id}/review`, {
      decision: 'send_back',
      reason: 'The meter serial on the photo is another one',
      fields: ['cp1.meterSerial'],
    });
    expect(sentBack.statusCode, sentBack.body).toBe(200);

    const [mine] = (await eng.get('/api/me/assignments')).json();
    expect(mine.reviewFields).toEqual(['cp1.meterSerial']);
    expect(mine.latestPackIdentity).toEqual({
      meterMake: 'Sontex',
      meterModel: 'Superstatic 789',
      meterSerial: 'SX-4410',
    });
  });

  it('has none for a flat whose last report was under the standard checklist', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin, { name: 'Plain Court' });
    const flat = await createProperty(admin, site.id, { address: 'Flat 4, Plain House' });
    await admin.post(`/api/sites/${site.id}/assignments`, { engineerId: eng.userId, propertyIds: [flat.id] });
    await submitPassingReport(eng, site, flat.id);
    const [mine] = (await eng.get('/api/me/assignments')).json();
    expect(mine.latestHiuSerial).not.toBeNull();
    expect(mine).not.toHaveProperty('latestPackIdentity');
  });

  it('the Start New Check picker carries the same, less what the reviewer marked, searched or filtered', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin, { name: 'Picker Court', testPack: 'cp1-ts1' });
    const flat = await createProperty(admin, site.id, { address: 'Flat 5, Picker House' });
    await admin.put(`/api/sites/${site.id}/members/${eng.userId}`);
    const wizardData = passingCp1Check({
      site,
      propertyId: flat.id,
      photoId: await upload(eng, 'photo', JPEG),
      signatureId: await upload(eng, 'signature', PNG),
      cp1: { meterMake: 'Sontex', meterModel: 'Superstatic 789', meterSerial: 'SX-4410' },
    });
    const id = randomUUID();
    const filed = await eng.post('/api/reports', {
      id,
      wizardData,
      notes: '',
      completedAt: '2026-03-02T10:25:00.000Z',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const listed = async (query: string) => {
      const res = await eng.get(`/api/properties?siteId=${site.id}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: Record<string, unknown>[] }).items[0]!;
    };
    for (const query of ['', '&q=Picker', '&status=passed']) {
      expect(await listed(query)).toMatchObject({
        latestHiuSerial: wizardData.hiuSerial,
        latestPackIdentity: { meterMake: 'Sontex', meterModel: 'Superstatic 789', meterSerial: 'SX-4410' },
      });
    }

    const sentBack = await admin.post(`/api/reports/${id}/review`, {
      decision: 'send_back',
      reason: 'Serials do not match the photos',
      fields: ['cp1.meterSerial', 'hiuSerial'],
    });
    expect(sentBack.statusCode, sentBack.body).toBe(200);
    for (const query of ['', '&q=Picker', '&status=passed']) {
      const item = await listed(query);
      expect(item.latestHiuSerial).toBeNull();
      expect(item.latestHiuModel).toBe(wizardData.hiuModel);
      expect(item.latestPackIdentity).toEqual({ meterMake: 'Sontex', meterModel: 'Superstatic 789' });
    }
  });
});
