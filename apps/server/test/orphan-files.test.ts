import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files } from '../src/db/schema.js';
import { cleanUpOrphanFiles } from '../src/jobs/orphan-files.js';
import { filesRepository } from '../src/files/repository.js';
import type { WizardDataInput } from '@hiu/domain';
import { passingCheck } from '@hiu/domain/testing';
import { createProperty, createSite } from './helpers/admin-data.js';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { JPEG } from './security/helpers/fixture.js';

const t = useTestApp();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GRACE_HOURS = 168;
const DAY_MS = 24 * 3600_000;
/** A clean-up run as if `days` had passed since the uploads. */
const later = (days: number) => new Date(Date.now() + days * DAY_MS);

async function upload(who: TestClient, kind: 'photo' | 'signature', id = randomUUID()) {
  const res = await who.put(`/api/files/${id}?kind=${kind}`, kind === 'photo' ? JPEG : PNG, {
    'content-type': kind === 'photo' ? 'image/jpeg' : 'image/png',
  });
  expect(res.statusCode).toBe(201);
  return id;
}

async function setup() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const site = await createSite(admin, { name: 'Orphan Court', location: 'York' });
  const property = await createProperty(admin, site.id, { address: 'Flat 3, Birch House', propertyType: '2b4p' });
  const repo = filesRepository((await t.database()).db);
  const stored = async (ids: string[]) =>
    (await (await t.database()).db.select({ id: files.id }).from(files).where(inArray(files.id, ids)))
      .map((r) => r.id)
      .sort();
  return { eng, site, property, repo, stored };
}

const saveDraft = (eng: TestClient, id: string, data: WizardDataInput, siteId: string, propertyId: string) =>
  eng.post('/api/drafts', { id, siteId, propertyId, currentStep: 'Photos & Signature', wizardData: data });

