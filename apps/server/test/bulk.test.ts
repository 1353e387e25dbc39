import { describe, expect, it } from 'vitest';
import { defaultDesignParameters, SITE_BULK_TEMPLATE } from '@hiu/domain';
import { client, signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite, rowCounts } from './helpers/admin-data.js';

const t = useTestApp();
const HEADER = 'site_name,site_location,property_address,property_type';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');

type Site = { id: string; name: string; location: string; availableBuildingTypes: string[]; propertyCount: number };
async function allSites(admin: Awaited<ReturnType<typeof signedIn>>): Promise<Site[]> {
  return (await admin.get('/api/sites?limit=200')).json().items;
}

describe('GET /api/sites/bulk/template', () => {
  it('downloads site-upload-template.csv with the documented columns', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const res = await admin.get('/api/sites/bulk/template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="site-upload-template.csv"');
    expect(res.body.split('\r\n')[0]).toBe(HEADER);
    expect(res.body).toBe(SITE_BULK_TEMPLATE);
  });

  it('uploads as it downloads: the template itself creates its example sites', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const template = (await admin.get('/api/sites/bulk/template')).body;
    const res = await admin.post('/api/sites/bulk', { csvData: template });
    expect(res.json()).toEqual({
      summary: { sitesCreated: 2, propertiesCreated: 4, totalErrors: 0, totalWarnings: 0 },
      errors: [],
    });
    const riverside = (await allSites(admin)).find((s) => s.name === 'Riverside Court')!;
    const addresses = (await admin.get(`/api/properties?siteId=${riverside.id}`))
      .json()
      .items.map((p: { address: string }) => p.address);
    expect(addresses).toEqual(['Flat 1', 'Flat 2', 'Flat 3, Block B']);
  });
});

