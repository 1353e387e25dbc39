import { describe, expect, it } from 'vitest';
import { client, signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite, insertDraft, insertReport, reportRow, rowCounts } from './helpers/admin-data.js';

const t = useTestApp();

/** Each listed property also says where it stands (site-progress.test.ts tests the statuses). */
const notStarted = {
  status: 'not_started',
  latestReportAt: null,
  latestHiuModel: null,
  latestHiuSerial: null,
  block: '',
  floor: '',
};
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('POST /api/properties', () => {
  it('adds a property, storing the type in the site spelling', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin);
    const res = await admin.post('/api/properties', {
      siteId: site.id,
      address: ' Flat 1, Block B ',
      propertyType: '2B4P',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      siteId: site.id,
      address: 'Flat 1, Block B',
      propertyType: '2b4p',
      block: '',
      floor: '',
    });
    expect((await admin.get(`/api/properties/${res.json().id}`)).json()).toEqual(res.json());
    // Block and floor, for the dashboard: set, changed, refused over 60 characters.
    const placed = await admin.post('/api/properties', {
      siteId: site.id,
      address: 'Flat 2',
      propertyType: '2b4p',
      block: ' B ',
      floor: '3',
    });
    expect(placed.json()).toMatchObject({ block: 'B', floor: '3' });
    expect((await admin.patch(`/api/properties/${placed.json().id}`, { floor: '4' })).json()).toMatchObject({
      floor: '4',
    });
    const long = await admin.patch(`/api/properties/${placed.json().id}`, { block: 'x'.repeat(61) });
    expect(long.statusCode).toBe(422);
    expect(long.json().error.fields).toHaveProperty('block');
    expect((await admin.get(`/api/sites/${site.id}`)).json().propertyCount).toBe(2);
  });

  it.each([
    [{ address: 'Flat 1', propertyType: '1b2p' }, 422, 'Please select a site first'],
    [{ siteId: '', address: 'Flat 1', propertyType: '1b2p' }, 422, 'Please select a site first'],
    [{ siteId: UNKNOWN, address: 'Flat 1', propertyType: '1b2p' }, 404, 'Site not found'],
    [{ siteId: 'SITE', address: ' ', propertyType: '1b2p' }, 422, 'Please fill in all fields'],
    [{ siteId: 'SITE', address: 'Flat 1', propertyType: '' }, 422, 'Please fill in all fields'],
    [
      { siteId: 'SITE', address: 'Flat 1', propertyType: '4b6p' },
      422,
      "4b6p is not one of this site's property types (1b2p, 2b4p, 3b5p)",
    ],
    [{ siteId: 'SITE', address: 'Flat 1', propertyType: '1b2p', floor: 2 }, 422, undefined],
  ])('refuses %j and writes nothing', async (body: Record<string, unknown>, status, message) => {
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin);
    const payload = { ...body, ...(body.siteId === 'SITE' ? { siteId: site.id } : {}) };
    const res = await admin.post('/api/properties', payload);
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().error.message).toBe(message);
    expect((await rowCounts(await t.database())).properties).toBe(0);
  });

  it('refuses an address the site already has (409, any case) but allows it at another site', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin);
    const other = await createSite(admin);
    await createProperty(admin, site.id, { address: 'Flat 1' });
    const dup = await admin.post('/api/properties', { siteId: site.id, address: 'FLAT 1', propertyType: '1b2p' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toEqual({
      code: 'conflict',
      message: 'A property with this address already exists at this site',
      fields: { address: 'A property with this address already exists at this site' },
    });
    expect(
      (await admin.post('/api/properties', { siteId: other.id, address: 'Flat 1', propertyType: '1b2p' })).statusCode,
    ).toBe(201);
  });
});

