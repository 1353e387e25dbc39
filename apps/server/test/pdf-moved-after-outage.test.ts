import { randomUUID } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq, inArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { evidencePacks, files, jobs, reports } from '../src/db/schema.js';
import { FILE_OFFLOAD_JOB, fileOffloadJob } from '../src/files/commands.js';
import { sha256Of } from '../src/files/object-store.js';
import { filesRepository } from '../src/files/repository.js';
import { s3Store } from '../src/files/s3-store.js';
import { serverFiles } from '../src/files/server-files.js';
import { keepReportPdf } from '../src/reports/commands.js';
import { reportPdfs } from '../src/exports/report-pdf.js';
import { evidencePackJob } from '../src/jobs/evidence-pack-job.js';
import { EVIDENCE_PACK_JOB } from '../src/evidence-packs/commands.js';
import { createRepositories } from '../src/repositories/index.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';
import { signedIn, testFileStoreKind, testS3Settings, useTestApp } from './helpers/test-app.js';
import { storeThatIsDown } from './helpers/store-down.js';

/**
 * A report PDF built while the S3 store did not answer is kept in the database (docs/product.md#files); a
 * `file.offload` job queued with its row moves it to the store once the store answers, and the PDF downloads the
 * same bytes before, during and after. The "outage" is the same bucket behind an address nothing listens on.
 */
const t = useTestApp();
const onS3 = testFileStoreKind() === 's3';
const log = { warn: () => {}, error: () => {} } as never;

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