describe('POST /api/sites/bulk', () => {
  it('creates sites with the site-creation defaults and their properties', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const res = await admin.post('/api/sites/bulk', {
      csvData: csv(
        'Oak Court,Leeds,"Flat 1, Block A",1b2p',
        'Oak Court,Leeds,Flat 2,2B4P',
        'Elm House,York,,',
        'Ash,Hull,Flat 1,4b6p',
      ),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      summary: { sitesCreated: 3, propertiesCreated: 3, totalErrors: 0, totalWarnings: 1 },
      errors: [
        { row: 5, column: 'property_type', message: 'New property type 4b6p added to site Ash', severity: 'warning' },
      ],
    });
    const sites = await allSites(admin);
    expect(sites.map((s) => [s.name, s.location, s.propertyCount, s.availableBuildingTypes])).toEqual([
      ['Ash', 'Hull', 1, ['1b2p', '2b4p', '3b5p', '4b6p']],
      ['Elm House', 'York', 0, ['1b2p', '2b4p', '3b5p']],
      ['Oak Court', 'Leeds', 2, ['1b2p', '2b4p', '3b5p']],
    ]);
    const oak = (await admin.get(`/api/sites/${sites[2]!.id}`)).json();
    expect(oak.designParameters).toEqual(defaultDesignParameters());
    const props = (await admin.get(`/api/properties?siteId=${oak.id}`)).json().items;
    expect(props.map((p: { address: string; propertyType: string }) => [p.address, p.propertyType])).toEqual([
      ['Flat 1, Block A', '1b2p'],
      ['Flat 2', '2b4p'],
    ]);
  });

  it('creates nothing when any row has an error, and lists row, column, message and severity', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const res = await admin.post('/api/sites/bulk', {
      csvData: csv(
        'Oak Court,Leeds,Flat 1,1b2p',
        ',Leeds,Flat 2,1b2p',
        'Oak Court,Leeds,Flat 1,1b2p',
        'Oak Court,Leeds,Flat 3,',
      ),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      summary: { sitesCreated: 0, propertiesCreated: 0, totalErrors: 2, totalWarnings: 1 },
      errors: [
        { row: 3, column: 'site_name', message: 'Site name is required', severity: 'error' },
        { row: 5, column: 'property_type', message: 'Property type is required', severity: 'error' },
        { row: 4, column: 'property_address', message: 'Duplicate of row 2; skipped', severity: 'warning' },
      ],
    });
    expect(await rowCounts(await t.database())).toMatchObject({ sites: 0, properties: 0 });
  });

  it('adds new properties to an existing site (warning), skips addresses it has, and refuses a type it lacks', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const oak = await createSite(admin, {
      name: 'Oak Court',
      location: 'Leeds',
      availableBuildingTypes: ['1b2p', '2b4p'],
    });
    await createProperty(admin, oak.id, { address: 'Flat 1' });

    const ok = await admin.post('/api/sites/bulk', {
      csvData: csv('oak court,leeds,FLAT 1,1b2p', 'Oak Court,Leeds,Flat 2,2b4p'),
    });
    expect(ok.json()).toEqual({
      summary: { sitesCreated: 0, propertiesCreated: 1, totalErrors: 0, totalWarnings: 2 },
      errors: [
        {
          row: 2,
          column: 'site_name',
          message: 'Site Oak Court already exists; its new properties are added to it',
          severity: 'warning',
        },
        { row: 2, column: 'property_address', message: 'Already exists at this site; skipped', severity: 'warning' },
      ],
    });
    expect((await admin.get(`/api/sites/${oak.id}`)).json().propertyCount).toBe(2);

    const bad = await admin.post('/api/sites/bulk', {
      csvData: csv('Oak Court,Leeds,Flat 3,1b2p', 'Oak Court,Leeds,Flat 4,3b5p', 'New,Hull,Flat 1,1b2p'),
    });
    expect(bad.json().summary).toEqual({ sitesCreated: 0, propertiesCreated: 0, totalErrors: 1, totalWarnings: 1 });
    // The error is listed first, before the earlier row's warning.
    expect(bad.json().errors.map((e: { row: number; severity: string }) => [e.row, e.severity])).toEqual([
      [3, 'error'],
      [2, 'warning'],
    ]);
    expect(bad.json().errors).toContainEqual({
      row: 3,
      column: 'property_type',
      message: '3b5p is not a property type of site Oak Court (1b2p, 2b4p)',
      severity: 'error',
    });
    expect(await rowCounts(await t.database())).toMatchObject({ sites: 1, properties: 2 });
  });

  it('reports a wrong header on row 1', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const res = await admin.post('/api/sites/bulk', { csvData: 'name,location\nOak,Leeds' });
    expect(res.json().summary.totalErrors).toBe(4);
    expect(res.json().errors[0]).toEqual({
      row: 1,
      column: 'site_name',
      message: 'Missing column site_name',
      severity: 'error',
    });
    expect((await rowCounts(await t.database())).sites).toBe(0);
  });

  it('handles thousands of rows in one transaction', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const rows = Array.from({ length: 6000 }, (_, i) => `Site ${i % 600},Leeds,Flat ${i},2b4p`);
    const res = await admin.post('/api/sites/bulk', { csvData: csv(...rows) });
    expect(res.json().summary).toEqual({
      sitesCreated: 600,
      propertiesCreated: 6000,
      totalErrors: 0,
      totalWarnings: 0,
    });
    expect(await rowCounts(await t.database())).toMatchObject({ sites: 600, properties: 6000 });
  });

  it.each([
    [{}, 422, undefined],
    [{ csvData: '' }, 422, 'Please select a CSV file to upload'],
    [{ csvData: '  \n ' }, 422, 'Please select a CSV file to upload'],
    [{ csvData: 42 }, 422, undefined],
    [{ csvData: HEADER, extra: true }, 422, undefined],
  ])('refuses the body %j', async (body, status, message) => {
    const admin = await signedIn(await t.app(), 'admin');
    const res = await admin.post('/api/sites/bulk', body);
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().error.message).toBe(message);
  });

  it('refuses a file over 5 MB or over 20,000 rows with 413 and creates nothing', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const big = csv(...Array.from({ length: 60_000 }, (_, i) => `Site,Leeds,Flat ${i} ${'x'.repeat(80)},1b2p`));
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const tooBig = await admin.post('/api/sites/bulk', { csvData: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toEqual({
      code: 'too_large',
      message: 'The CSV file is larger than 5 MB. Split it into smaller files.',
    });
    const many = csv(...Array.from({ length: 20_001 }, (_, i) => `Site,Leeds,Flat ${i},1b2p`));
    const tooMany = await admin.post('/api/sites/bulk', { csvData: many });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error.message).toBe(
      'The CSV file has 20001 rows; at most 20000 can be uploaded at a time. Split it into smaller files.',
    );
    expect((await rowCounts(await t.database())).sites).toBe(0);
  });

  it('is for admins only: 403 for engineers, 401 signed out', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const body = { csvData: csv('Oak,Leeds,Flat 1,1b2p') };
    expect((await eng.post('/api/sites/bulk', body)).statusCode).toBe(403);
    expect((await eng.get('/api/sites/bulk/template')).statusCode).toBe(403);
    expect((await client(app).post('/api/sites/bulk', body)).statusCode).toBe(401);
    expect((await client(app).get('/api/sites/bulk/template')).statusCode).toBe(401);
    // Who is calling is checked before a large body is read (these bodies would be 422 if read).
    const big = { csvData: 'x'.repeat(6 * 1024 * 1024), extra: true };
    expect((await client(app).post('/api/sites/bulk', big)).statusCode).toBe(401);
    expect((await eng.post('/api/sites/bulk', big)).statusCode).toBe(403);
    const siteId = '00000000-0000-4000-8000-000000000000';
    const properties = Array.from({ length: 30_000 }, (_, i) => ({
      address: `Flat ${i} ${'x'.repeat(100)}`,
      propertyType: '1b2p',
    }));
    expect((await client(app).post('/api/properties/bulk', { siteId, properties })).statusCode).toBe(401);
    expect((await eng.post('/api/properties/bulk', { siteId, properties })).json().error.code).toBe('forbidden');
    expect((await rowCounts(await t.database())).sites).toBe(0);
  });
});
