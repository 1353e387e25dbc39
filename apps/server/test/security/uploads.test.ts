import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema.js';
import { MAX_FILE_BYTES } from '../../src/files/routes.js';
import { filesRepository } from '../../src/files/repository.js';
import { imageDimensions, PHOTO_REDUCED, UPLOAD_LIMITS } from '@hiu/domain';
import { checkImageSize } from '../../src/http/image-limits.js';
import { HttpError } from '../../src/http/errors.js';
import { useTestApp } from '../helpers/test-app.js';
import { hostileFixture, JPEG, PNG, quickUser } from './helpers/fixture.js';

const t = useTestApp();

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));
/** Extended-format WebP files from a browser encoder (VP8X + ICC + VP8 / VP8L). */
const WEBP_LOSSY_X = fixture('lossy-37x21.webp');
const WEBP_LOSSLESS_X = fixture('lossless-13x7.webp');

/** The same picture in the simple WebP format: RIFF + WEBP + the one image chunk. */
function simpleWebp(extended: Buffer, chunk: 'VP8 ' | 'VP8L'): Buffer {
  const at = extended.indexOf(chunk, 12, 'latin1');
  const size = extended.readUInt32LE(at + 4);
  const body = extended.subarray(at, at + 8 + size + (size % 2));
  const head = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
  head.writeUInt32LE(4 + body.length, 4);
  return Buffer.concat([head, body]);
}
const WEBP_LOSSY = simpleWebp(WEBP_LOSSY_X, 'VP8 ');
const WEBP_LOSSLESS = simpleWebp(WEBP_LOSSLESS_X, 'VP8L');

/** A PNG whose header claims a size; the rest is not a valid image (nothing needs to decode it). */
function pngClaiming(width: number, height: number): Buffer {
  const png = Buffer.from(PNG.subarray(0, 33));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return Buffer.concat([png, Buffer.from('IDAT-not-really')]);
}

/** A JPEG whose frame header (after its JFIF segment) claims a size. */
function jpegClaiming(width: number, height: number): Buffer {
  const jpeg = Buffer.from(JPEG);
  let at = 2;
  while (jpeg[at + 1]! < 0xc0 || jpeg[at + 1]! > 0xc2) at += 2 + jpeg.readUInt16BE(at + 2);
  jpeg.writeUInt16BE(height, at + 5);
  jpeg.writeUInt16BE(width, at + 7);
  return jpeg;
}

const OTHER = {
  gif: Buffer.from(
    'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
    'latin1',
  ),
  svg: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><rect width="1" height="1"/></svg>',
  ),
  html: Buffer.from('<!doctype html><script>fetch("/api/users")</script>'),
  pdf: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF'),
  bmp: Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]),
  tiff: Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00]), Buffer.alloc(20)]),
  heic: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(20)]),
  zip: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(30)]),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(60)]),
};
/** Starts like a JPEG, then is a web page: whatever is stored must never be served as anything but an image. */
const POLYGLOT = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('<html><script>alert(1)</script></html>'),
]);

