import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '@hiu/domain';
import { passingCheck, photoRef } from '@hiu/domain/testing';
import { files, jobs } from '../../src/db/schema.js';
import { filesRepository } from '../../src/files/repository.js';
import { reportPdfJobKey } from '../../src/jobs/report-pdf-key.js';
import { createProperty, createSite } from '../helpers/admin-data.js';
import { jpegClaiming } from '../helpers/images.js';
import { hasPdftotext, JPEG, PNG, pdfImageSizes, pdfText, upload } from '../helpers/report-files.js';
import { submitPassingReport } from '../helpers/team.js';
import { signedIn, useTestApp } from '../helpers/test-app.js';

const t = useTestApp();
const MB = 1024 * 1024;

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));
/**
 * The attack's photo: a blank 2048 x 2048 canvas as Chromium's encoder writes it at quality 1 (its lossless
 * mode), 520 bytes. Made a JPEG for the PDF, it cost 1.1-1.6 s of a PDF thread.
 */
const BOMB = fixture('bomb-2048-lossless.webp');
/** The same canvas in Chromium's lossy mode: 8,000 bytes at any quality, the fewest it writes for so many pixels. */
const FLAT = fixture('flat-2048-lossy.webp');
/**
 * A plain white wall (light falling off towards the corners, a camera's noise) photographed at 4000 x 3000 and
 * reduced in Chromium as the app reduces photos (1600 px, quality 0.8): as the JPEG the app sends, and as WebP.
 */
const WALL_JPEG = fixture('wall-1600x1200.jpg');
const WALL_WEBP = fixture('wall-1600x1200.webp');
/** A photo taken in the dark (a few levels of noise on black), reduced the same way: the flattest a photo is. */
const DARK_WEBP = fixture('dark-1600x1200.webp');

async function setUp() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const site = await createSite(admin);
  const property = await createProperty(admin, site.id);
  return { app, site, property };
}

type Site = Awaited<ReturnType<typeof setUp>>['site'];

function reportWith(site: Site, propertyId: string, photoIds: string[], signatureId: string) {
  return {
    id: randomUUID(),
    wizardData: passingCheck({
      site,
      propertyId,
      photoId: null,
      signatureId,
      photosSignature: { photos: photoIds.map((id, i) => photoRef(id, `Photo ${i + 1}`)) },
    }),
    notes: '',
    completedAt: '2026-03-02T10:25:00.000Z',
  };
}

/** Files as a server before the floor stored them: straight into the table, past today's checks. */
async function storedBeforeTheFloor(ownerId: string, data: Buffer, n: number) {
  const repo = filesRepository((await t.database()).db);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    await repo.put({ id, ownerId, kind: 'photo', contentType: 'image/webp', data });
    ids.push(id);
  }
  return ids;
}

async function pdfJob(reportId: string) {
  const [row] = await (
    await t.database()
  ).db
    .select()
    .from(jobs)
    .where(eq(jobs.key, reportPdfJobKey(reportId)));
  return row;
}

const matches = (text: string, words: string) => text.split(words).length - 1;

