import { JPEG as SAMPLE_JPEG } from './security/helpers/fixture.js';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { filesRepository } from '../src/files/repository.js';
import { MAX_FILE_BYTES } from '../src/files/routes.js';
import { client, signedIn, useTestApp, type TestClient } from './helpers/test-app.js';

const t = useTestApp();

// Real small images: the server reads their type and size from their bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = SAMPLE_JPEG;
// A real 1x1 lossless WebP.
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');

const put = (who: TestClient, id: string, kind: string, data: Buffer | string, type = 'image/png') =>
  who.put(`/api/files/${id}?kind=${kind}`, data, { 'content-type': type });

describe('uploading photos and signatures', () => {
  it('stores a file once under its client id: a retry answers 200 and nothing is duplicated', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const id = randomUUID();
    const first = await put(eng, id, 'signature', PNG);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id, kind: 'signature', contentType: 'image/png', size: PNG.length });
    const retry = await put(eng, id, 'signature', PNG);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(id);

    const repo = filesRepository((await t.database()).db);
    expect(await repo.get(id)).toMatchObject({
      id,
      ownerId: eng.userId,
      kind: 'signature',
      contentType: 'image/png',
      size: PNG.length,
    });
    expect((await eng.get(`/api/files/${id}`)).rawPayload.equals(PNG)).toBe(true);
  });

  it('accepts JPEG and WebP photos and records the type the bytes show, not the header', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const cases: [Buffer, string, string][] = [
      [JPEG, 'image/jpeg', 'image/jpeg'],
      [WEBP, 'image/webp', 'image/webp'],
      [JPEG, 'image/png', 'image/jpeg'],
    ];
    for (const [data, header, stored] of cases) {
      const id = randomUUID();
      const res = await put(eng, id, 'photo', data, header);
      expect(res.statusCode, `${header} -> ${stored}`).toBe(201);
      const got = await eng.get(`/api/files/${id}`);
      expect(got.headers['content-type']).toBe(stored);
      expect(got.rawPayload.equals(data)).toBe(true);
    }
  });

  it('refuses what is not an allowed image with 415, and stores nothing', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const cases: [string, string, Buffer | string, string][] = [
      ['script claiming to be PNG', 'photo', Buffer.from('<script>alert(1)</script>'), 'image/png'],
      ['GIF', 'photo', GIF, 'image/gif'],
      ['GIF bytes claiming JPEG', 'photo', GIF, 'image/jpeg'],
      ['JPEG signature', 'signature', JPEG, 'image/jpeg'],
      ['WebP signature', 'signature', WEBP, 'image/webp'],
      // The app sends photos as JPEG; the PDF would have to decode a PNG (decision 115).
      ['PNG photo', 'photo', PNG, 'image/png'],
      ['JSON', 'photo', JSON.stringify({ data: 'x' }), 'application/json'],
      ['octet stream', 'photo', PNG, 'application/octet-stream'],
    ];
    const repo = filesRepository((await t.database()).db);
    for (const [what, kind, data, type] of cases) {
      const id = randomUUID();
      const res = await put(eng, id, kind, data, type);
      expect(res.statusCode, what).toBe(415);
      expect(res.json().error.code, what).toBe('unsupported_media_type');
      expect(await repo.get(id), what).toBeUndefined();
    }
    const sig = await put(eng, randomUUID(), 'signature', JPEG, 'image/jpeg');
    expect(sig.json().error.message).toBe('A signature must be a PNG image');
    const photo = await put(eng, randomUUID(), 'photo', PNG, 'image/png');
    expect(photo.json().error.message).toBe('A photo must be a JPEG or WebP image');
  });

  it('refuses a file over the upload limit with 413, an empty one with 400 and a bad kind or id with 422', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const big = Buffer.concat([JPEG, Buffer.alloc(MAX_FILE_BYTES)]);
    const tooBig = await put(eng, randomUUID(), 'photo', big, 'image/jpeg');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('too_large');
    const justFits = Buffer.concat([JPEG, Buffer.alloc(MAX_FILE_BYTES - JPEG.length)]);
    expect((await put(eng, randomUUID(), 'photo', justFits, 'image/jpeg')).statusCode).toBe(201);
    expect((await put(eng, randomUUID(), 'photo', Buffer.alloc(0), 'image/jpeg')).statusCode).toBe(400);
    expect((await put(eng, randomUUID(), 'pdf', PNG)).statusCode).toBe(422);
    expect((await eng.put(`/api/files/${randomUUID()}`, PNG, { 'content-type': 'image/png' })).statusCode).toBe(422);
    expect((await put(eng, 'not-a-uuid', 'photo', PNG)).statusCode).toBe(422);
  });

  it("refuses another user's id and different bytes under a taken id with 409, keeping the original", async () => {
    const app = await t.app();
    const owner = await signedIn(app, 'engineer');
    const other = await signedIn(app, 'engineer');
    const id = randomUUID();
    await put(owner, id, 'photo', JPEG, 'image/jpeg');
    expect((await put(other, id, 'photo', JPEG, 'image/jpeg')).statusCode).toBe(409);
    expect((await put(owner, id, 'photo', WEBP, 'image/webp')).statusCode).toBe(409);
    expect((await put(owner, id, 'signature', PNG)).statusCode).toBe(409);
    const got = await owner.get(`/api/files/${id}`);
    expect(got.rawPayload.equals(JPEG)).toBe(true);
  });

  it('needs a signed-in user and refuses cross-site uploads', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    expect((await put(client(app), randomUUID(), 'photo', PNG)).statusCode).toBe(401);
    const cross = await eng.put(`/api/files/${randomUUID()}?kind=photo`, PNG, {
      'content-type': 'image/png',
      origin: 'https://evil.example',
    });
    expect(cross.statusCode).toBe(403);
  });
});

describe('serving files', () => {
  it('serves the owner the stored bytes inline, typed, unsniffable and privately cacheable', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const id = randomUUID();
    await put(eng, id, 'photo', JPEG, 'image/jpeg');
    const res = await eng.get(`/api/files/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`inline; filename="photo-${id}.jpg"`);
    expect(res.headers['cache-control']).toMatch(/^private/);
    expect(res.rawPayload.equals(JPEG)).toBe(true);
  });

  it('lets an admin see any file and answers other engineers and strangers as if it did not exist', async () => {
    const app = await t.app();
    const owner = await signedIn(app, 'engineer');
    const other = await signedIn(app, 'engineer');
    const admin = await signedIn(app, 'admin');
    const id = randomUUID();
    await put(owner, id, 'signature', PNG);
    expect((await admin.get(`/api/files/${id}`)).statusCode).toBe(200);
    const refused = await other.get(`/api/files/${id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.json()).toEqual((await other.get(`/api/files/${randomUUID()}`)).json());
    expect((await client(app).get(`/api/files/${id}`)).statusCode).toBe(401);
  });
});

describe('files repository', () => {
  it('lists which of a set of ids have not arrived', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const here = randomUUID();
    const gone = randomUUID();
    await put(eng, here, 'photo', JPEG, 'image/jpeg');
    const repo = filesRepository((await t.database()).db);
    expect(await repo.missing([here, gone, here.toUpperCase(), 'junk'])).toEqual([gone, 'junk']);
    expect(await repo.missing([])).toEqual([]);
    expect(await repo.get(gone)).toBeUndefined();
  });
});
