import { randomUUID } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passingCheck } from '@hiu/domain/testing';
import { files } from '../../src/db/schema.js';
import { sha256Of } from '../../src/files/object-store.js';
import { signedIn, testS3Settings, useTestApp } from '../helpers/test-app.js';
import { killGateway, localGateway, startGateway } from '../helpers/ceph-gateway.js';
import { PNG, upload } from '../helpers/report-files.js';
import { createProperty, createSite } from '../helpers/admin-data.js';
import { JPEG } from '../security/helpers/fixture.js';

/**
 * The S3 gateway killed (kill -9) in the middle of 50 submits with photos, then started again: every upload and
 * submit is answered as if nothing happened, a photo uploaded meanwhile is served from the database, and once
 * the gateway is back the queue moves each photo into the store: every photo once, there, with its hash.
 * Needs the local Ceph gateway of scripts/ensure-ceph.mjs (its pid file is how it is killed).
 */
const SUBMITS = 50;

const t = useTestApp();

/** A JPEG of its own bytes (a comment segment after the start marker), so each photo is its own object. */
function uniqueJpeg() {
  const text = Buffer.from(randomUUID());
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([JPEG.subarray(0, 2), head, text, JPEG.subarray(2)]);
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.runIf(localGateway)('the S3 gateway killed during submits with photos', () => {
  it(`loses and refuses nothing over ${SUBMITS} submits, and ends with every photo once in the store`, async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const site = await createSite(admin, { name: `Outage Court ${randomUUID().slice(0, 6)}`, location: 'York' });
    const signatureId = await upload(eng, 'signature', PNG);
    const photos = new Map<string, Buffer>();
    try {
      for (let i = 0; i < SUBMITS; i++) {
        if (i === 10) killGateway();
        if (i === 40) startGateway();
        const property = await createProperty(admin, site.id, { propertyType: '2b4p' });
        const bytes = uniqueJpeg();
        const photoId = await upload(eng, 'photo', bytes);
        photos.set(photoId, bytes);
        // Served from wherever it is now: the database while the gateway is down.
        const got = await eng.get(`/api/files/${photoId}`);
        expect(got.statusCode, `download ${i}`).toBe(200);
        expect(got.rawPayload.equals(bytes)).toBe(true);
        const res = await eng.post('/api/reports', {
          id: randomUUID(),
          wizardData: passingCheck({ site, propertyId: property.id, photoId, signatureId }),
          notes: '',
          completedAt: '2026-03-02T10:25:00.000Z',
        });
        expect(res.statusCode, `submit ${i}: ${res.body}`).toBe(201);
      }
    } finally {
      startGateway();
    }

    const { db } = await t.database();
    const ids = [...photos.keys()];
    const rows = await until(
      'every photo moved into the store',
      async () => {
        const found = await db.select().from(files).where(inArray(files.id, ids));
        return found.every((r) => r.location === 's3') ? found : undefined;
      },
      150_000,
    );
    expect(rows).toHaveLength(SUBMITS);
    const s = testS3Settings()!;
    const bucket = new S3Client({
      endpoint: s.endpoint,
      region: s.region,
      forcePathStyle: s.forcePathStyle,
      credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    });
    for (const row of rows) {
      const bytes = photos.get(row.id)!;
      expect(row.sha256).toBe(sha256Of(bytes));
      expect(row.data).toBeNull();
      const object = await bucket.send(
        new GetObjectCommand({ Bucket: s.bucket, Key: `files/${row.sha256!.slice(0, 2)}/${row.sha256}` }),
      );
      expect(Buffer.from(await object.Body!.transformToByteArray()).equals(bytes)).toBe(true);
    }
    // Once: one row per photo, no two rows naming the same bytes.
    expect(new Set(rows.map((r) => r.sha256)).size).toBe(SUBMITS);
    for (const [id, bytes] of photos) expect((await eng.get(`/api/files/${id}`)).rawPayload.equals(bytes)).toBe(true);
  }, 400_000);
});
