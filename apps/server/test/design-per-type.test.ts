import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { defaultDesignParameters, type DesignParameters } from '@hiu/domain';
import { passingCheck } from '@hiu/domain/testing';
import { createProperty, createSite } from './helpers/admin-data.js';
import { JPEG, PNG, upload } from './helpers/report-files.js';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';

// Design values per property type (docs/product.md#values-per-property-type).
const t = useTestApp();

/** The site's standby return stays 40-43 °C; its 2b4p flats are allowed up to 48 °C. */
function designWith2b4pReturnUpTo48(): DesignParameters {
  return {
    ...defaultDesignParameters(),
    byPropertyType: { '2b4p': { standby: { returnTempMax: '48' } } },
  };
}

async function setup() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const site = await createSite(admin, { designParameters: designWith2b4pReturnUpTo48() });
  return { admin, eng, site };
}

/** Submits a passing check of a new flat of `type` whose standby return reads `returnTemp` °C. */
async function submitFor(
  admin: TestClient,
  eng: TestClient,
  site: { id: string; name: string },
  type: string,
  returnTemp: string,
) {
  const flat = await createProperty(admin, site.id, { propertyType: type });
  const photoId = await upload(eng, 'photo', JPEG);
  const signatureId = await upload(eng, 'signature', PNG);
  const data = passingCheck({
    site,
    propertyId: flat.id,
    dwellingType: type,
    photoId,
    signatureId,
    standbyMode: { returnTemp },
  });
  const body = { id: randomUUID(), wizardData: data, notes: 'Standby return', completedAt: '2026-03-02T10:25:00.000Z' };
  const res = await eng.post('/api/reports', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; overallStatus: string; reference: string };
}

const csvRow = async (admin: TestClient, siteName: string, reference: string) => {
  const res = await admin.get(`/api/reports/analysis.csv?siteName=${encodeURIComponent(siteName)}`);
  const rows = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true }).data;
  return rows.find((r) => r.Reference === reference)!;
};

describe("a flat judged by its property type's own design values", () => {
  it('keeps the values per type an admin saves, and gives them back', async () => {
    const { admin, site } = await setup();
    const res = await admin.patch(`/api/sites/${site.id}`, {
      designParameters: {
        ...designWith2b4pReturnUpTo48(),
        byPropertyType: { '3b5p': { cp1: { designFlow: '0.9' } }, '2b4p': { standby: { returnTempMax: '47' } } },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await admin.get(`/api/sites/${site.id}`)).json().designParameters.byPropertyType).toEqual({
      '3b5p': { cp1: { designFlow: '0.9' } },
      '2b4p': { standby: { returnTempMax: '47' } },
    });
  });

  it.each([
    ['2b4p', '48', 'PASS', { min: 40, max: 48 }],
    ['2b4p', '48.1', 'FAIL', { min: 40, max: 48 }],
    ['1b2p', '43', 'PASS', { min: 40, max: 43 }],
    ['1b2p', '43.1', 'FAIL', { min: 40, max: 43 }],
  ])(
    'a %s flat with a %s °C standby return is %s, the range it was held to stored and in the CSV',
    async (type, value, verdict, range) => {
      const { admin, eng, site } = await setup();
      const report = await submitFor(admin, eng, site, type, value);
      expect(report.overallStatus).toBe(verdict);
      expect((await admin.get(`/api/reports/${report.id}`)).json().ranges.standbyReturnTemp).toEqual(range);
      expect(await csvRow(admin, site.name, report.reference)).toMatchObject({
        'Standby Mode: Return Temperature (°C)': value,
        'Standby Mode: Return Temperature (°C) Min': String(range.min),
        'Standby Mode: Return Temperature (°C) Max': String(range.max),
        'Standby Mode: Return Temperature (°C) Verdict': verdict,
      });
    },
  );

  it("judges by the flat's type as the office holds it, not the type the check sent", async () => {
    const { admin, eng, site } = await setup();
    const flat = await createProperty(admin, site.id, { propertyType: '2b4p' });
    const photoId = await upload(eng, 'photo', JPEG);
    const signatureId = await upload(eng, 'signature', PNG);
    const data = passingCheck({ site, propertyId: flat.id, dwellingType: '1b2p', photoId, signatureId });
    Object.assign(data.standbyMode!, { returnTemp: '45' });
    const body = { id: randomUUID(), wizardData: data, notes: '', completedAt: '2026-03-02T10:25:00.000Z' };
    const res = await eng.post('/api/reports', body);
    expect(res.json()).toMatchObject({ overallStatus: 'PASS' });
  });

  it('keeps an earlier report’s stored verdict when its type’s values change later', async () => {
    const { admin, eng, site } = await setup();
    const report = await submitFor(admin, eng, site, '1b2p', '45');
    expect(report.overallStatus).toBe('FAIL');
    const looser = {
      ...designWith2b4pReturnUpTo48(),
      byPropertyType: { '1b2p': { standby: { returnTempMax: '48' } } },
    };
    expect((await admin.patch(`/api/sites/${site.id}`, { designParameters: looser })).statusCode).toBe(200);
    const stored = (await admin.get(`/api/reports/${report.id}`)).json();
    expect(stored).toMatchObject({ overallStatus: 'FAIL' });
    expect(stored.ranges.standbyReturnTemp).toEqual({ min: 40, max: 43 });
    const later = await submitFor(admin, eng, site, '1b2p', '45');
    expect(later.overallStatus).toBe('PASS');
  });

  it('refuses values for a type the site does not have, and a min above the max the type ends up with', async () => {
    const { admin, site } = await setup();
    const unknown = await admin.patch(`/api/sites/${site.id}`, {
      designParameters: { ...defaultDesignParameters(), byPropertyType: { '4b6p': { dhw: { powerMax: '30' } } } },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fields).toEqual({
      'designParameters.byPropertyType.4b6p': "4b6p is not one of the site's property types",
    });
    const crossed = await admin.patch(`/api/sites/${site.id}`, {
      designParameters: {
        ...defaultDesignParameters(),
        byPropertyType: { '2b4p': { standby: { returnTempMin: '43.1' } } },
      },
    });
    expect(crossed.statusCode).toBe(422);
    expect(crossed.json().error.fields).toEqual({
      'designParameters.byPropertyType.2b4p.standby.returnTempMin': 'Min must not be above max',
    });
    const notNumber = await admin.patch(`/api/sites/${site.id}`, {
      designParameters: {
        ...defaultDesignParameters(),
        byPropertyType: { '2b4p': { standby: { returnTempMax: 'hot' } } },
      },
    });
    expect(notNumber.statusCode).toBe(422);
    expect(Object.keys(notNumber.json().error.fields)).toEqual([
      'designParameters.byPropertyType.2b4p.standby.returnTempMax',
    ]);
  });

  it('drops a type’s own values when the type is removed from the site', async () => {
    const { admin, site } = await setup();
    const res = await admin.patch(`/api/sites/${site.id}`, { availableBuildingTypes: ['1b2p', '3b5p'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().designParameters.byPropertyType).toEqual({});
  });
});
