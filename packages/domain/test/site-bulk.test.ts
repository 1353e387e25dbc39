import { describe, expect, it } from 'vitest';
import {
  parseSiteBulk,
  planSiteBulk,
  siteBulkSummary,
  siteKey,
  SITE_BULK_TEMPLATE,
  type ExistingBulkSite,
} from '../src/index.js';

const HEADER = 'site_name,site_location,property_address,property_type';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');
const errors = <T extends { severity: string }>(issues: T[]) => issues.filter((i) => i.severity === 'error');

describe('parseSiteBulk', () => {
  it('groups rows by site name and location, one row per property', () => {
    const r = parseSiteBulk(
      csv('Oak Court,Leeds,Flat 1,1b2p', 'oak court,LEEDS,"Flat 2, Block B",2b4p', 'Elm House,York,,'),
    );
    expect(r.issues).toEqual([]);
    expect(r.rowCount).toBe(3);
    expect(r.sites).toEqual([
      {
        key: siteKey('Oak Court', 'Leeds'),
        name: 'Oak Court',
        location: 'Leeds',
        row: 2,
        properties: [
          { row: 2, address: 'Flat 1', propertyType: '1b2p' },
          { row: 3, address: 'Flat 2, Block B', propertyType: '2b4p' },
        ],
      },
      { key: siteKey('Elm House', 'York'), name: 'Elm House', location: 'York', row: 4, properties: [] },
    ]);
  });

  it('puts a line break inside a quoted cell onto one line', () => {
    const r = parseSiteBulk(csv('"Oak\nCourt",Leeds,"Flat 1\r\nBlock B",1b2p'));
    expect(r.issues).toEqual([]);
    expect(r.sites[0]).toMatchObject({ name: 'Oak Court', properties: [{ address: 'Flat 1 Block B' }] });
  });

  it('accepts its own template, a BOM, spaced headers in any order, CRLF and semicolons', () => {
    expect(errors(parseSiteBulk(SITE_BULK_TEMPLATE).issues)).toEqual([]);
    expect(parseSiteBulk(SITE_BULK_TEMPLATE).sites.map((s) => s.properties.length)).toEqual([3, 1]);
    const r = parseSiteBulk(
      '\uFEFFProperty Type;Site Name;Site Location;Property Address\r\n1b2p;Oak;Leeds;Flat 1\r\n',
    );
    expect(r.issues).toEqual([]);
    expect(r.sites[0]!.properties[0]).toEqual({ row: 2, address: 'Flat 1', propertyType: '1b2p' });
  });

  it('reports missing and repeated columns on row 1 and reads no rows', () => {
    const r = parseSiteBulk('site_name,site_name,property_address\nA,B,C');
    expect(r.issues).toEqual([
      { row: 1, column: 'site_name', message: 'Column site_name appears twice', severity: 'error' },
      { row: 1, column: 'site_location', message: 'Missing column site_location', severity: 'error' },
      { row: 1, column: 'property_type', message: 'Missing column property_type', severity: 'error' },
    ]);
    expect(r.sites).toEqual([]);
  });

  it('warns about an unknown column and ignores it', () => {
    const r = parseSiteBulk('site_name,site_location,property_address,property_type,notes\nA,B,C,1b2p,hello');
    expect(r.issues).toEqual([{ row: 1, column: 'notes', message: 'Unknown column, ignored', severity: 'warning' }]);
    expect(r.sites).toHaveLength(1);
  });

  it('gives every bad row its row number and column, counting blank rows like a spreadsheet', () => {
    const r = parseSiteBulk(
      csv(
        ',Leeds,Flat 1,1b2p',
        '',
        'Oak,,Flat 2,1b2p',
        'Oak,Leeds,,1b2p',
        'Oak,Leeds,Flat 3,',
        'Oak,Leeds,Flat, 4,1b2p',
        `${'n'.repeat(121)},Leeds,,`,
      ),
    );
    expect(r.issues.map((i) => [i.row, i.column, i.severity])).toEqual([
      [2, 'site_name', 'error'],
      [4, 'site_location', 'error'],
      [5, 'property_address', 'error'],
      [6, 'property_type', 'error'],
      [7, '', 'error'],
      [8, 'site_name', 'error'],
    ]);
    expect(r.issues[4]!.message).toContain('Put values that contain commas in double quotes');
    expect(r.issues[5]!.message).toBe('Site name is longer than 120 characters');
    expect(r.rowCount).toBe(6);
  });

  it('reports an unterminated quote', () => {
    const r = parseSiteBulk(csv('Oak,Leeds,"Flat 1,1b2p'));
    expect(errors(r.issues)[0]).toMatchObject({ row: 2, message: 'Quoted field unterminated' });
  });

  it('refuses an empty file or a header without rows', () => {
    expect(errors(parseSiteBulk('').issues)[0]!.message).toBe('The file is empty');
    expect(errors(parseSiteBulk(HEADER).issues)[0]!.message).toBe('The file has no data rows');
  });

  it('refuses a site name that appears with two locations (site names are unique)', () => {
    const r = parseSiteBulk(csv('Oak,Leeds,Flat 1,1b2p', 'Oak,York,Flat 1,1b2p'));
    expect(r.sites).toHaveLength(1);
    expect(r.issues).toEqual([
      {
        row: 3,
        column: 'site_location',
        message: 'Site Oak also appears with location Leeds; site names are unique, so give one of them another name',
        severity: 'error',
      },
    ]);
  });

  it('refuses a new site whose name an existing site elsewhere has', () => {
    const parsed = parseSiteBulk(csv('Oak,York,Flat 1,1b2p'));
    const plan = planSiteBulk(parsed, [
      {
        id: '00000000-0000-4000-8000-000000000001',
        key: siteKey('Oak', 'York'),
        name: 'Oak',
        availableBuildingTypes: ['1b2p'],
        existingAddresses: new Set(),
        takenAtLocation: 'Leeds',
      },
    ]);
    expect(plan.issues.filter((i) => i.severity === 'error').map((i) => i.message)).toEqual([
      'A site named Oak already exists at Leeds; site names are unique, so use another name or that location',
    ]);
    expect(plan.newSites).toEqual([]);
  });
});

