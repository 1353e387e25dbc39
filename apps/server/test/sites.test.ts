import { describe, expect, it } from 'vitest';
import { defaultDesignParameters } from '@hiu/domain';
import { client, signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite, insertDraft, insertReport, reportRow, rowCounts } from './helpers/admin-data.js';

const t = useTestApp();
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('POST /api/sites', () => {
  it('creates a site with the default design parameters when none are sent', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const res = await admin.post('/api/sites', { name: '  Oak Court ', location: 'Leeds' });
    expect(res.statusCode).toBe(201);
    const site = res.json();
    expect(site).toMatchObject({
      name: 'Oak Court',
      location: 'Leeds',
      availableBuildingTypes: ['1b2p', '2b4p', '3b5p'],
      propertyCount: 0,
    });
    // The domain's defaults; packages/domain/test/rules.test.ts holds them to the spec's values.
    expect(site.designParameters).toEqual(defaultDesignParameters());
    expect((await admin.get(`/api/sites/${site.id}`)).json()).toEqual(site);
  });

  it('keeps building types and design parameters that are sent', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const designParameters = {
      ...defaultDesignParameters(),
      radiators: { studio: { Hall: { expectedValveSetting: '3' } } },
    };
    const res = await admin.post('/api/sites', {
      name: 'Elm',
      location: 'York',
      availableBuildingTypes: ['studio'],
      designParameters,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      availableBuildingTypes: ['studio'],
      designParameters: { radiators: { studio: { Hall: { expectedValveSetting: '3' } } } },
    });
  });

  it.each([
    [{ name: '', location: 'Leeds' }, 'name', 'Please fill in all fields'],
    [{ name: 'Oak', location: '   ' }, 'location', 'Please fill in all fields'],
    [{ location: 'Leeds' }, 'name', undefined],
    [{ name: 'Oak', location: 'Leeds', extra: 1 }, undefined, undefined],
    [
      { name: 'Oak', location: 'Leeds', availableBuildingTypes: ['1b2p', '1B2P'] },
      'availableBuildingTypes',
      'This property type already exists',
    ],
    [
      {
        name: 'Oak',
        location: 'Leeds',
        designParameters: {
          ...defaultDesignParameters(),
          standby: { ...defaultDesignParameters().standby, flowTempMin: '50' },
        },
      },
      'designParameters.standby.flowTempMax',
      'Max must not be below min',
    ],
    [
      {
        name: 'Oak',
        location: 'Leeds',
        designParameters: { ...defaultDesignParameters(), tertiarySystem: { pressureMin: 'abc', pressureMax: '1.5' } },
      },
      'designParameters.tertiarySystem.pressureMin',
      undefined,
    ],
    [
      { name: 'Oak', location: 'Leeds', designParameters: { ...defaultDesignParameters(), radiators: { '9z9z': {} } } },
      'designParameters.radiators.9z9z',
      "9z9z is not one of the site's property types",
    ],
  ])('refuses %j with 422 and writes nothing', async (body, field, message) => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const res = await admin.post('/api/sites', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('validation_failed');
    if (field) expect(Object.keys(res.json().error.fields)).toContain(field);
    if (message) expect(res.json().error.message).toBe(message);
    expect((await rowCounts(await t.database())).sites).toBe(0);
  });

  it('refuses a second site with the same name (409), whatever the case or location', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    await createSite(admin, { name: 'Oak Court', location: 'Leeds' });
    const dup = await admin.post('/api/sites', { name: 'oak court', location: 'LEEDS' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('A site with this name already exists: site names are unique');
    expect((await admin.post('/api/sites', { name: 'Oak Court', location: 'York' })).statusCode).toBe(409);
    expect((await admin.post('/api/sites', { name: 'Oak Court York', location: 'York' })).statusCode).toBe(201);
  });
});

describe('GET /api/sites', () => {
  it('pages in name order, searches name or location, counts properties and leaves out design parameters', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const birch = await createSite(admin, { name: 'Birch', location: 'York' });
    await createSite(admin, { name: 'ash', location: 'Leeds' });
    await createSite(admin, { name: 'Cedar', location: 'Yorkshire Dales' });
    await createSite(admin, { name: '100% Oak', location: 'Hull' });
    await createProperty(admin, birch.id);
    await createProperty(admin, birch.id);

    const first = (await admin.get('/api/sites?limit=2')).json();
    expect(first.total).toBe(4);
    expect(first.items.map((s: { name: string }) => s.name)).toEqual(['100% Oak', 'ash']);
    expect(first.items[0]).not.toHaveProperty('designParameters');
    expect(first.items[0]).not.toHaveProperty('properties');
    const second = (await admin.get('/api/sites?limit=2&offset=2')).json();
    expect(second.items.map((s: { name: string; propertyCount: number }) => [s.name, s.propertyCount])).toEqual([
      ['Birch', 2],
      ['Cedar', 0],
    ]);
    const york = (await admin.get('/api/sites?q=YORK')).json();
    expect(york.items.map((s: { name: string }) => s.name)).toEqual(['Birch', 'Cedar']);
    expect(york.total).toBe(2);
    expect((await admin.get('/api/sites?q=bir')).json().items[0]).toEqual({
      id: birch.id,
      name: 'Birch',
      location: 'York',
      availableBuildingTypes: ['1b2p', '2b4p', '3b5p'],
      propertyCount: 2,
    });
    // % and _ are searched for literally
    expect((await admin.get('/api/sites?q=%25')).json().items.map((s: { name: string }) => s.name)).toEqual([
      '100% Oak',
    ]);
    expect((await admin.get('/api/sites?q=_')).json().total).toBe(0);
    expect((await admin.get('/api/sites?q=nowhere')).json()).toEqual({ items: [], total: 0 });
  });

  it.each(['limit=0', 'limit=201', 'limit=x', 'offset=-1'])('refuses a bad page query %s with 422', async (query) => {
    const admin = await signedIn(await t.app(), 'admin');
    expect((await admin.get(`/api/sites?${query}`)).statusCode).toBe(422);
  });
});

