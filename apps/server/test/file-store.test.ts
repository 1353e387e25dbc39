import { randomUUID } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { filesRepository } from '../src/files/repository.js';
import { sha256Of } from '../src/files/object-store.js';
import { s3Store } from '../src/files/s3-store.js';
import { openObjectStore } from '../src/files/store-from-config.js';
import { cleanUpOrphanFiles } from '../src/jobs/orphan-files.js';
import { signedIn, testFileStoreKind, testS3Settings, useTestApp, type TestClient } from './helpers/test-app.js';
import { JPEG } from './security/helpers/fixture.js';

const t = useTestApp();
const onS3 = testFileStoreKind() === 's3';

const upload = async (who: TestClient, data = JPEG, id = randomUUID()) => {
  const res = await who.put(`/api/files/${id}?kind=photo`, data, { 'content-type': 'image/jpeg' });
  expect(res.statusCode).toBe(201);
  return id;
};

/** The bucket as an operator would see it, through the SDK and not through the app. */
function bucket() {
  const s = testS3Settings()!;
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
  });
  const Key = (sha256: string) => `files/${sha256.slice(0, 2)}/${sha256}`;
  return {
    async read(sha256: string): Promise<Buffer | undefined> {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: Key(sha256) }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async overwrite(sha256: string, data: Buffer) {
      await client.send(new PutObjectCommand({ Bucket: s.bucket, Key: Key(sha256), Body: data }));
    },
  };
}

/** A JPEG whose bytes no other test uses (a comment segment after the start marker), so its object is its own. */
const uniqueJpeg = () => Buffer.concat([JPEG.subarray(0, 2), jpegComment(randomUUID()), JPEG.subarray(2)]);
function jpegComment(text: string) {
  const body = Buffer.from(text);
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

describe(`file bytes in the ${testFileStoreKind()} store`, () => {
  it('keeps an upload where FILE_STORE says, under its SHA-256, and serves the same bytes back', async () => {
    const eng = await signedIn(await t.app(), 'engineer');
    const data = uniqueJpeg();
    const id = await upload(eng, data);
    const row = await filesRepository((await t.database()).db).get(id);
    expect(row).toMatchObject({ location: testFileStoreKind(), sha256: sha256Of(data), size: data.length });
    if (onS3) {
      expect(row!.data).toBeNull();
      expect((await bucket().read(sha256Of(data)))?.equals(data)).toBe(true);
    } else {
      expect(row!.data!.equals(data)).toBe(true);
    }
    const got = await eng.get(`/api/files/${id}`);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(data)).toBe(true);
  });

  it.runIf(onS3)('never serves a stored object that fails its SHA-256: 503, not the wrong bytes', async () => {
    const eng = await signedIn(await t.app(), 'engineer');
    const data = uniqueJpeg();
    const id = await upload(eng, data);
    await bucket().overwrite(sha256Of(data), uniqueJpeg());
    const got = await eng.get(`/api/files/${id}`);
    expect(got.statusCode).toBe(503);
    expect(got.json().error.code).toBe('file_store_unavailable');
  });

  it.runIf(onS3)('keeps one object for the same bytes under two ids, deleted with the last orphan', async () => {
    const eng = await signedIn(await t.app(), 'engineer');
    const data = uniqueJpeg();
    const first = await upload(eng, data);
    await upload(eng, data);
    const files = filesRepository((await t.database()).db);
    const objects = s3Store(testS3Settings()!);
    const log = { warn: () => {} } as never;
    // Only the first is an orphan yet: its row goes, the shared object stays for the second.
    const { db } = await t.database();
    await db.execute(sql`UPDATE files SET created_at = now() - interval '30 days' WHERE id = ${first}`);
    expect(await cleanUpOrphanFiles(files, 24 * 7, new Date(), { db, objects, log })).toBe(1);
    expect((await bucket().read(sha256Of(data)))?.equals(data)).toBe(true);
    // Both gone: so is the object.
    expect(await cleanUpOrphanFiles(files, 1, new Date(Date.now() + 2 * 3600_000), { db, objects, log })).toBe(1);
    expect(await bucket().read(sha256Of(data))).toBeUndefined();
  });

  it.runIf(onS3)('stops the start with a clear message for a missing bucket or refused keys', async () => {
    const settings = testS3Settings()!;
    await expect(openObjectStore({ kind: 's3', ...settings, bucket: 'no-such-bucket-here' })).rejects.toThrow(
      'FILE_STORE=s3: the bucket "no-such-bucket-here" does not exist',
    );
    await expect(openObjectStore({ kind: 's3', ...settings, secretAccessKey: 'wrong' })).rejects.toThrow(
      /refused S3_ACCESS_KEY_ID\/S3_SECRET_ACCESS_KEY/,
    );
  });
});