describe('GET /api/properties', () => {
  it('orders numbers by value however many digits they have (an address holds up to 300 characters)', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin);
    const long = `Unit 1${'0'.repeat(99)}`; // 100 digits
    for (const address of [long, 'Unit 1234567890', 'Unit 99', 'Unit 007']) {
      await createProperty(admin, site.id, { address });
    }
    const list = (await admin.get(`/api/properties?siteId=${site.id}`)).json();
    expect(list.items.map((p: { address: string }) => p.address)).toEqual([
      'Unit 007',
      'Unit 99',
      'Unit 1234567890',
      long,
    ]);
  });

  it('searches one site by address and pages in reading order (Flat 2 before Flat 10)', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin);
    const other = await createSite(admin);
    for (const address of ['Flat 10, High St', 'flat 2, High St', 'Flat 1, Low Rd', '3 Mill Lane']) {
      await createProperty(admin, site.id, { address });
    }
    await createProperty(admin, other.id, { address: 'Flat 9, High St' });

    const all = (await admin.get(`/api/properties?siteId=${site.id}&limit=3`)).json();
    expect(all.total).toBe(4);
    expect(all.items.map((p: { address: string }) => p.address)).toEqual([
      '3 Mill Lane',
      'Flat 1, Low Rd',
      'flat 2, High St',
    ]);
    const next = (await admin.get(`/api/properties?siteId=${site.id}&limit=3&offset=3`)).json();
    expect(next.items.map((p: { address: string }) => p.address)).toEqual(['Flat 10, High St']);
    // The picker's status filter lists in the same order.
    const waiting = (await admin.get(`/api/properties?siteId=${site.id}&status=not_started`)).json();
    expect(waiting.items.map((p: { address: string }) => p.address)).toEqual([
      '3 Mill Lane',
      'Flat 1, Low Rd',
      'flat 2, High St',
      'Flat 10, High St',
    ]);
    const high = (await admin.get(`/api/properties?siteId=${site.id}&q=HIGH%20st`)).json();
    expect(high).toEqual({
      total: 2,
      items: [
        { id: expect.any(String), siteId: site.id, address: 'flat 2, High St', propertyType: '1b2p', ...notStarted },
        { id: expect.any(String), siteId: site.id, address: 'Flat 10, High St', propertyType: '1b2p', ...notStarted },
      ],
    });
    expect((await admin.get(`/api/properties?siteId=${site.id}&q=%25`)).json().total).toBe(0);
  });

  it('needs a known site and a sane page', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const missing = await admin.get('/api/properties');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.message).toBe('Please select a site first');
    expect((await admin.get(`/api/properties?siteId=${UNKNOWN}`)).statusCode).toBe(404);
    const site = await createSite(admin);
    expect((await admin.get(`/api/properties?siteId=${site.id}&limit=1000`)).statusCode).toBe(422);
    expect((await admin.get(`/api/properties/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await admin.get('/api/properties/not-an-id')).json()).toEqual({
      error: { code: 'not_found', message: 'Property not found' },
    });
  });
});

describe('PATCH /api/properties/:id', () => {
  it('edits address and type and refuses bad values without writing', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin);
    const p = await createProperty(admin, site.id, { address: 'Flat 1' });
    await createProperty(admin, site.id, { address: 'Flat 2' });
    const ok = await admin.patch(`/api/properties/${p.id}`, { address: 'Flat 1A', propertyType: '3B5P' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ address: 'Flat 1A', propertyType: '3b5p' });

    expect((await admin.patch(`/api/properties/${p.id}`, { propertyType: 'penthouse' })).statusCode).toBe(422);
    expect((await admin.patch(`/api/properties/${p.id}`, { address: '' })).json().error.message).toBe(
      'Please fill in all fields',
    );
    expect((await admin.patch(`/api/properties/${p.id}`, {})).json().error.message).toBe('Nothing to update');
    expect((await admin.patch(`/api/properties/${p.id}`, { address: 'flat 2' })).statusCode).toBe(409);
    expect((await admin.patch(`/api/properties/${p.id}`, { siteId: site.id })).statusCode).toBe(422);
    expect((await admin.patch(`/api/properties/${UNKNOWN}`, { address: 'x' })).statusCode).toBe(404);
    expect((await admin.get(`/api/properties/${p.id}`)).json()).toMatchObject({
      address: 'Flat 1A',
      propertyType: '3b5p',
    });
  });
});

describe('DELETE /api/properties/:id', () => {
  it('names and deletes its drafts and keeps its reports', async () => {
    const database = await t.database();
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin, { name: 'Oak Court' });
    const p = await createProperty(admin, site.id, { address: 'Flat 1' });
    const other = await createProperty(admin, site.id);
    await insertDraft(database, admin.userId, site.id, p.id);
    await insertDraft(database, admin.userId, site.id, other.id);
    const report = await insertReport(database, site.id, p.id, { siteName: 'Oak Court', propertyAddress: 'Flat 1' });

    expect((await admin.get(`/api/properties/${p.id}/delete-impact`)).json()).toEqual({ drafts: 1, reports: 1 });
    expect((await admin.delete(`/api/properties/${p.id}`)).statusCode).toBe(204);
    expect(await rowCounts(database)).toEqual({ sites: 1, properties: 1, drafts: 1, reports: 1 });
    expect(await reportRow(database, report)).toMatchObject({
      siteId: site.id,
      propertyId: null,
      propertyAddress: 'Flat 1',
    });
    expect((await admin.delete(`/api/properties/${p.id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/properties/bulk', () => {
  it('adds every property and answers the count', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin);
    const res = await admin.post('/api/properties/bulk', {
      siteId: site.id,
      properties: [
        { address: 'Flat 1, Block A', propertyType: '1b2p' },
        { address: 'Flat 2', propertyType: '2B4P' },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ count: 2 });
    const list = (await admin.get(`/api/properties?siteId=${site.id}`)).json();
    expect(list.items.map((p: { address: string; propertyType: string }) => [p.address, p.propertyType])).toEqual([
      ['Flat 1, Block A', '1b2p'],
      ['Flat 2', '2b4p'],
    ]);
  });

  it('imports nothing when any item is bad, and names each bad item', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin);
    await createProperty(admin, site.id, { address: 'Flat 9' });
    const res = await admin.post('/api/properties/bulk', {
      siteId: site.id,
      properties: [
        { address: 'Flat 1', propertyType: '1b2p' },
        { address: 'Flat 2', propertyType: '7b9p' },
        { address: 'flat 1', propertyType: '1b2p' },
        { address: 'FLAT 9', propertyType: '1b2p' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({
      'properties.1.propertyType': "7b9p is not one of this site's property types (1b2p, 2b4p, 3b5p)",
      'properties.2.address': 'Same address as item 1',
      'properties.3.address': 'A property with this address already exists at this site',
    });
    expect(res.json().error.message).toMatch(/^3 properties cannot be imported/);
    expect((await rowCounts(await t.database())).properties).toBe(1);
  });

  it.each([
    [{ properties: [{ address: 'Flat 1', propertyType: '1b2p' }] }, 422, 'Please select a site first'],
    [{ siteId: UNKNOWN, properties: [{ address: 'Flat 1', propertyType: '1b2p' }] }, 404, 'Site not found'],
    [{ siteId: 'SITE', properties: [] }, 422, 'No valid properties found in CSV'],
    [{ siteId: 'SITE', properties: [{ address: '', propertyType: '1b2p' }] }, 422, 'Please fill in all fields'],
    [{ siteId: 'SITE', properties: 'Flat 1,1b2p' }, 422, undefined],
  ])('refuses %j', async (body: Record<string, unknown>, status, message) => {
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin);
    const res = await admin.post('/api/properties/bulk', {
      ...body,
      ...(body.siteId === 'SITE' ? { siteId: site.id } : {}),
    });
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().error.message).toBe(message);
    expect((await rowCounts(await t.database())).properties).toBe(0);
  });

  it('refuses more than 20,000 properties at a time', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin);
    const properties = Array.from({ length: 20_001 }, (_, i) => ({ address: `Flat ${i}`, propertyType: '1b2p' }));
    const res = await admin.post('/api/properties/bulk', { siteId: site.id, properties });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('At most 20000 properties at a time');
  });
});

