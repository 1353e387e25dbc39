import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passingCp1Check } from '@hiu/domain/testing';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { JPEG, PNG, upload } from './helpers/report-files.js';
import { submitPassingReport } from './helpers/team.js';

const t = useTestApp();

/** The heat meter every pack report below identifies. */
const METER = { meterMake: 'Sontex', meterModel: 'Superstatic 789', meterSerial: 'SX-4410' };

/** An admin, an engineer and a flat of a new site (under the site's pack, if any) the engineer may check. */
async function flatToCheck(site: { name: string; testPack?: string }, address: string) {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const made = await createSite(admin, site);
  const flat = await createProperty(admin, made.id, { address });
  return { admin, eng, site: made, flat };
}

/** The engineer files a passing CP1/TS1 check of the flat that names the meter above. */
async function fileMeterReport(eng: TestClient, site: { id: string; name: string }, propertyId: string) {
  const wizardData = passingCp1Check({
    site,
    propertyId,
    photoId: await upload(eng, 'photo', JPEG),
    signatureId: await upload(eng, 'signature', PNG),
    cp1: METER,
  });
  const id = randomUUID();
  const filed = await eng.post('/api/reports', { id, wizardData, notes: '', completedAt: '2026-03-02T10:25:00.000Z' });
  expect(filed.statusCode, filed.body).toBe(201);
  return { id, wizardData };
}

async function sendBack(admin: TestClient, reportId: string, reason: string, fields: string[]) {
  const sentBack = await admin.post(`/api/reports/${reportId}/review`, { decision: 'send_back', reason, fields });
  expect(sentBack.statusCode, sentBack.body).toBe(200);
}

/*
 * A re-test of a flat under a test pack starts with the devices' identity from its last report
 * (docs/product.md#my-flats): My flats, kept on the phone, carries it.
 */
describe("a pack report's device identity on My flats", () => {
  it("carries the heat meter's make, model and serial, and which of them the reviewer marked", async () => {
    const { admin, eng, site, flat } = await flatToCheck(
      { name: 'Meter Court', testPack: 'cp1-ts1' },
      'Flat 3, Meter House',
    );
    await admin.post(`/api/sites/${site.id}/assignments`, { engineerId: eng.userId, propertyIds: [flat.id] });
    const { id } = await fileMeterReport(eng, site, flat.id);
    await sendBack(admin, id, 'The meter serial on the photo is another one', ['cp1.meterSerial']);

    const [mine] = (await eng.get('/api/me/assignments')).json();
    expect(mine.reviewFields).toEqual(['cp1.meterSerial']);
    expect(mine.latestPackIdentity).toEqual({
      meterMake: 'Sontex',
      meterModel: 'Superstatic 789',
      meterSerial: 'SX-4410',
    });
  });

  it('has none for a flat whose last report was under the standard checklist', async () => {
    const { admin, eng, site, flat } = await flatToCheck({ name: 'Plain Court' }, 'Flat 4, Plain House');
    await admin.post(`/api/sites/${site.id}/assignments`, { engineerId: eng.userId, propertyIds: [flat.id] });
    await submitPassingReport(eng, site, flat.id);
    const [mine] = (await eng.get('/api/me/assignments')).json();
    expect(mine.latestHiuSerial).not.toBeNull();
    expect(mine).not.toHaveProperty('latestPackIdentity');
  });

  it('the Start New Check picker carries the same, less what the reviewer marked, searched or filtered', async () => {
    const { admin, eng, site, flat } = await flatToCheck(
      { name: 'Picker Court', testPack: 'cp1-ts1' },
      'Flat 5, Picker House',
    );
    await admin.put(`/api/sites/${site.id}/members/${eng.userId}`);
    const { id, wizardData } = await fileMeterReport(eng, site, flat.id);
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

    await sendBack(admin, id, 'Serials do not match the photos', ['cp1.meterSerial', 'hiuSerial']);
    for (const query of ['', '&q=Picker', '&status=passed']) {
      const item = await listed(query);
      expect(item.latestHiuSerial).toBeNull();
      expect(item.latestHiuModel).toBe(wizardData.hiuModel);
      expect(item.latestPackIdentity).toEqual({ meterMake: 'Sontex', meterModel: 'Superstatic 789' });
    }
  });
});
