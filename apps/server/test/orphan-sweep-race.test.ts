import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files } from '../src/db/schema.js';
import { fileOffloadJob } from '../src/files/commands.js';
import { sha256Of, type ObjectStore } from '../src/files/object-store.js';
import { filesRepository } from '../src/files/repository.js';
import { s3Store } from '../src/files/s3-store.js';
import { cleanUpOrphanFiles } from '../src/jobs/orphan-files.js';
import { runCommand } from '../src/db/unit-of-work.js';
import { serverFiles } from '../src/files/server-files.js';
import { signedIn, testFileStoreKind, testS3Settings, useTestApp } from './helpers/test-app.js';
import { JPEG } from './security/helpers/fixture.js';

/**
 * Objects are shared by content, so the orphan clean-up deletes an object only when no file names it
 * (docs/product.md#files). A new file with the same bytes may be moved into the store while the clean-up is
 * between that check and its delete; the new file must still read back afterwards. Both sides are held at the
 * worst moment by wrapping the store: the move's write lands after the clean-up's check, before its delete.
 */
const t = useTestApp();
const onS3 = testFileStoreKind() === 's3';
const log = { warn: () => {}, error: () => {}, info: () => {} } as never;

function uniqueJpeg() {
  const text = Buffer.from(randomUUID());
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([JPEG.subarray(0, 2), head, text, JPEG.subarray(2)]);
}

function signal() {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => (fire = resolve));
  return { fire, fired };
}

describe.runIf(onS3)('the orphan clean-up and a new file with the same bytes', () => {
  it('never deletes the object a file moved into the store at the same moment names', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const { db } = await t.database();
    const repo = filesRepository(db);
    const data = uniqueJpeg();
    const sha256 = sha256Of(data);

    // A photo taken out of a check long ago: an orphan whose bytes are in the store.
    const orphan = randomUUID();
    const up = await eng.put(`/api/files/${orphan}?kind=photo`, data, { 'content-type': 'image/jpeg' });
    expect(up.statusCode).toBe(201);
    await db
      .update(files)
      .set({ createdAt: new Date(Date.now() - 72 * 3600_000) })
      .where(eq(files.id, orphan));
    // The same picture taken again, kept in the database while the store was down; its move job is about to run.
    const again = randomUUID();
    expect(await repo.put({ id: again, ownerId: eng.userId, kind: 'photo', contentType: 'image/jpeg', data })).toBe(
      'created',
    );

    const store = s3Store(testS3Settings()!);
    const moveWriting = signal();
    const sweepDeleting = signal();
    const written = signal();
    const mover: ObjectStore = {
      ...store,
      async put(hash, bytes) {
        moveWriting.fire();
        await sweepDeleting.fired;
        await store.put(hash, bytes);
        written.fire();
      },
    };
    const sweeper: ObjectStore = {
      ...store,
      async delete(hash) {
        sweepDeleting.fire();
        await written.fired;
        await store.delete(hash);
      },
    };

    const move = fileOffloadJob({ db, files: repo, objects: mover, log })({ payload: { id: again } } as never);
    await moveWriting.fired; // it has read the file and is writing its bytes
    const swept = await cleanUpOrphanFiles(repo, 24, new Date(), { db, objects: sweeper, log });
    await move;
    expect(swept).toBe(1);

    const [row] = await db.select().from(files).where(eq(files.id, again));
    const got = await eng.get(`/api/files/${again}`);
    expect(row?.location === 'database' || (await store.get(sha256).then((b) => b.equals(data)))).toBe(true);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(data)).toBe(true);
  }, 120_000);

  it("writes a built PDF's object again when a clean-up deleted it between its write and its row", async () => {
    const { db } = await t.database();
    const repo = filesRepository(db);
    const store = s3Store(testS3Settings()!);
    const pdfs = serverFiles({ db, files: repo, objects: store, log });
    const data = Buffer.from(`%PDF-1.7 ${randomUUID()}`);
    const row = await pdfs.place({
      id: randomUUID(),
      ownerId: null,
      kind: 'pdf',
      contentType: 'application/pdf',
      data,
    });
    expect(row.location).toBe('s3');
    // A deletion that found no row naming these bytes (an earlier copy released) ran now.
    await store.delete(row.sha256);
    await runCommand(db, null, async (uow) => {
      await pdfs.writing(uow, row);
      await uow.repos.evidencePacks.storeFile(row);
    });
    await pdfs.written(row, data);
    expect((await store.get(row.sha256)).equals(data)).toBe(true);
    expect(await repo.get(row.id)).toMatchObject({ location: 's3', sha256: row.sha256 });
  });
});