describe('planSiteBulk', () => {
  const existing = (over: Partial<ExistingBulkSite> = {}): ExistingBulkSite => ({
    id: '00000000-0000-4000-8000-000000000001',
    key: siteKey('Oak', 'Leeds'),
    name: 'Oak',
    availableBuildingTypes: ['1b2p', '2b4p'],
    existingAddresses: new Set(['flat 1']),
    ...over,
  });

  it('creates new sites with the default types plus new ones, and skips duplicate addresses', () => {
    const plan = planSiteBulk(
      parseSiteBulk(
        csv('Elm,York,Flat 1,1b2p', 'Elm,York,FLAT 1,2b4p', 'Elm,York,Flat 2,4B6P', 'Elm,York,Flat 3,4b6p'),
      ),
      [],
    );
    expect(plan.newSites).toEqual([
      {
        name: 'Elm',
        location: 'York',
        availableBuildingTypes: ['1b2p', '2b4p', '3b5p', '4B6P'],
        properties: [
          { address: 'Flat 1', propertyType: '1b2p' },
          { address: 'Flat 2', propertyType: '4B6P' },
          { address: 'Flat 3', propertyType: '4B6P' },
        ],
      },
    ]);
    expect(plan.issues).toEqual([
      { row: 3, column: 'property_address', message: 'Duplicate of row 2; skipped', severity: 'warning' },
      { row: 4, column: 'property_type', message: 'New property type 4B6P added to site Elm', severity: 'warning' },
    ]);
    expect(siteBulkSummary(plan.issues, plan)).toEqual({
      sitesCreated: 1,
      propertiesCreated: 3,
      totalErrors: 0,
      totalWarnings: 2,
    });
  });

  it('adds new properties to an existing site, skipping its addresses, and refuses a type it lacks', () => {
    const parsed = parseSiteBulk(csv('oak,leeds,Flat 1,1b2p', 'Oak,Leeds,Flat 2,2B4P', 'Oak,Leeds,Flat 3,3b5p'));
    const plan = planSiteBulk(parsed, [existing()]);
    expect(plan.addToSites).toEqual([
      { siteId: existing().id, properties: [{ address: 'Flat 2', propertyType: '2b4p' }] },
    ]);
    // The error that stops the upload is listed before the warnings of earlier rows.
    expect(plan.issues).toEqual([
      {
        row: 4,
        column: 'property_type',
        message: '3b5p is not a property type of site Oak (1b2p, 2b4p)',
        severity: 'error',
      },
      {
        row: 2,
        column: 'site_name',
        message: 'Site Oak already exists; its new properties are added to it',
        severity: 'warning',
      },
      { row: 2, column: 'property_address', message: 'Already exists at this site; skipped', severity: 'warning' },
    ]);
    expect(siteBulkSummary(plan.issues, plan)).toEqual({
      sitesCreated: 0,
      propertiesCreated: 0,
      totalErrors: 1,
      totalWarnings: 2,
    });
  });
});