describe('image header dimensions', () => {
  it('reads width and height from JPEG, PNG and all three WebP formats without decoding', () => {
    expect(imageDimensions(JPEG, 'image/jpeg')).toEqual({ width: 800, height: 600 });
    expect(imageDimensions(PNG, 'image/png')).toEqual({ width: 600, height: 200 });
    expect(imageDimensions(WEBP_LOSSY_X, 'image/webp')).toEqual({ width: 37, height: 21 });
    expect(imageDimensions(WEBP_LOSSY, 'image/webp')).toEqual({ width: 37, height: 21 });
    expect(imageDimensions(WEBP_LOSSLESS_X, 'image/webp')).toEqual({ width: 13, height: 7 });
    expect(imageDimensions(WEBP_LOSSLESS, 'image/webp')).toEqual({ width: 13, height: 7 });
    expect(imageDimensions(jpegClaiming(30000, 30000), 'image/jpeg')).toEqual({ width: 30000, height: 30000 });
  });

  it('finds nothing in a header cut short or a file that only starts like an image', () => {
    for (const cut of [3, 10, 20, 100])
      expect(imageDimensions(JPEG.subarray(0, cut), 'image/jpeg'), `JPEG cut at ${cut}`).toBeUndefined();
    for (const cut of [8, 16, 23])
      expect(imageDimensions(PNG.subarray(0, cut), 'image/png'), `PNG cut at ${cut}`).toBeUndefined();
    expect(imageDimensions(WEBP_LOSSY.subarray(0, 20), 'image/webp')).toBeUndefined();
    expect(imageDimensions(POLYGLOT, 'image/jpeg')).toBeUndefined();
    expect(imageDimensions(pngClaiming(0, 10), 'image/png')).toBeUndefined();
  });

  it('refuses more pixels than a photo or a signature may have (413), and an unreadable header (415)', () => {
    const refusal = (f: () => unknown): [number, string] | 'accepted' => {
      try {
        f();
      } catch (err) {
        if (err instanceof HttpError) return [err.status, err.message];
        throw err;
      }
      return 'accepted';
    };
    const { photo, signature } = UPLOAD_LIMITS;
    expect(checkImageSize(JPEG, 'image/jpeg', 'photo')).toEqual({ width: 800, height: 600 });
    expect(refusal(() => checkImageSize(pngClaiming(30000, 30000), 'image/png', 'photo'))).toEqual([
      413,
      `The image is 30000 x 30000 pixels; a photo may be at most ${photo.maxSide} pixels on its longest side. The app reduces photos to that size itself: add the photo through the app.`,
    ]);
    expect(refusal(() => checkImageSize(jpegClaiming(photo.maxSide, 1536), 'image/jpeg', 'photo'))).toBe('accepted');
    expect(refusal(() => checkImageSize(jpegClaiming(photo.maxSide + 1, 1536), 'image/jpeg', 'photo'))).toEqual([
      413,
      expect.stringContaining(`${photo.maxSide + 1} x 1536`),
    ]);
    expect(refusal(() => checkImageSize(pngClaiming(1, 30000), 'image/png', 'photo'))[0]).toBe(413);
    expect(refusal(() => checkImageSize(pngClaiming(1200, 400), 'image/png', 'signature'))).toBe('accepted');
    expect(refusal(() => checkImageSize(pngClaiming(signature.maxSide + 1, 400), 'image/png', 'signature'))[0]).toBe(
      413,
    );
    expect(refusal(() => checkImageSize(POLYGLOT, 'image/jpeg', 'photo'))).toEqual([
      415,
      'The image is damaged or incomplete',
    ]);
    // What the app makes fits with room to spare.
    expect(photo.maxSide).toBeGreaterThanOrEqual(1.25 * PHOTO_REDUCED.maxSide);
    expect(photo.maxBytes).toBeGreaterThanOrEqual(3 * PHOTO_REDUCED.maxBytes);
  });
});

