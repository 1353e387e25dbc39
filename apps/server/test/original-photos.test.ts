import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '@hiu/domain';
import { passingCheck, photoRef } from '@hiu/domain/testing';
import { files } from '../src/db/schema.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { jpegClaiming } from './helpers/images.js';
import { JPEG, PNG, upload } from './helpers/report-files.js';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';

const t = useTestApp();

/** A camera original as a phone makes it: a 4000 x 3000 JPEG of about 5 MB. */
const ORIGINAL = jpegClaiming(JPEG, 4000, 3000, 5 * 1024 * 1024);

const putOriginal = (who: TestClient, data: Buffer, id = randomUUID(), type = 'image/jpeg') =>
  who.put(`/api/files/${id}/original`, data, { 'content-type': type }).then((res) => ({ res, id }));

async function setUp(keepOriginalPhotos: boolean) {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const site = await createSite(admin, { keepOriginalPhotos });
  const flat = await createProperty(admin, site.id);
  return { admin, eng, site, flat };
}

async function reportWithOriginal(eng: TestClient, site: { id: string; name: string }, propertyId: string) {
  const photo = await upload(eng, 'photo', JPEG);
  const signature = await upload(eng, 'signature', PNG);
  const { res, id: original } = await putOriginal(eng, ORIGINAL);
  expect(res.statusCode, res.body).toBe(201);
  const wizardData = passingCheck({ site, propertyId, photoId: null, signatureId: signature });
  wizardData.photosSignature!.photos = [{ ...photoRef(photo, 'HIU front'), originalId: original }];
  return {
    body: { id: randomUUID(), wizardData, notes: '', completedAt: '2026-03-02T10:25:00.000Z' },
    original,
    photo,
  };
}

describe('original photos kept where an admin asks (decision 175)', () => {
  it('a site set to keep them stores each original with the report, for an admin to fetch; the PDF embeds the reduced photo', async () => {
    const { admin, eng, site, flat } = await setUp(true);
    expect((await admin.get(`/api/sites/${site.id}`)).json().keepOriginalPhotos).toBe(true);
    const { body, original } = await reportWithOriginal(eng, site, flat.id);
    const res = await eng.post('/api/reports', body);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await (await t.database()).db.select().from(files).where(eq(files.id, original));
    expect(row).toMatchObject({ kind: 'original', reportId: body.id, size: ORIGINAL.length });
    const fetched = await admin.get(`/api/files/${original}`);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.length).toBe(ORIGINAL.length);
    const detail = (await admin.get(`/api/reports/${body.id}`)).json();
    expect(detail.wizardData.photosSignature.photos[0].originalId).toBe(original);
    await t.jobsSettled();
    const pdf = await admin.get(`/api/reports/${body.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    // The 5 MB original is not in the PDF.
    expect(pdf.rawPayload.length).toBeLessThan(1024 * 1024);
  });

  it('a site that does not keep them refuses a report with an original (422), storing nothing', async () => {
    const { admin, eng, site, flat } = await setUp(false);
    const { body } = await reportWithOriginal(eng, site, flat.id);
    const res = await eng.post('/api/reports', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('This site does not keep original photos: send the photos without them');
    expect((await admin.get(`/api/reports/${body.id}`)).statusCode).toBe(404);
    // Turned on later, the same report goes in.
    expect((await admin.patch(`/api/sites/${site.id}`, { keepOriginalPhotos: true })).statusCode).toBe(200);
    expect((await eng.post('/api/reports', body)).statusCode).toBe(201);
  });

  it("an original not uploaded, or another engineer's, is a missing file (409) naming it", async () => {
    const { app, ...rest } = { app: await t.app(), ...(await setUp(true)) };
    const other = await signedIn(app, 'engineer');
    const { body, original } = await reportWithOriginal(other, rest.site, rest.flat.id);
    const res = await rest.eng.post('/api/reports', body);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.missingFileIds).toContain(original);
    expect(res.json().error.fields['wizardData.photosSignature.photos.0.originalId']).toBe(
      `Original ${original} is not uploaded`,
    );
  });

  it('takes what a phone camera makes and refuses more, a PNG, or a body over its limit, before decoding', async () => {
    const { eng } = await setUp(true);
    const big = jpegClaiming(JPEG, 16384, 12000, 1024 * 1024);
    expect((await putOriginal(eng, big)).res.statusCode).toBe(201);
    const huge = await putOriginal(eng, jpegClaiming(JPEG, 20000, 15000));
    expect(huge.res.statusCode).toBe(413);
    expect(huge.res.json().error.message).toContain('an original photo may be at most 16384 pixels');
    const png = await putOriginal(eng, PNG, randomUUID(), 'image/png');
    expect(png.res.statusCode).toBe(415);
    expect(png.res.json().error.message).toBe('An original photo must be a JPEG or WebP image');
    const heavy = await putOriginal(eng, jpegClaiming(JPEG, 4000, 3000, UPLOAD_LIMITS.original.maxBytes + 1));
    expect(heavy.res.statusCode).toBe(413);
    // The photo route keeps its own limit: an original-sized file is refused there.
    const asPhoto = await eng.put(`/api/files/${randomUUID()}?kind=photo`, ORIGINAL, { 'content-type': 'image/jpeg' });
    expect(asPhoto.statusCode).toBe(413);
  });

  it('an engineer cannot fetch an original another engineer uploaded', async () => {
    const { eng } = await setUp(true);
    const other = await signedIn(await t.app(), 'engineer');
    const { id } = await putOriginal(eng, ORIGINAL);
    expect((await other.get(`/api/files/${id}`)).statusCode).toBe(404);
    expect((await eng.get(`/api/files/${id}`)).statusCode).toBe(200);
  });
});
