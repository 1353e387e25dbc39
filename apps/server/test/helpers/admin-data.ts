import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { drafts, properties, reports, sites } from '../../src/db/schema.js';
import type { TestClient } from './test-app.js';

/** Builders for the admin tests: make data through the API as an admin would. */
export async function createSite(admin: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await admin.post('/api/sites', {
    name: `Site ${randomUUID().slice(0, 8)}`,
    location: 'Leeds',
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`createSite: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string; location: string; availableBuildingTypes: string[] };
}

export async function createProperty(admin: TestClient, siteId: string, overrides: Record<string, unknown> = {}) {
  const res = await admin.post('/api/properties', {
    siteId,
    address: `Flat ${randomUUID().slice(0, 6)}`,
    propertyType: '1b2p',
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`createProperty: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; siteId: string; address: string; propertyType: string };
}

/** Drafts and reports belong to other parts of the API; these tests only need rows that point at a site. */
export async function insertDraft(
  database: Database,
  userId: string,
  siteId: string | null,
  propertyId: string | null,
) {
  const id = randomUUID();
  await database.db
    .insert(drafts)
    .values({ id, userId, siteId, propertyId, currentStep: 'Initial Checks', wizardData: {} as never });
  return id;
}

export async function insertReport(
  database: Database,
  siteId: string | null,
  propertyId: string | null,
  names = { siteName: 'Oak Court', propertyAddress: 'Flat 1' },
) {
  const id = randomUUID();
  await database.db.insert(reports).values({
    id,
    siteId,
    propertyId,
    ...names,
    dwellingType: '1b2p',
    hiuModel: 'M1',
    hiuSerial: '123',
    engineerName: 'Eddie Engineer',
    startTime: new Date().toISOString(),
    completedAt: new Date(),
    overallStatus: 'PASS',
    notes: '',
    failureReasons: [],
    ranges: {} as never,
    wizardData: {} as never,
    pdfFilename: 'HIU_123.pdf',
  });
  return id;
}

export async function reportRow(database: Database, id: string) {
  const [row] = await database.db.select().from(reports).where(eq(reports.id, id));
  return row;
}

export async function rowCounts(database: Database) {
  const n = async (table: typeof sites | typeof properties | typeof drafts | typeof reports) =>
    (await database.db.select({ n: count() }).from(table))[0]!.n;
  return { sites: await n(sites), properties: await n(properties), drafts: await n(drafts), reports: await n(reports) };
}