describe('who may call the property API', () => {
  it('lets engineers search properties (the picker) and refuses every admin call with 403', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin);
    const p = await createProperty(admin, site.id, { address: 'Flat 1' });
    expect((await eng.get(`/api/properties?siteId=${site.id}&q=flat`)).json().total).toBe(1);
    expect((await eng.get(`/api/properties/${p.id}`)).statusCode).toBe(200);
    const refused = [
      await eng.post('/api/properties', { siteId: site.id, address: 'Flat 2', propertyType: '1b2p' }),
      await eng.patch(`/api/properties/${p.id}`, { address: 'Flat 3' }),
      await eng.delete(`/api/properties/${p.id}`),
      await eng.get(`/api/properties/${p.id}/delete-impact`),
      await eng.post('/api/properties/bulk', {
        siteId: site.id,
        properties: [{ address: 'Flat 4', propertyType: '1b2p' }],
      }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect((await admin.get(`/api/properties?siteId=${site.id}`)).json().items).toEqual([{ ...p, ...notStarted }]);
  });

  it('refuses everything to someone signed out with 401', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const site = await createSite(admin);
    const p = await createProperty(admin, site.id);
    const anon = client(app);
    const calls = [
      await anon.get(`/api/properties?siteId=${site.id}`),
      await anon.get(`/api/properties/${p.id}`),
      await anon.get(`/api/properties/${p.id}/delete-impact`),
      await anon.post('/api/properties', { siteId: site.id, address: 'Flat 2', propertyType: '1b2p' }),
      await anon.patch(`/api/properties/${p.id}`, { address: 'Flat 3' }),
      await anon.delete(`/api/properties/${p.id}`),
      await anon.post('/api/properties/bulk', {
        siteId: site.id,
        properties: [{ address: 'Flat 4', propertyType: '1b2p' }],
      }),
    ];
    expect(calls.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 401, 401]);
    expect((await rowCounts(await t.database())).properties).toBe(1);
  });
});