describe.runIf(onS3)('a report PDF kept in the database during a store outage', () => {
  it('is moved to the store by a job once it answers, and downloads throughout', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const supervisor = await signedIn(app, 'supervisor');
    const site = await createSite(admin, { name: `Outage PDF ${Math.random()}` });
    await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`);
    const flat = await createProperty(admin, site.id, { address: 'Flat 3, Elm House', propertyType: '2b4p' });
    const reportId = await submitPassingReport(eng, site, flat.id, '2026-03-02T10:25:00.000Z');
    await t.jobsSettled();
    const { db } = await t.database();
    const [report] = await db.select().from(reports).where(eq(reports.id, reportId));
    // The built PDF lost (its row deleted), so the next build keeps a new one.
    await db.delete(files).where(eq(files.id, report!.pdfFileId!));

    const down = storeThatIsDown(testS3Settings());
    const repo = filesRepository(db);
    const pdf = { id: randomUUID(), ownerId: report!.userId, data: Buffer.from(`%PDF-1.7 built ${randomUUID()}`) };
    const kept = await keepReportPdf(db, serverFiles({ db, files: repo, objects: down, log }), reportId, pdf, {
      revision: report!.revision,
      reviewState: report!.reviewState,
    });
    expect(kept.toString()).toBe(pdf.data.toString());
    const sha256 = sha256Of(pdf.data);

    // Served while it waits (from the database) and after the move (from the store).
    const download = async () => {
      const res = await supervisor.get(`/api/reports/${reportId}/pdf`);
      expect(res.statusCode).toBe(200);
      expect(sha256Of(res.rawPayload)).toBe(sha256);
    };
    await download();
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${FILE_OFFLOAD_JOB}:${pdf.id}`));
    expect(job).toMatchObject({ kind: FILE_OFFLOAD_JOB, payload: { id: pdf.id } });

    // An attempt while the store is still down fails, so the queue tries again later; the PDF stays where it is.
    const whileDown = fileOffloadJob({ db, files: repo, objects: down, log });
    const failed = await whileDown(job as never).then(
      () => undefined, // the app's own runner, whose store answers, was quicker
      (error: Error) => error.message,
    );
    if (failed) expect(failed).toMatch(/did not store a file/);
    await download();

    // The app's runner (its store answers) moves it.
    await t.jobsSettled();
    const [row] = await db.select().from(files).where(eq(files.id, pdf.id));
    expect(row).toMatchObject({ location: 's3', data: null, sha256 });
    expect((await inBucket(sha256))?.equals(pdf.data)).toBe(true);
    const [done] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${FILE_OFFLOAD_JOB}:${pdf.id}`));
    expect(done!.state).toBe('done');
    await download();

    // Run again (a retry after a lost answer): nothing changes.
    await fileOffloadJob({ db, files: repo, objects: s3Store(testS3Settings()!), log })(job as never);
    const [again] = await db.select().from(files).where(eq(files.id, pdf.id));
    expect(again).toMatchObject({ location: 's3', data: null, sha256 });
    await download();
  }, 120_000);
});

describe.runIf(onS3)("an evidence pack's files written during a store outage", () => {
  it('are kept in the database, moved to the store by their jobs, and the pack downloads throughout', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const supervisor = await signedIn(app, 'supervisor');
    const site = await createSite(admin, { name: `Outage pack ${Math.random()}` });
    await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`);
    const flat = await createProperty(admin, site.id, { address: 'Flat 4, Elm House', propertyType: '2b4p' });
    const reportId = await submitPassingReport(eng, site, flat.id, '2026-03-02T10:25:00.000Z');
    await supervisor.post(`/api/reports/${reportId}/review`, { decision: 'approve' });
    await t.jobsSettled();

    // The pack built by its job while the store does not answer (the same bucket behind an address nothing
    // listens on); the pack's row made without the app's job, so the app's runner, whose store answers, does not
    // build it first.
    const { db } = await t.database();
    const repos = createRepositories(db);
    const made = await repos.evidencePacks.insertUnlessBuilding(site.id, supervisor.userId);
    const down = storeThatIsDown(testS3Settings());
    const downFiles = serverFiles({ db, files: repos.files, objects: down, log });
    const pdfs = reportPdfs(log, { files: repos.files, objects: down });
    try {
      await evidencePackJob({
        repos,
        db,
        files: downFiles,
        pdfs,
        log,
        hours: 1,
        keepLease: async () => true,
        giveWay: async () => {},
      }).run({
        id: randomUUID(),
        kind: EVIDENCE_PACK_JOB,
        payload: { packId: made!.id },
        attempt: 1,
        maxAttempts: 3,
        ownerId: null,
      });
    } finally {
      await pdfs.close();
    }
    const [pack] = await db.select().from(evidencePacks).where(eq(evidencePacks.id, made!.id));
    expect(pack!.state).toBe('done');
    // summary.pdf, reports.csv and dwellings.json: the pack's own files, each with its move queued.
    const ownIds = pack!.contents!.filter((c) => !c.path.startsWith('reports/')).map((c) => c.fileId);
    expect(ownIds).toHaveLength(3);
    const download = async () => {
      const res = await supervisor.get(`/api/evidence-packs/${made!.id}/download`);
      expect(res.statusCode).toBe(200);
      const zip = unzipSync(new Uint8Array(res.rawPayload));
      for (const c of pack!.contents!) expect(sha256Of(Buffer.from(zip[c.path]!))).toBe(c.sha256);
    };

    // Its moves are queued with its rows; until the app's runner gets to them, the ZIP is sent from the database.
    const queued = await db
      .select({ key: jobs.key })
      .from(jobs)
      .where(
        inArray(
          jobs.key,
          ownIds.map((id) => `${FILE_OFFLOAD_JOB}:${id}`),
        ),
      );
    expect(queued).toHaveLength(3);
    await download();

    // The app's runner (its store answers) moves them; the ZIP is then sent from the store, the same bytes.
    await t.jobsSettled();
    for (const c of pack!.contents!.filter((c) => ownIds.includes(c.fileId))) {
      const [row] = await db.select().from(files).where(eq(files.id, c.fileId));
      expect(row).toMatchObject({ location: 's3', data: null, sha256: c.sha256 });
      expect(sha256Of((await inBucket(c.sha256))!)).toBe(c.sha256);
    }
    await download();
  }, 180_000);
});