describe('uploads through the API', () => {
  async function fileCount() {
    const db = (await t.database()).db;
    return (await db.select({ n: count() }).from(files))[0]!.n;
  }

  it('stores only JPEG and WebP photos and PNG signatures, judged by their bytes whatever the header claims', async () => {
    const app = await t.app();
    const eng = await quickUser(app, await t.database(), 'engineer');
    const images = { jpeg: JPEG, png: PNG, webp: WEBP_LOSSY, webpLossless: WEBP_LOSSLESS, webpExtended: WEBP_LOSSY_X };
    const typeOf: Record<string, string> = {
      jpeg: 'image/jpeg',
      png: 'image/png',
      webp: 'image/webp',
      webpLossless: 'image/webp',
      webpExtended: 'image/webp',
    };
    const headers = [
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/gif',
      'image/svg+xml',
      'text/html',
      'application/octet-stream',
      'application/pdf',
    ];
    let tried = 0;
    for (const kind of ['photo', 'signature'] as const) {
      for (const [name, data] of Object.entries({ ...images, ...OTHER })) {
        for (const header of headers) {
          const id = randomUUID();
          const before = await fileCount();
          const res = await eng.put(`/api/files/${id}?kind=${kind}`, data, { 'content-type': header });
          tried++;
          const real = typeOf[name];
          // The header only has to be one of the three image types (it selects the body parser); the bytes decide.
          const allowed =
            real !== undefined &&
            (kind === 'photo' ? real !== 'image/png' : real === 'image/png') &&
            ['image/jpeg', 'image/png', 'image/webp'].includes(header);
          const what = `${name} as ${kind} sent as ${header}`;
          if (allowed) {
            expect(res.statusCode, `${what}: ${res.body}`).toBe(201);
            expect(res.json().contentType, what).toBe(real);
            const served = await eng.get(`/api/files/${id}`);
            expect(served.headers['content-type'], what).toBe(real);
          } else {
            expect(res.statusCode, `${what}: ${res.body}`).toBe(415);
            expect(res.json().error.code, what).toBe('unsupported_media_type');
            expect(await fileCount(), `${what} stored something`).toBe(before);
          }
        }
      }
    }
    console.log(`uploads: ${tried} byte/header/kind combinations checked`);
  });

  it('refuses a file over the size limit with 413 before storing anything, whatever it claims to be', async () => {
    const app = await t.app();
    const eng = await quickUser(app, await t.database(), 'engineer');
    const before = await fileCount();
    for (const [header, head] of [
      ['image/jpeg', JPEG],
      ['image/png', PNG],
      ['image/webp', WEBP_LOSSY],
    ] as const) {
      const kind = header === 'image/png' ? 'signature' : 'photo';
      for (const size of [UPLOAD_LIMITS[kind].maxBytes + 1, 2 * MAX_FILE_BYTES + 1]) {
        const big = Buffer.concat([head, Buffer.alloc(size - head.length)]);
        const res = await eng.put(`/api/files/${randomUUID()}?kind=${kind}`, big, { 'content-type': header });
        expect(res.statusCode, `${header} ${size}`).toBe(413);
        expect(res.json().error.code).toBe('too_large');
      }
    }
    // JSON is not an image, however it is sized.
    const json = await eng.put(
      `/api/files/${randomUUID()}?kind=photo`,
      JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }),
      {
        'content-type': 'application/json',
      },
    );
    expect(json.statusCode).toBe(415);
    expect(await fileCount()).toBe(before);
  });

  // A small PNG that declares 30000 x 30000 must not be stored: the PDF builder would try to inflate it.
  it('refuses a photo or signature whose header declares too many pixels (413) or has no readable header (415), and stores nothing', async () => {
    const app = await t.app();
    const eng = await quickUser(app, await t.database(), 'engineer');
    const before = await fileCount();
    for (const [kind, data, header] of [
      ['signature', pngClaiming(30000, 30000), 'image/png'],
      ['photo', jpegClaiming(30000, 30000), 'image/jpeg'],
      ['signature', pngClaiming(5000, 5000), 'image/png'],
    ] as const) {
      const res = await eng.put(`/api/files/${randomUUID()}?kind=${kind}`, data, { 'content-type': header });
      expect(res.statusCode, `${kind} ${header}`).toBe(413);
    }
    // Only the first bytes look like an image: no readable header, so not an image.
    expect(
      (await eng.put(`/api/files/${randomUUID()}?kind=photo`, POLYGLOT, { 'content-type': 'image/jpeg' })).statusCode,
    ).toBe(415);
    expect(await fileCount()).toBe(before);
  });

  it('serves stored files with the stored type, nosniff, a generated inline file name and the CSP; downloads as attachments', async () => {
    const app = await t.app();
    const database = await t.database();
    const f = await hostileFixture(app, database);
    // A stored file that is a web page after its first bytes (stored directly, whatever uploads accept now)
    // can still only ever be served as an image.
    const id = randomUUID();
    await filesRepository(database.db).put({
      id,
      ownerId: f.engineer.userId,
      kind: 'photo',
      contentType: 'image/jpeg',
      data: POLYGLOT,
    });
    for (const fileId of [id, f.photo, f.signature]) {
      const res = await f.engineer.get(`/api/files/${fileId}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/(jpeg|png)$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^inline; filename="(photo|signature)-${fileId}\\.(jpg|png)"$`),
      );
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
    const [row] = await database.db.select({ type: files.contentType }).from(files).where(eq(files.id, id));
    expect(row!.type).toBe('image/jpeg');

    const pdf = await f.engineer.get(`/api/reports/${f.reportId}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.pdf"/);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');

    const csv = await f.admin.get(`/api/reports/export.csv?siteName=${encodeURIComponent(f.site.name)}`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.csv"/);
    expect(csv.headers['x-content-type-options']).toBe('nosniff');
  });
});
