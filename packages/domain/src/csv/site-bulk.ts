import Papa from 'papaparse';
import { DEFAULT_BUILDING_TYPES } from '../schemas/design-ranges.js';
import { ISSUE_SEVERITIES } from './limits.js';

/**
 * Site bulk upload: one row per property, the site's name and location repeated on each row.
 * A row with a site but no address and no type creates the site alone.
 */
export const SITE_BULK_COLUMNS = ['site_name', 'site_location', 'property_address', 'property_type'] as const;
export type SiteBulkColumn = (typeof SITE_BULK_COLUMNS)[number];

export const SITE_BULK_TEMPLATE_FILE_NAME = 'site-upload-template.csv';

/** The downloadable template: the header and a few example rows, one of them an address with commas. */
export const SITE_BULK_TEMPLATE =
  [
    SITE_BULK_COLUMNS.join(','),
    'Riverside Court,Leeds,Flat 1,1b2p',
    'Riverside Court,Leeds,Flat 2,2b4p',
    'Riverside Court,Leeds,"Flat 3, Block B",3b5p',
    'Maple House,Manchester,12 Maple Road,2b4p',
  ].join('\r\n') + '\r\n';

export const MAX_SITE_BULK_BYTES = 5 * 1024 * 1024;
export const MAX_SITE_BULK_ROWS = 20_000;

export type Severity = (typeof ISSUE_SEVERITIES)[number];
export interface SiteBulkIssue {
  /** Spreadsheet row number: the header is row 1, the first data row is row 2. */
  row: number;
  column: string;
  message: string;
  severity: Severity;
}

export interface SiteBulkSite {
  /** Case-insensitive identity of a site: name and location. */
  key: string;
  name: string;
  location: string;
  /** Row that first names this site. */
  row: number;
  properties: { row: number; address: string; propertyType: string }[];
}

export interface ParsedSiteBulk {
  sites: SiteBulkSite[];
  issues: SiteBulkIssue[];
  /** Data rows read (blank rows excluded). */
  rowCount: number;
}

const LIMITS = { site_name: 120, site_location: 200, property_address: 300, property_type: 40 } as const;
const LABELS: Record<SiteBulkColumn, string> = {
  site_name: 'Site name',
  site_location: 'Site location',
  property_address: 'Property address',
  property_type: 'Property type',
};

export const siteKey = (name: string, location: string) =>
  `${name.trim().toLowerCase()}\u0000${location.trim().toLowerCase()}`;
const normaliseHeader = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Reads the CSV text into sites and their properties, with every problem found in the file itself. */
export function parseSiteBulk(csv: string): ParsedSiteBulk {
  const issues: SiteBulkIssue[] = [];
  const error = (row: number, column: string, message: string) =>
    issues.push({ row, column, message, severity: 'error' });
  const warning = (row: number, column: string, message: string) =>
    issues.push({ row, column, message, severity: 'warning' });

  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), {
    skipEmptyLines: false,
    delimitersToGuess: [',', ';', '\t'],
  });
  const records = parsed.data;
  for (const e of parsed.errors) {
    if (e.type === 'Delimiter') continue;
    error((e.row ?? 0) + 1, '', e.message);
  }

  const isBlank = (r: string[] | undefined) => !r || r.every((f) => f.trim() === '');
  const headerIndex = records.findIndex((r) => !isBlank(r));
  if (headerIndex < 0) {
    error(1, '', 'The file is empty');
    return { sites: [], issues, rowCount: 0 };
  }
  const header = records[headerIndex]!.map(normaliseHeader);
  const col = {} as Record<SiteBulkColumn, number>;
  for (const name of SITE_BULK_COLUMNS) {
    const at = header.indexOf(name);
    if (at < 0) error(headerIndex + 1, name, `Missing column ${name}`);
    else if (header.indexOf(name, at + 1) >= 0) error(headerIndex + 1, name, `Column ${name} appears twice`);
    col[name] = at;
  }
  header.forEach((h, i) => {
    if (!(SITE_BULK_COLUMNS as readonly string[]).includes(h)) {
      warning(headerIndex + 1, h || `column ${i + 1}`, 'Unknown column, ignored');
    }
  });
  if (issues.some((i) => i.severity === 'error' && i.row === headerIndex + 1)) {
    return { sites: [], issues, rowCount: 0 };
  }

  const sites = new Map<string, SiteBulkSite>();
  const locationsByName = new Map<string, string>();
  let rowCount = 0;
  for (let i = headerIndex + 1; i < records.length; i++) {
    const record = records[i]!;
    if (isBlank(record)) continue;
    rowCount++;
    const row = i + 1;
    if (record.length > header.length) {
      error(
        row,
        '',
        `The row has ${record.length} values but the header has ${header.length}. Put values that contain commas in double quotes.`,
      );
      continue;
    }
    // A quoted cell may hold a line break; names and addresses are one line, so it becomes a space.
    const cell = (c: SiteBulkColumn) => (record[col[c]] ?? '').replace(/\s+/g, ' ').trim();
    const values = {
      site_name: cell('site_name'),
      site_location: cell('site_location'),
      property_address: cell('property_address'),
      property_type: cell('property_type'),
    };
    let ok = true;
    for (const c of SITE_BULK_COLUMNS) {
      if (values[c].length > LIMITS[c]) {
        error(row, c, `${LABELS[c]} is longer than ${LIMITS[c]} characters`);
        ok = false;
      }
    }
    if (!values.site_name) {
      error(row, 'site_name', 'Site name is required');
      ok = false;
    }
    if (!values.site_location) {
      error(row, 'site_location', 'Site location is required');
      ok = false;
    }
    if (values.property_type && !values.property_address) {
      error(row, 'property_address', 'Property address is required when a property type is given');
      ok = false;
    }
    if (values.property_address && !values.property_type) {
      error(row, 'property_type', 'Property type is required');
      ok = false;
    }
    if (!ok) continue;

    const key = siteKey(values.site_name, values.site_location);
    let site = sites.get(key);
    if (!site) {
      const nameKey = values.site_name.toLowerCase();
      const otherLocation = locationsByName.get(nameKey);
      // A site's name is unique (reports and exports name a site by it).
      if (otherLocation !== undefined) {
        error(
          row,
          'site_location',
          `Site ${values.site_name} also appears with location ${otherLocation}; site names are unique, so give one of them another name`,
        );
        continue;
      } else locationsByName.set(nameKey, values.site_location);
      site = { key, name: values.site_name, location: values.site_location, row, properties: [] };
      sites.set(key, site);
    }
    if (values.property_address)
      site.properties.push({ row, address: values.property_address, propertyType: values.property_type });
  }
  if (rowCount === 0) error(headerIndex + 1, '', 'The file has no data rows');
  return { sites: [...sites.values()], issues, rowCount };
}

