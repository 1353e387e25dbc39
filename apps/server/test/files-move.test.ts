import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files } from '../src/db/schema.js';
import { moveFiles } from '../src/files/move.js';
import { sha256Of } from '../src/files/object-store.js';
import { filesRepository } from '../src/files/repository.js';
import { s3Store } from '../src/files/s3-store.js';
import { signedIn, testFileStoreKind, testS3Settings, useTestApp } from './helpers/test-app.js';
import { JPEG } from './security/helpers/fixture.js';

const t = useTestApp();

/** A JPEG of its own bytes (a comment segment after the start marker). */
function uniqueJpeg() {
  const text = Buffer.from(randomUUID());
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([JPEG.subarray(0, 2), head, text, JPEG.subarray(2)]);
}

/** An engineer's photos, each of its own bytes, uploaded into the store; and what a files:move run works with. */
async function uploadedPhotos(count: number) {
  const eng = await signedIn(await t.app(), 'engineer');
  const photos = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const bytes = uniqueJpeg();
    const res = await eng.put(`/api/files/${id}?kind=photo`, bytes, { 'content-type': 'image/jpeg' });
    expect(res.statusCode).toBe(201);
    photos.set(id, bytes);
  }
  const { db } = await t.database();
  const repo = filesRepository(db);
  const objects = s3Store(testS3Settings()!);
  return { eng, photos, db, repo, objects, deps: { db, files: repo, objects, log: { warn: () => {} } as never } };
}

describe.runIf(testFileStoreKind() === 's3')('npm run files:move', () => {
  it('moves every upload to the database and back, checked, resumable, and a second run changes nothing', async () => {
    const { eng, photos, db, objects, deps } = await uploadedPhotos(5);
    const rows = () =>
      db
        .select()
        .from(files)
        .where(inArray(files.id, [...photos.keys()]));
    const downloadsMatch = async () => {
      for (const [id, bytes] of photos) expect((await eng.get(`/api/files/${id}`)).rawPayload.equals(bytes)).toBe(true);
    };

    const seen: number[] = [];
    const back = await moveFiles(deps, 'database', (done) => seen.push(done));
    expect(back).toMatchObject({ moved: 5, failed: [] });
    expect(seen.at(-1)).toBe(5);
    for (const row of await rows()) {
      expect(row.location).toBe('database');
      expect(row.data!.equals(photos.get(row.id)!)).toBe(true);
      // The store's copy went with the move.
      await expect(objects.get(row.sha256!)).rejects.toThrow();
    }
    await downloadsMatch();
    expect(await moveFiles(deps, 'database')).toMatchObject({ moved: 0, total: 0 });

    // A run killed after writing one object but before dropping its row's bytes: the next run carries on.
    const [first] = await rows();
    await objects.put(first!.sha256!, first!.data!);
    const out = await moveFiles(deps, 's3');
    expect(out).toMatchObject({ moved: 5, failed: [] });
    for (const row of await rows()) {
      expect(row).toMatchObject({ location: 's3', data: null, sha256: sha256Of(photos.get(row.id)!) });
      expect((await objects.get(row.sha256!)).equals(photos.get(row.id)!)).toBe(true);
    }
    await downloadsMatch();
    expect(await moveFiles(deps, 's3')).toMatchObject({ moved: 0, total: 0 });
  });

  it('leaves a file whose bytes do not match its recorded hash where it is, and says so', async () => {
    const { photos, db, repo, deps } = await uploadedPhotos(1);
    const [id, bytes] = [...photos][0]!;
    await moveFiles(deps, 'database');
    // Damaged in the database: a different byte, the recorded hash unchanged.
    const damaged = Buffer.from(bytes);
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 3) ^ 0xff, damaged.length - 3);
    await db
      .update(files)
      .set({ data: damaged })
      .where(inArray(files.id, [id]));
    const out = await moveFiles(deps, 's3');
    expect(out.failed).toEqual([{ id, reason: expect.stringContaining('SHA-256') }]);
    expect((await repo.get(id))!.location).toBe('database');
  });

  it('leaves a file whose object is missing from the store where it is, and moves the others', async () => {
    const { photos, repo, objects, deps } = await uploadedPhotos(2);
    const ids = [...photos.keys()];
    await objects.delete((await repo.get(ids[0]!))!.sha256!);
    const out = await moveFiles(deps, 'database');
    expect(out.moved).toBe(1);
    expect(out.failed).toEqual([{ id: ids[0], reason: expect.stringContaining('cannot be read from the store') }]);
    expect((await repo.get(ids[0]!))!.location).toBe('s3');
    expect((await repo.get(ids[1]!))!.location).toBe('database');
  });

  it('deletes, on its next run, the object a run killed after moving its file to the database left behind', async () => {
    const { eng, photos, repo, objects, deps } = await uploadedPhotos(1);
    const [id, bytes] = [...photos][0]!;
    const sha256 = sha256Of(bytes);
    expect((await repo.get(id))!.location).toBe('s3');
    // Killed between the file's row taking its bytes back and the deletion of its object, which no file names now.
    expect(await repo.markInDatabase(id, sha256, bytes)).toBe(true);
    expect(await objects.exists(sha256)).toBe(true);

    const out = await moveFiles(deps, 'database');
    expect(await objects.exists(sha256)).toBe(false);
    expect(out).toMatchObject({ moved: 0, failed: [], unnamedDeleted: 1 });
    expect((await eng.get(`/api/files/${id}`)).rawPayload.equals(bytes)).toBe(true);
  });
});