describe('WebP bombs', () => {
  it('refuses a WebP photo of fewer bytes than its pixels need (413, saying so), storing nothing; photos a browser encodes go in', async () => {
    const { app } = await setUp();
    const database = await t.database();
    const eng = await signedIn(app, 'engineer');
    expect(BOMB.length).toBe(520);
    const res = await eng.put(`/api/files/${randomUUID()}?kind=photo`, BOMB, { 'content-type': 'image/webp' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      code: 'too_large',
      message:
        'The image is 2048 x 2048 pixels in 520 bytes; a WebP photo needs at least 4195 bytes for that many pixels ' +
        '(1000 per megapixel). The app sends photos as JPEG: add the photo through the app.',
    });
    expect((await database.db.select({ n: count() }).from(files))[0]!.n).toBe(0);

    // The app's own photo of a plain wall (a JPEG), and WebP photos as flat as a browser's encoder makes them.
    for (const photo of [WALL_JPEG, WALL_WEBP, DARK_WEBP, FLAT]) {
      const type = photo === WALL_JPEG ? 'image/jpeg' : 'image/webp';
      const ok = await eng.put(`/api/files/${randomUUID()}?kind=photo`, photo, { 'content-type': type });
      expect(ok.statusCode, ok.body).toBe(201);
    }
    expect((await database.db.select({ n: count() }).from(files))[0]!.n).toBe(4);
  });

  it('a report of thirty WebP photos converts what its budget allows and prints the rest as "Photo not shown"', async () => {
    const { app, site, property } = await setUp();
    const eng = await signedIn(app, 'engineer');
    const signature = await upload(eng, 'signature', PNG);
    // Two bombs stored before the floor existed, then 28 of the flattest WebP photos the floor lets through.
    const photos = [...(await storedBeforeTheFloor(eng.userId, BOMB, 2))];
    for (let i = 0; i < 28; i++) photos.push(await upload(eng, 'photo', FLAT));
    const body = reportWith(site, property.id, photos, signature);
    const submitted = await eng.post('/api/reports', body);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const start = performance.now();
    await t.jobsSettled(120_000);
    const job = await pdfJob(body.id);
    expect(job).toMatchObject({ state: 'done', attempts: 1 });
    console.log(`thirty WebP photos: PDF built in ${(performance.now() - start).toFixed(0)} ms`);
    const pdf = await eng.get(`/api/reports/${body.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    if (hasPdftotext) {
      const text = pdfText(pdf.rawPayload);
      // The bombs are not decoded at all; of the rest, two of the largest are converted besides the signature.
      expect(matches(text, 'Image not available')).toBe(2);
      expect(matches(text, 'Photo not shown: over 8.9 megapixels to convert')).toBe(26);
      expect(text).toContain('Signed by');
      const converted = pdfImageSizes(pdf.rawPayload).filter((s) => s.width === 2048 && s.height === 2048);
      expect(converted).toHaveLength(2);
    }
  }, 180_000);

  it('a report of thirty of the largest photos the limits allow: the PDF keeps to its byte budget, memory stays bounded', async () => {
    const { app, site, property } = await setUp();
    const eng = await signedIn(app, 'engineer');
    const other = await signedIn(app, 'engineer');
    const { maxSide, maxBytes } = UPLOAD_LIMITS.photo;
    // Two builds at once start the PDF pool's second thread, as any two engineers' overlapping reports do.
    await Promise.all([submitPassingReport(eng, site, property.id), submitPassingReport(other, site, property.id)]);
    await t.jobsSettled();
    const signature = await upload(eng, 'signature', PNG);
    const photos: string[] = [];
    for (let i = 0; i < 30; i++)
      photos.push(await upload(eng, 'photo', jpegClaiming(JPEG, maxSide, maxSide, maxBytes)));
    const body = reportWith(site, property.id, photos, signature);

    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 10);
    const submitted = await eng.post('/api/reports', body);
    await t.jobsSettled(60_000);
    const pdf = await eng.get(`/api/reports/${body.id}/pdf`);
    clearInterval(sampler);
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(pdf.statusCode).toBe(200);
    console.log(
      `thirty largest photos: rss +${((rssPeak - rssBefore) / MB).toFixed(0)} MB, PDF ${(pdf.rawPayload.length / MB).toFixed(1)} MB`,
    );
    // Read whole, the build and its download took 453-594 MB more on PGlite and 190-220 MB on PostgreSQL, for a
    // 45 MB PDF. PGlite keeps the database in this process: storing a 12 MB PDF grows its memory by some 170 MB
    // the first time, which later PDFs reuse.
    expect(rssPeak - rssBefore).toBeLessThan((process.env.TEST_DB === 'postgres' ? 150 : 300) * MB);
    expect(pdf.rawPayload.length).toBeLessThan(13 * MB);
    // The signature and eight 1.5 MB photos fit in 12.2 MB; the other 22 say why they are not there.
    if (hasPdftotext) {
      const text = pdfText(pdf.rawPayload);
      expect(matches(text, 'Photo not shown: the photos are over 12.2 MB in all')).toBe(22);
      expect(text).toContain('Signed by');
    }
  }, 120_000);
});
