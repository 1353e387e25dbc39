import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema.js';
import { moveFiles } from '../../src/files/move.js';
import { StoreUnavailableError } from '../../src/files/object-store.js';
import { filesRepository } from '../../src/files/repository.js';
import { s3Store } from '../../src/files/s3-store.js';
import { signedIn, testS3Settings, useTestApp } from '../helpers/test-app.js';
import { killGateway, localGateway, startGateway } from '../helpers/ceph-gateway.js';
import { JPEG } from '../security/helpers/fixture.js';

/**
 * The S3 gateway killed (kill -9) in the middle of `npm run files:move -- --to s3`: the move stops with the store's
 * error, every file not yet moved is still served from the database meanwhile, and once the gateway is back a
 * second run moves the rest and every file reads back as uploaded.
 */
const t = useTestApp();
const FILES = 12;

function uniqueJpeg() {
  const text = Buffer.from(randomUUID());
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([JPEG.subarray(0, 2), head, text, JPEG.subarray(2)]);
}

describe.runIf(localGateway)('the S3 gateway killed during files:move', () => {
  it('stops the move, loses nothing, and a second run finishes it', async () => {
    const eng = await signedIn(await t.app(), 'engineer');
    const photos = new Map<string, Buffer>();
    for (let i = 0; i < FILES; i++) {
      const id = randomUUID();
      const bytes = uniqueJpeg();
      expect((await eng.put(`/api/files/${id}?kind=photo`, bytes, { 'content-type': 'image/jpeg' })).statusCode).toBe(
        201,
      );
      photos.set(id, bytes);
    }
    const { db } = await t.database();
    const deps = {
      db,
      files: filesRepository(db),
      objects: s3Store(testS3Settings()!),
      log: { warn: () => {} } as never,
    };
    // All in the database first, as on a server before its first move.
    expect(await moveFiles(deps, 'database')).toMatchObject({ moved: FILES, failed: [] });

    let killedAt = 0;
    try {
      await expect(
        moveFiles(deps, 's3', (done) => {
          if (done === 4 && !killedAt) {
            killGateway();
            killedAt = done;
          }
        }),
      ).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(killedAt).toBe(4);
      const rows = await db
        .select()
        .from(files)
        .where(inArray(files.id, [...photos.keys()]));
      const left = rows.filter((r) => r.location === 'database');
      expect(left.length).toBeGreaterThan(0);
      // Those not yet moved are served from the database while the store is down.
      for (const row of left) {
        const got = await eng.get(`/api/files/${row.id}`);
        expect(got.statusCode).toBe(200);
        expect(got.rawPayload.equals(photos.get(row.id)!)).toBe(true);
      }
    } finally {
      startGateway();
    }

    const rest = await moveFiles(deps, 's3');
    expect(rest.failed).toEqual([]);
    expect(rest.moved).toBeGreaterThan(0);
    const rows = await db
      .select()
      .from(files)
      .where(inArray(files.id, [...photos.keys()]));
    expect(rows.every((r) => r.location === 's3' && r.data === null)).toBe(true);
    for (const [id, bytes] of photos) expect((await eng.get(`/api/files/${id}`)).rawPayload.equals(bytes)).toBe(true);
    expect(await moveFiles(deps, 's3')).toMatchObject({ moved: 0, total: 0 });
  }, 300_000);
});
