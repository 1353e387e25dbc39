import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passingCheck } from '@hiu/domain/testing';
import { auditLog, propertyWitnesses } from '../src/db/schema.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { JPEG, PNG, upload } from './helpers/report-files.js';
import { signedIn, useTestApp } from './helpers/test-app.js';

const t = useTestApp();

const WINDOW = 'between 2000-01-01 and 2100-12-31';
const OUTSIDE = ['0001-01-01', '1970-01-01', '1999-12-31', '2101-01-01', '9999-12-31'];

async function team() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const supervisor = await signedIn(app, 'supervisor');
  const site = await createSite(admin, { name: `Window ${randomUUID().slice(0, 8)}` });
  for (const who of [eng, supervisor])
    expect([200, 201]).toContain((await admin.put(`/api/sites/${site.id}/members/${who.userId}`)).statusCode);
  const flat = await createProperty(admin, site.id, { address: 'Flat 1' });
  return { admin, eng, supervisor, site, flat };
}

const auditCount = async () =>
  (await (await t.database()).db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

describe('a calendar date outside 2000-01-01 to 2100-12-31 is refused, naming the field', () => {
  it('a due date: 422 naming dueDate, nothing assigned; the first and last days of the window are taken', async () => {
    const { eng, supervisor, site, flat } = await team();
    const assign = (dueDate: string) =>
      supervisor.post(`/api/sites/${site.id}/assignments`, {
        engineerId: eng.userId,
        propertyIds: [flat.id],
        dueDate,
      });
    const before = await auditCount();
    for (const dueDate of OUTSIDE) {
      const res = await assign(dueDate);
      expect(res.statusCode, dueDate).toBe(422);
      expect(res.json().error.fields, dueDate).toEqual({ dueDate: `Due date must be ${WINDOW}` });
    }
    expect((await supervisor.get(`/api/sites/${site.id}/assignments?propertyId=${flat.id}`)).json()).toEqual([]);
    expect(await auditCount()).toBe(before);
    for (const dueDate of ['2000-01-01', '2100-12-31']) expect((await assign(dueDate)).statusCode, dueDate).toBe(200);
  });

  it('a witness date: 422 naming date, nothing stored', async () => {
    const { supervisor, flat } = await team();
    const witness = (date: string) =>
      supervisor.put(`/api/properties/${flat.id}/witness`, { name: 'Alex Assessor', role: 'assessor', date });
    for (const date of OUTSIDE) {
      const res = await witness(date);
      expect(res.statusCode, date).toBe(422);
      expect(res.json().error.fields, date).toEqual({ date: `Witness date must be ${WINDOW}` });
    }
    expect(await (await t.database()).db.select().from(propertyWitnesses)).toEqual([]);
    expect((await witness('2100-12-31')).statusCode).toBe(200);
  });

  it("a filter's dates on the history, the dashboard and the reports table: 422 naming from or to", async () => {
    const { admin, site } = await team();
    for (const [url, field] of [
      ['/api/audit?from=9999-12-31', 'from'],
      ['/api/audit?to=0001-01-01', 'to'],
      ['/api/audit.csv?to=9999-12-31', 'to'],
      [`/api/sites/${site.id}/dashboard?from=0001-01-01`, 'from'],
      [`/api/sites/${site.id}/dashboard?to=9999-12-31`, 'to'],
      [`/api/reports/table?siteId=${site.id}&from=1999-12-31`, 'from'],
    ] as const) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().error.fields[field], url).toMatch(new RegExp(`must be ${WINDOW}$`));
    }
  });
});

describe("a report's start and completion times outside the window are refused", () => {
  it('completedAt or wizardData.startTime of 1970 or 9999: 422 naming the field, no report stored', async () => {
    const { eng, site, flat } = await team();
    const photo = await upload(eng, 'photo', JPEG);
    const signature = await upload(eng, 'signature', PNG);
    const check = () => passingCheck({ site, propertyId: flat.id, photoId: photo, signatureId: signature });
    const cases: [string, Record<string, unknown>][] = [
      ['completedAt', { completedAt: '1970-01-01T00:00:00.000Z' }],
      ['completedAt', { completedAt: '9999-12-31T23:59:59.000Z' }],
      ['wizardData.startTime', { wizardData: { ...check(), startTime: '1970-01-01T00:00:00.000Z' } }],
      ['wizardData.startTime', { wizardData: { ...check(), startTime: '0001-01-01T09:00:00.000Z' } }],
    ];
    for (const [field, change] of cases) {
      const body = { id: randomUUID(), wizardData: check(), notes: '', completedAt: '2026-03-02T10:25:00.000Z' };
      const res = await eng.post('/api/reports', { ...body, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().error.fields[field], field).toMatch(new RegExp(`must be ${WINDOW}$`));
    }
    expect((await eng.get('/api/me/reports')).json().items).toEqual([]);
    const fine = { id: randomUUID(), wizardData: check(), notes: '', completedAt: '2026-03-02T10:25:00.000Z' };
    expect((await eng.post('/api/reports', fine)).statusCode).toBe(201);
  });
});