/** A site already in the database that the upload names. */
export interface ExistingBulkSite {
  id: string;
  key: string;
  name: string;
  availableBuildingTypes: string[];
  /** Lower-cased addresses of this site that the upload also names. */
  existingAddresses: Set<string>;
  /** Set when the upload's site has this site's name but another location: the name is taken. */
  takenAtLocation?: string;
}

export interface SiteBulkPlan {
  newSites: {
    name: string;
    location: string;
    availableBuildingTypes: string[];
    properties: { address: string; propertyType: string }[];
  }[];
  /** Properties for sites that already exist. */
  addToSites: { siteId: string; properties: { address: string; propertyType: string }[] }[];
  issues: SiteBulkIssue[];
  sitesCreated: number;
  propertiesCreated: number;
}

/**
 * Decides what the upload creates. A site that exists (same name and location) gets the new properties
 * (warning); an address repeated in the file or already at the site is skipped (warning). A new site gets
 * the default building types plus any other type its rows use; an existing site's types are not changed,
 * so a type it lacks is an error. Any error in `issues` means nothing may be created.
 */
export function planSiteBulk(parsed: ParsedSiteBulk, existing: ExistingBulkSite[]): SiteBulkPlan {
  const issues = [...parsed.issues];
  const byKey = new Map(existing.map((s) => [s.key, s]));
  const plan: SiteBulkPlan = { newSites: [], addToSites: [], issues, sitesCreated: 0, propertiesCreated: 0 };

  for (const site of parsed.sites) {
    const found = byKey.get(site.key);
    if (found?.takenAtLocation !== undefined) {
      issues.push({
        row: site.row,
        column: 'site_name',
        message: `A site named ${found.name} already exists at ${found.takenAtLocation || 'no location'}; site names are unique, so use another name or that location`,
        severity: 'error',
      });
      continue;
    }
    const types = found ? [...found.availableBuildingTypes] : [...DEFAULT_BUILDING_TYPES];
    const typeBySpelling = new Map(types.map((t) => [t.toLowerCase(), t]));
    if (found) {
      issues.push({
        row: site.row,
        column: 'site_name',
        message: `Site ${found.name} already exists; its new properties are added to it`,
        severity: 'warning',
      });
    }
    const seen = new Map<string, number>();
    const properties: { address: string; propertyType: string }[] = [];
    for (const p of site.properties) {
      const addressKey = p.address.toLowerCase();
      const earlier = seen.get(addressKey);
      if (earlier !== undefined) {
        issues.push({
          row: p.row,
          column: 'property_address',
          message: `Duplicate of row ${earlier}; skipped`,
          severity: 'warning',
        });
        continue;
      }
      seen.set(addressKey, p.row);
      if (found?.existingAddresses.has(addressKey)) {
        issues.push({
          row: p.row,
          column: 'property_address',
          message: 'Already exists at this site; skipped',
          severity: 'warning',
        });
        continue;
      }
      let type = typeBySpelling.get(p.propertyType.toLowerCase());
      if (!type) {
        if (found) {
          issues.push({
            row: p.row,
            column: 'property_type',
            message: `${p.propertyType} is not a property type of site ${found.name} (${types.join(', ')})`,
            severity: 'error',
          });
          continue;
        }
        type = p.propertyType;
        types.push(type);
        typeBySpelling.set(type.toLowerCase(), type);
        issues.push({
          row: p.row,
          column: 'property_type',
          message: `New property type ${type} added to site ${site.name}`,
          severity: 'warning',
        });
      }
      properties.push({ address: p.address, propertyType: type });
    }
    if (found) {
      if (properties.length > 0) plan.addToSites.push({ siteId: found.id, properties });
    } else {
      plan.newSites.push({ name: site.name, location: site.location, availableBuildingTypes: types, properties });
      plan.sitesCreated++;
    }
    plan.propertiesCreated += properties.length;
  }
  // Errors first, then warnings, each in row order: what stops the upload is never listed below, or cut off
  // by, warnings (the API lists the first few hundred).
  issues.sort((a, b) => (a.severity === b.severity ? a.row - b.row : a.severity === 'error' ? -1 : 1));
  return plan;
}

export function siteBulkSummary(issues: SiteBulkIssue[], created: { sitesCreated: number; propertiesCreated: number }) {
  const totalErrors = issues.filter((i) => i.severity === 'error').length;
  return {
    sitesCreated: totalErrors > 0 ? 0 : created.sitesCreated,
    propertiesCreated: totalErrors > 0 ? 0 : created.propertiesCreated,
    totalErrors,
    totalWarnings: issues.length - totalErrors,
  };
}