/** Submits a report of `data` (201 expected) and gives its id. */
async function submitReport(eng: TestClient, data: WizardDataInput) {
  const id = randomUUID();
  const res = await eng.post('/api/reports', {
    id,
    wizardData: data,
    notes: '',
    completedAt: new Date().toISOString(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return id;
}

describe('orphan photos and signatures', () => {
  it('deletes an upload nothing refers to once the grace period has passed, and not before', async () => {
    const { eng, repo, stored } = await setup();
    const orphan = await upload(eng, 'photo');
    expect(await cleanUpOrphanFiles(repo, GRACE_HOURS)).toBe(0);
    expect(await cleanUpOrphanFiles(repo, GRACE_HOURS, later(6))).toBe(0);
    expect(await stored([orphan])).toEqual([orphan]);
    expect(await cleanUpOrphanFiles(repo, GRACE_HOURS, later(8))).toBe(1);
    expect(await stored([orphan])).toEqual([]);
    expect((await eng.get(`/api/files/${orphan}`)).statusCode).toBe(404);
  });

  it("keeps what the owner's draft refers to; a photo removed or replaced in the draft goes", async () => {
    const { eng, site, property, repo, stored } = await setup();
    const photo = await upload(eng, 'photo');
    const signature = await upload(eng, 'signature');
    const draftId = randomUUID();
    const data = passingCheck({ site, propertyId: property.id, photoId: photo, signatureId: signature });
    expect((await saveDraft(eng, draftId, data, site.id, property.id)).statusCode).toBeLessThan(300);
    expect(await cleanUpOrphanFiles(repo, GRACE_HOURS, later(30))).toBe(0);

    // The engineer takes a new photo instead and signs again.
    const newPhoto = await upload(eng, 'photo');
    const newSignature = await upload(eng, 'signature');
    const replaced = passingCheck({ site, propertyId: property.id, photoId: newPhoto, signatureId: newSignature });
    expect((await saveDraft(eng, draftId, replaced, site.id, property.id)).statusCode).toBeLessThan(300);
    expect(await cleanUpOrphanFiles(repo, GRACE_HOURS, later(30))).toBe(2);
    expect(await stored([photo, signature, newPhoto, newSignature])).toEqual([newPhoto, newSignature].sort());
  });

  it("another user's draft naming the id does not keep a file", async () => {
    const { eng, site, property, repo, stored } = await setup();
    const photo = await upload(eng, 'photo');
    const other = await signedIn(await t.app(), 'engineer');
    const data = passingCheck({ site, propertyId: property.id, photoId: photo, signatureId: randomUUID() });
    await saveDraft(other, randomUUID(), data, site.id, property.id);
    expect(await cleanUpOrphanFiles(repo, GRACE_HOURS, later(8))).toBe(1);
    expect(await stored([photo])).toEqual([]);
  });

  it('a submitted report claims its photo and signature for good; its PDF is never an orphan', async () => {
    const { eng, site, property, repo, stored } = await setup();
    const photo = await upload(eng, 'photo');
    const signature = await upload(eng, 'signature');
    const draftId = randomUUID();
    const data = passingCheck({ site, propertyId: property.id, photoId: photo, signatureId: signature });
    await saveDraft(eng, draftId, data, site.id, property.id);
    const id = await submitReport(eng, data);
    // The accepted report cleared its flat's draft (decision 130).
    expect((await eng.delete(`/api/drafts/${draftId}`)).statusCode).toBe(404);

    const db = (await t.database()).db;
    const claimed = await db
      .select({ id: files.id, reportId: files.reportId })
      .from(files)
      .where(eq(files.reportId, id));
    expect(claimed.map((r) => r.id).sort()).toEqual([photo, signature].sort());
    expect(await cleanUpOrphanFiles(repo, GRACE_HOURS, later(3650))).toBe(0);
    expect(await stored([photo, signature])).toHaveLength(2);
    expect((await eng.get(`/api/reports/${id}/pdf`)).statusCode).toBe(200);
  });

  it('a report whose photo was cleaned up meanwhile is refused with 409 naming it, and stored once it is sent again', async () => {
    const { eng, site, property, repo } = await setup();
    const photo = await upload(eng, 'photo');
    const signature = await upload(eng, 'signature');
    const data = passingCheck({ site, propertyId: property.id, photoId: photo, signatureId: signature });
    // The photo and signature were only ever on the phone's check (no draft reached the server).
    expect(await cleanUpOrphanFiles(repo, GRACE_HOURS, later(8))).toBe(2);
    const body = { id: randomUUID(), wizardData: data, notes: '', completedAt: new Date().toISOString() };
    const refused = await eng.post('/api/reports', body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain(photo);
    // The phone still holds them and uploads them again under the same ids.
    await upload(eng, 'photo', photo);
    await upload(eng, 'signature', signature);
    expect((await eng.post('/api/reports', body)).statusCode).toBe(201);
  });

  it('stores nothing when a listed file disappears between the check and the insert', async () => {
    const { eng, site, property } = await setup();
    const { createRepositories } = await import('../src/repositories/index.js');
    const repos = createRepositories((await t.database()).db);
    const photo = await upload(eng, 'photo');
    const gone = randomUUID();
    const data = passingCheck({ site, propertyId: property.id, photoId: photo, signatureId: gone });
    const id = randomUUID();
    const { runCommand } = await import('../src/db/unit-of-work.js');
    const { storeReport } = await import('../src/reports/submit-report.js');
    const db = (await t.database()).db;
    const store = runCommand(db, null, (uow) =>
      storeReport(
        uow,
        {
          id,
          userId: eng.userId!,
          siteId: site.id,
          propertyId: property.id,
          siteName: site.name,
          propertyAddress: 'Flat 3',
          dwellingType: '2b4p',
          hiuModel: 'M',
          hiuSerial: 'S',
          engineerName: 'E',
          startTime: data.startTime!,
          completedAt: new Date(),
          overallStatus: 'PASS',
          notes: '',
          failedStep: null,
          failureReasons: [],
          ranges: {} as never,
          rangesSource: 'site',
          wizardData: data as never,
          pdfFilename: 'r.pdf',
        },
        [photo, gone.toUpperCase()],
      ),
    );
    await expect(store).rejects.toMatchObject({ missing: [gone] });
    expect(await repos.reports.summary(id)).toBeUndefined();
    expect(
      (await db.select({ reportId: files.reportId }).from(files).where(eq(files.id, photo)))[0]!.reportId,
    ).toBeNull();
  });

  it('two app servers cleaning up at once delete each orphan once, without errors', async () => {
    const { eng, repo, stored } = await setup();
    const ids = await Promise.all(Array.from({ length: 12 }, () => upload(eng, 'photo')));
    const at = later(8);
    const [a, b] = await Promise.all([
      cleanUpOrphanFiles(repo, GRACE_HOURS, at),
      cleanUpOrphanFiles(repo, GRACE_HOURS, at),
    ]);
    expect(a + b).toBe(12);
    expect(await stored(ids)).toEqual([]);
  });

  it('the migration lets reports stored before it claim their files', async () => {
    const { eng, site, property, repo, stored } = await setup();
    const photo = await upload(eng, 'photo');
    const signature = await upload(eng, 'signature');
    const data = passingCheck({ site, propertyId: property.id, photoId: photo.toUpperCase(), signatureId: signature });
    await submitReport(eng, data);
    const database = await t.database();
    await database.exec('UPDATE files SET report_id = NULL');
    const migration = fs.readFileSync(
      path.join(import.meta.dirname, '../src/db/migrations/0008_files_claimed_by_reports.sql'),
      'utf8',
    );
    await database.exec(migration.split('--> statement-breakpoint').at(-1)!);
    expect(await cleanUpOrphanFiles(repo, GRACE_HOURS, later(3650))).toBe(0);
    expect(await stored([photo, signature])).toHaveLength(2);
  });
});
