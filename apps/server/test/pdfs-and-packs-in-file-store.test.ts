import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq, inArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { evidencePacks, files, reports } from '../src/db/schema.js';
import { pruneExpiredPacks } from '../src/evidence-packs/commands.js';
import { sha256Of } from '../src/files/object-store.js';
import { filesRepository } from '../src/files/repository.js';
import { s3Store } from '../src/files/s3-store.js';
import { serverFiles } from '../src/files/server-files.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';
import { signedIn, testFileStoreKind, testS3Settings, useTestApp } from './helpers/test-app.js';

const t = useTestApp();
const store = testFileStoreKind();

/** The object under this hash, read from the bucket as an operator would, not through the app. */
async function inBucket(sha256: string): Promise<Buffer | undefined> {
  const s = testS3Settings()!;
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
  });
  try {
    const res = await client.send(
      new GetObjectCommand({ Bucket: s.bucket, Key: `files/${sha256.slice(0, 2)}/${sha256}` }),
    );
    return Buffer.from(await res.Body!.transformToByteArray());
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  } finally {
    client.destroy();
  }
}

/** Where a stored file's bytes are: its row, and on S3 the object its hash names. */
async function storedAt(id: string) {
  const { db } = await t.database();
  const [row] = await db.select().from(files).where(eq(files.id, id));
  expect(row).toBeDefined();
  const bytes = row!.location === 's3' ? await inBucket(row!.sha256!) : row!.data;
  return { row: row!, bytes };
}

async function approvedReport() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const supervisor = await signedIn(app, 'supervisor');
  const site = await createSite(admin, { name: `Stored files ${Math.random()}` });
  await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`);
  const flat = await createProperty(admin, site.id, { address: 'Flat 1, Elm House', propertyType: '2b4p' });
  const reportId = await submitPassingReport(eng, site, flat.id, '2026-03-02T10:25:00.000Z');
  await supervisor.post(`/api/reports/${reportId}/review`, { decision: 'approve' });
  await t.jobsSettled();
  return { supervisor, site, reportId };
}

describe(`report PDFs and evidence packs in the ${store} store`, () => {
  it('keeps a report PDF where FILE_STORE says, under its SHA-256, and downloads the same bytes', async () => {
    const { supervisor, reportId } = await approvedReport();
    const { db } = await t.database();
    const [report] = await db.select({ pdfFileId: reports.pdfFileId }).from(reports).where(eq(reports.id, reportId));
    const { row, bytes } = await storedAt(report!.pdfFileId!);
    expect(row).toMatchObject({ kind: 'pdf', location: store });
    expect(row.data === null).toBe(store === 's3');
    expect(bytes && sha256Of(bytes)).toBe(row.sha256);

    const res = await supervisor.get(`/api/reports/${reportId}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(sha256Of(res.rawPayload)).toBe(row.sha256);
  });

  it.runIf(store === 's3')('deletes the object of a PDF a review replaced, once no file names it', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const supervisor = await signedIn(app, 'supervisor');
    const site = await createSite(admin, { name: `Replaced PDF ${Math.random()}` });
    await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`);
    const flat = await createProperty(admin, site.id, { address: 'Flat 2, Elm House', propertyType: '2b4p' });
    const reportId = await submitPassingReport(eng, site, flat.id, '2026-03-02T10:25:00.000Z');
    await t.jobsSettled();
    const { db } = await t.database();
    const pdfOf = async () =>
      (await db.select({ pdfFileId: reports.pdfFileId }).from(reports).where(eq(reports.id, reportId)))[0]!.pdfFileId!;
    const before = await storedAt(await pdfOf());
    expect(before.bytes).toBeDefined();

    // The approval prints the review block: a new PDF, and the one before it is no longer any file's.
    await supervisor.post(`/api/reports/${reportId}/review`, { decision: 'approve' });
    await t.jobsSettled();
    const after = await storedAt(await pdfOf());
    expect(after.row.sha256).not.toBe(before.row.sha256);
    expect(await inBucket(before.row.sha256!)).toBeUndefined();
    expect(await inBucket(after.row.sha256!)).toBeDefined();
  });

  it("keeps a pack's files there, downloads a ZIP whose files match the manifest, and deletes an expired one", async () => {
    const { supervisor, site } = await approvedReport();
    const made = await supervisor.post(`/api/sites/${site.id}/evidence-packs`);
    expect(made.statusCode).toBe(202);
    const packId = made.json().id as string;
    await t.jobsSettled();

    const res = await supervisor.get(`/api/evidence-packs/${packId}/download`);
    expect(res.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const manifest = JSON.parse(Buffer.from(zip['manifest.json']!).toString()) as {
      files: { path: string; size: number; sha256: string }[];
    };
    expect(manifest.files.map((f) => f.path).sort()).toEqual(
      Object.keys(zip)
        .filter((name) => name !== 'manifest.json')
        .sort(),
    );
    for (const f of manifest.files) expect(sha256Of(Buffer.from(zip[f.path]!))).toBe(f.sha256);

    const { db } = await t.database();
    const [pack] = await db.select().from(evidencePacks).where(eq(evidencePacks.id, packId));
    const ownIds = pack!.contents!.filter((c) => !c.path.startsWith('reports/')).map((c) => c.fileId);
    expect(ownIds).toHaveLength(3); // summary.pdf, reports.csv, dwellings.json
    const own = await Promise.all(ownIds.map(storedAt));
    for (const { row, bytes } of own) {
      expect(row).toMatchObject({ kind: 'pack', location: store });
      expect(bytes && sha256Of(bytes)).toBe(row.sha256);
    }

    // Expired: the pack and its own files go from whichever store holds them.
    await db
      .update(evidencePacks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(evidencePacks.id, packId));
    const objects = store === 's3' ? s3Store(testS3Settings()!) : undefined;
    const log = { warn: () => {} } as never;
    expect(await pruneExpiredPacks(db, serverFiles({ db, files: filesRepository(db), objects, log }))).toBe(1);
    expect(await db.select({ id: files.id }).from(files).where(inArray(files.id, ownIds))).toEqual([]);
    if (store === 's3') for (const { row } of own) expect(await inBucket(row.sha256!)).toBeUndefined();
    expect((await supervisor.get(`/api/evidence-packs/${packId}/download`)).statusCode).toBe(404);
  });
});
