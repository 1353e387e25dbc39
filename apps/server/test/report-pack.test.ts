import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passingCheck, passingCp1Check } from '@hiu/domain/testing';
import { reports } from '../src/db/schema.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { JPEG, PNG, upload } from './helpers/report-files.js';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';

const t = useTestApp();

async function submit(eng: TestClient, site: { id: string; name: string }, propertyId: string, cp1: boolean) {
  const ids = {
    site,
    propertyId,
    photoId: await upload(eng, 'photo', JPEG),
    signatureId: await upload(eng, 'signature', PNG),
  };
  const wizardData = cp1 ? passingCp1Check(ids) : passingCheck(ids);
  const body = { id: randomUUID(), wizardData, notes: '', completedAt: '2026-03-02T10:25:00.000Z' };
  return eng.post('/api/reports', body);
}

describe("a report is taken under its site's pack", () => {
  it('refuses a report without the pack on a CP1/TS1 site (409 naming the pack), storing nothing', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin, { testPack: 'cp1-ts1' });
    const flat = await createProperty(admin, site.id);
    const res = await submit(eng, site, flat.id, false);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'wrong_pack',
      message:
        "This site's checks are taken under CP1/TS1 acceptance, version 3; this report was taken under Standard checklist, version 1",
      fields: { 'wizardData.testPack': expect.stringContaining('CP1/TS1 acceptance, version 3') },
    });
    expect(await (await t.database()).db.select({ id: reports.id }).from(reports)).toHaveLength(0);
    expect((await submit(eng, site, flat.id, true)).statusCode).toBe(201);
  });

  it('keeps a check started before its site changed pack under the pack it started with', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin);
    const [a, b] = [await createProperty(admin, site.id), await createProperty(admin, site.id)];
    // The checks started in March; the site moves to CP1/TS1 now.
    expect((await admin.patch(`/api/sites/${site.id}`, { testPack: 'cp1-ts1' })).statusCode).toBe(200);
    const before = await submit(eng, site, a.id, false);
    expect(before.statusCode, before.body).toBe(201);
    expect(before.json()).toMatchObject({ overallStatus: 'PASS' });
    expect((await submit(eng, site, b.id, true)).statusCode).toBe(201);
    // Back to the standard checklist: a CP1/TS1 check started in March (before either change) is refused.
    expect((await admin.patch(`/api/sites/${site.id}`, { testPack: 'standard' })).statusCode).toBe(200);
    const c = await createProperty(admin, site.id);
    expect((await submit(eng, site, c.id, true)).statusCode).toBe(409);
  });
});
