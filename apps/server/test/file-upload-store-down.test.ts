import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_UNCLAIMED_LIMIT, UPLOAD_LIMITS } from '@hiu/domain';
import { files, jobs } from '../src/db/schema.js';
import { readIncoming } from '../src/files/incoming-file.js';
import { StoreUnavailableError, sha256Of } from '../src/files/object-store.js';
import { filesRepository } from '../src/files/repository.js';
import { receiveUpload } from '../src/files/upload.js';
import { jpegClaiming } from './helpers/images.js';
import { JPEG } from './helpers/report-files.js';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { storeThatIsDown } from './helpers/store-down.js';

/**
 * An upload while the object store does not answer (docs/product.md#files): a photo is kept in the database and
 * moved later by a job, never refused; a camera original the store stops taking is refused (the phone sends it
 * again) leaving nothing, and the next one is kept in the database. No gateway is stopped: the store is an address
 * nothing listens on.
 */
const t = useTestApp();
beforeAll(async () => void (await t.app()), 300_000);
const MB = 1024 * 1024;

const down = storeThatIsDown();

const jpegOf = (bytes: number) => {
  const head = jpegClaiming(JPEG, 1600, 1200, 64 * 1024);
  return Buffer.concat([head, randomBytes(bytes - head.length)]);
};

async function send(
  deps: Parameters<typeof receiveUpload>[0],
  ownerId: string,
  kind: 'photo' | 'original',
  data: Buffer,
) {
  const id = randomUUID();
  const incoming = await readIncoming(Readable.from([data]), {
    maxBytes: UPLOAD_LIMITS[kind].maxBytes,
    pieceBytes: 5 * MB,
    declaredBytes: data.length,
    tooLarge: () => new Error('too large'),
  });
  const file = { id, ownerId, kind, contentType: 'image/jpeg' };
  return { id, result: receiveUpload(deps, file, incoming, DEFAULT_UNCLAIMED_LIMIT) };
}

describe('an upload while the object store does not answer', () => {
  it('keeps photos and later originals in the database with a move queued, and leaves nothing of a refused one', async () => {
    const app = await t.app();
    const { db } = await t.database();
    const eng = await signedIn(app, 'engineer');
    const deps = { db, files: filesRepository(db), objects: down, log: app.log };
    const kept = async (id: string) => {
      const [row] = await db.select().from(files).where(eq(files.id, id));
      const [job] = await db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `file.offload:${id}`));
      const pieces = (await db.execute(
        sql`SELECT count(*)::int AS n FROM file_upload_pieces WHERE file_id = ${id}`,
      )) as {
        rows: { n: number }[];
      };
      return { row, job, pieces: pieces.rows[0]!.n };
    };

    // The store stops part way through a large original (here at its first request): refused, nothing kept.
    const first = await send(deps, eng.userId, 'original', jpegOf(12 * MB));
    await expect(first.result).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(await kept(first.id)).toEqual({ row: undefined, job: undefined, pieces: 0 });

    // A photo: in the row, served from there, moved by a job once the store answers.
    const photo = jpegOf(700 * 1024);
    const second = await send(deps, eng.userId, 'photo', photo);
    expect(await second.result).toBe('created');
    const afterPhoto = await kept(second.id);
    expect(afterPhoto.row).toMatchObject({ location: 'database', sha256: sha256Of(photo), size: photo.length });
    expect(afterPhoto.row!.data!.equals(photo)).toBe(true);
    expect(afterPhoto.job).toMatchObject({ kind: 'file.offload', state: 'queued' });

    // The next original goes to the database, joined from its pieces, with its move queued.
    const original = jpegOf(12 * MB + 777);
    const third = await send(deps, eng.userId, 'original', original);
    expect(await third.result).toBe('created');
    const afterOriginal = await kept(third.id);
    expect(afterOriginal.row).toMatchObject({
      location: 'database',
      sha256: sha256Of(original),
      size: original.length,
    });
    expect(sha256Of(afterOriginal.row!.data!)).toBe(sha256Of(original));
    expect(afterOriginal.job).toMatchObject({ kind: 'file.offload' });
    expect(afterOriginal.pieces).toBe(0);
  }, 180_000);
});