describe('GET /api/sites/:id', () => {
  it('answers 404 JSON for an unknown or malformed id', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    for (const id of [UNKNOWN, 'nope']) {
      const res = await admin.get(`/api/sites/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Site not found' } });
    }
  });
});

describe('PATCH /api/sites/:id', () => {
  it('renames a site and refuses blank values, empty bodies and duplicates without writing', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin, { name: 'Oak', location: 'Leeds' });
    await createSite(admin, { name: 'Elm', location: 'York' });
    const ok = await admin.patch(`/api/sites/${site.id}`, { name: 'Oak Court', location: 'Leeds North' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Oak Court', location: 'Leeds North' });

    const blank = await admin.patch(`/api/sites/${site.id}`, { name: ' ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().error.message).toBe('Please fill in all fields');
    expect((await admin.patch(`/api/sites/${site.id}`, {})).statusCode).toBe(422);
    expect((await admin.patch(`/api/sites/${site.id}`, { name: 'x', colour: 'red' })).statusCode).toBe(422);
    const dup = await admin.patch(`/api/sites/${site.id}`, { name: 'ELM', location: 'york' });
    expect(dup.statusCode).toBe(409);
    expect((await admin.get(`/api/sites/${site.id}`)).json()).toMatchObject({
      name: 'Oak Court',
      location: 'Leeds North',
    });
    expect((await admin.patch(`/api/sites/${UNKNOWN}`, { name: 'x' })).statusCode).toBe(404);
  });

  it('saves design parameters and building types together (Save Changes)', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin);
    const dp = defaultDesignParameters();
    const designParameters = {
      ...dp,
      standby: { ...dp.standby, flowTempMin: '44.5' },
      heating: { ...dp.heating, powerMax: '16' },
      dhw: { ...dp.dhw, kitchenTapTempMin: '46' },
      radiators: {
        '1b2p': { Hall: { expectedValveSetting: '2.5' } },
        '4b6p': { Kitchen: { expectedValveSetting: '3' } },
      },
    };
    const res = await admin.patch(`/api/sites/${site.id}`, {
      designParameters,
      availableBuildingTypes: ['1b2p', '4b6p'],
    });
    expect(res.statusCode).toBe(200);
    const saved = (await admin.get(`/api/sites/${site.id}`)).json();
    expect(saved.availableBuildingTypes).toEqual(['1b2p', '4b6p']);
    expect(saved.designParameters).toEqual(designParameters);
  });

  it('keeps the order of rooms as the admin arranged them', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin);
    const order = ['Living Room', 'Hall', 'Bedroom 10', 'Kitchen', 'En-suite', 'Bedroom 2'];
    const rooms = Object.fromEntries(order.map((r) => [r, { expectedValveSetting: '2.5' }]));
    const designParameters = {
      ...defaultDesignParameters(),
      radiators: { '3b5p': rooms, '1b2p': { Hall: { expectedValveSetting: '1' } } },
    };
    expect((await admin.patch(`/api/sites/${site.id}`, { designParameters })).statusCode).toBe(200);
    const saved = (await admin.get(`/api/sites/${site.id}`)).json().designParameters.radiators;
    expect(Object.keys(saved)).toEqual(['3b5p', '1b2p']);
    expect(Object.keys(saved['3b5p'])).toEqual(order);
  });

  it('refuses invalid ranges with the field of each problem and keeps the old parameters', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin);
    const dp = defaultDesignParameters();
    const res = await admin.patch(`/api/sites/${site.id}`, {
      designParameters: {
        ...dp,
        standby: { ...dp.standby, flowTempMin: '49' },
        heating: { ...dp.heating, powerMin: '' },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({
      'designParameters.standby.flowTempMax': 'Max must not be below min',
      'designParameters.heating.powerMin': 'Enter a number',
    });
    const notNumber = await admin.patch(`/api/sites/${site.id}`, {
      designParameters: { ...dp, dhw: { ...dp.dhw, tempMin: 'hot' } },
    });
    expect(notNumber.statusCode).toBe(422);
    expect(notNumber.json().error.fields).toHaveProperty(['designParameters.dhw.tempMin']);
    const roomsForUnknownType = await admin.patch(`/api/sites/${site.id}`, {
      designParameters: { ...dp, radiators: { '5b7p': {} } },
    });
    expect(roomsForUnknownType.statusCode).toBe(422);
    const badValve = await admin.patch(`/api/sites/${site.id}`, {
      designParameters: { ...dp, radiators: { '1b2p': { Hall: { expectedValveSetting: '' } } } },
    });
    expect(badValve.json().error.fields).toEqual({ 'designParameters.radiators.1b2p.Hall': 'Enter a number' });
    expect((await admin.get(`/api/sites/${site.id}`)).json().designParameters).toEqual(dp);
  });

  it('refuses to remove a property type that properties use, and drops the rooms of a removed type', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const site = await createSite(admin);
    await createProperty(admin, site.id, { propertyType: '3b5p' });
    await createProperty(admin, site.id, { propertyType: '3b5p' });
    const inUse = await admin.patch(`/api/sites/${site.id}`, { availableBuildingTypes: ['1b2p'] });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toBe(
      'Property type 3b5p (2 properties) is still used. Change or delete those properties first.',
    );

    const dp = defaultDesignParameters();
    await admin.patch(`/api/sites/${site.id}`, {
      designParameters: {
        ...dp,
        radiators: {
          '2b4p': { Hall: { expectedValveSetting: '2.5' } },
          '3b5p': { Hall: { expectedValveSetting: '2' } },
        },
      },
    });
    const removed = await admin.patch(`/api/sites/${site.id}`, { availableBuildingTypes: ['1b2p', '3b5p'] });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().designParameters.radiators).toEqual({ '3b5p': { Hall: { expectedValveSetting: '2' } } });
  });
});

describe('deleting a site', () => {
  it('names what goes, deletes properties and drafts in one go, and keeps reports with their own names', async () => {
    const app = await t.app();
    const database = await t.database();
    const admin = await signedIn(app, 'admin');
    const site = await createSite(admin, { name: 'Oak Court' });
    const other = await createSite(admin, { name: 'Elm' });
    const p1 = await createProperty(admin, site.id, { address: 'Flat 1' });
    await createProperty(admin, site.id);
    const keep = await createProperty(admin, other.id);
    await insertDraft(database, admin.userId, site.id, p1.id);
    await insertDraft(database, admin.userId, site.id, null);
    await insertDraft(database, admin.userId, other.id, keep.id);
    const report = await insertReport(database, site.id, p1.id, { siteName: 'Oak Court', propertyAddress: 'Flat 1' });

    const impact = await admin.get(`/api/sites/${site.id}/delete-impact`);
    expect(impact.json()).toEqual({ properties: 2, drafts: 2, reports: 1 });
    const del = await admin.delete(`/api/sites/${site.id}`);
    expect(del.statusCode).toBe(204);
    expect((await admin.get(`/api/sites/${site.id}`)).statusCode).toBe(404);
    expect(await rowCounts(database)).toEqual({ sites: 1, properties: 1, drafts: 1, reports: 1 });
    expect(await reportRow(database, report)).toMatchObject({
      siteId: null,
      propertyId: null,
      siteName: 'Oak Court',
      propertyAddress: 'Flat 1',
    });
    expect((await admin.delete(`/api/sites/${site.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/sites/${site.id}/delete-impact`)).statusCode).toBe(404);
  });
});

describe('who may call the site API', () => {
  it('lets engineers read sites (for the picker) and refuses every admin call with 403', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin);
    expect((await eng.get('/api/sites')).statusCode).toBe(200);
    expect((await eng.get(`/api/sites/${site.id}`)).json().designParameters).toEqual(defaultDesignParameters());
    const refused = [
      await eng.post('/api/sites', { name: 'Eng', location: 'Leeds' }),
      await eng.patch(`/api/sites/${site.id}`, { name: 'Eng' }),
      await eng.delete(`/api/sites/${site.id}`),
      await eng.get(`/api/sites/${site.id}/delete-impact`),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    expect((await admin.get(`/api/sites/${site.id}`)).json().name).toBe(site.name);
    expect((await rowCounts(await t.database())).sites).toBe(1);
  });

  it('refuses everything to someone signed out with 401', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const site = await createSite(admin);
    const anon = client(app);
    const calls = [
      await anon.get('/api/sites'),
      await anon.get(`/api/sites/${site.id}`),
      await anon.get(`/api/sites/${site.id}/delete-impact`),
      await anon.post('/api/sites', { name: 'Anon', location: 'Leeds' }),
      await anon.patch(`/api/sites/${site.id}`, { name: 'Anon' }),
      await anon.delete(`/api/sites/${site.id}`),
    ];
    expect(calls.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(calls[0]!.json().error.code).toBe('unauthenticated');
    expect((await rowCounts(await t.database())).sites).toBe(1);
  });
});
