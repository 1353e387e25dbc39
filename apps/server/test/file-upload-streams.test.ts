import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, request, type ClientRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '@hiu/domain';
import { fileUploadPieces, files } from '../src/db/schema.js';
import { filesRepository } from '../src/files/repository.js';
import { cleanUpOrphanFiles } from '../src/jobs/orphan-files.js';
import { sha256Of } from '../src/files/object-store.js';
import { held } from './helpers/held-memory.js';
import { jpegClaiming } from './helpers/images.js';
import { JPEG } from './helpers/report-files.js';
import { signedIn, testFileStoreKind, testS3Settings, useTestApp } from './helpers/test-app.js';

/**
 * An upload goes to the file store as it arrives (docs/product.md#files): the server holds a piece of it at a
 * time, hashes and counts it on the way, stops at once past its kind's limit and leaves nothing behind when it is
 * refused or cut off; with S3 its bytes never land in the database.
 */
const t = useTestApp();
const store = testFileStoreKind();
// The app starts once per file; on a loaded machine that takes longer than one test's set-up may.
beforeAll(async () => void (await t.app()), 300_000);
const MB = 1024 * 1024;

/** A JPEG of its own bytes and this many of them, whose header a camera could have written. */
const jpegOf = (bytes: number) => {
  const head = jpegClaiming(JPEG, 1600, 1200, 64 * 1024);
  return Buffer.concat([head, randomBytes(bytes - head.length)]);
};

/** Over a real socket, as a phone uploads: the server reads the body as the client sends it. */
async function overSocket<T>(app: FastifyInstance, use: (port: number) => Promise<T>): Promise<T> {
  const server = createServer((req, res) => app.routing(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await use((server.address() as AddressInfo).port);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

interface Answer {
  status: number;
  body: string;
}

function answerOf(req: ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(parts).toString() }));
    });
    req.on('error', reject);
  });
}

/** Starts a PUT of `path`; with `length` it announces a Content-Length, without it the body is chunked. */
function startPut(port: number, path: string, cookie: string, length?: number) {
  const headers: Record<string, string | number> = { cookie, 'content-type': 'image/jpeg' };
  if (length !== undefined) headers['content-length'] = length;
  const req = request({ host: '127.0.0.1', port, path, method: 'PUT', headers });
  req.on('error', () => {}); // a request cut off on purpose
  return req;
}

/** Writes `data` a megabyte at a time, waiting for the socket as a phone's connection does. */
async function send(req: ClientRequest, data: Buffer, each?: (sent: number) => Promise<void>) {
  for (let sent = 0; sent < data.length;) {
    const piece = data.subarray(sent, sent + MB);
    sent += piece.length;
    if (!req.write(piece)) await new Promise((resolve) => req.once('drain', resolve));
    await each?.(sent);
  }
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The bucket as an operator would see it, through the SDK and not through the app. */
function bucket() {
  const s = testS3Settings()!;
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
  });
  return {
    async read(sha256: string) {
      const res = await client.send(
        new GetObjectCommand({ Bucket: s.bucket, Key: `files/${sha256.slice(0, 2)}/${sha256}` }),
      );
      return Buffer.from(await res.Body!.transformToByteArray());
    },
    /** Objects and unfinished multipart uploads an upload of this file id left behind. */
    async leftBy(fileId: string) {
      const Prefix = `uploads/${fileId}/`;
      const objects = await client.send(new ListObjectsV2Command({ Bucket: s.bucket, Prefix }));
      const multipart = await client.send(new ListMultipartUploadsCommand({ Bucket: s.bucket, Prefix }));
      return (objects.KeyCount ?? 0) + (multipart.Uploads?.length ?? 0);
    },
  };
}

/** Everything the database and the store keep of an upload under `id`: its row and the pieces of one under way. */
async function keptOf(id: string) {
  const { db } = await t.database();
  const rows = await db.select({ id: files.id }).from(files).where(eq(files.id, id));
  const pieces = (await db.execute(sql`SELECT count(*)::int AS n FROM file_upload_pieces WHERE file_id = ${id}`)) as {
    rows: { n: number }[];
  };
  const inStore = store === 's3' ? await bucket().leftBy(id) : 0;
  return rows.length + pieces.rows[0]!.n + inStore;
}

// PGlite runs the database inside this process, so with the bytes in it the server's own memory cannot be told
// from the database's; measured on PostgreSQL and with the bytes in the S3 store.
const measurable = store === 's3' || process.env.TEST_DB === 'postgres';

describe(`an upload streamed into the ${store} store`, () => {
  it.runIf(measurable)(
    'holds far less than a large photo while it arrives, and keeps its exact bytes',
    async () => {
      const app = await t.app();
      const eng = await signedIn(app, 'engineer');
      const data = jpegOf(24 * MB);
      await overSocket(app, async (port) => {
        // One upload first: it loads code and opens connections, which stay.
        const warm = jpegOf(8 * MB);
        const first = startPut(port, `/api/files/${randomUUID()}/original`, eng.cookie!, warm.length);
        await send(first, warm);
        first.end();
        expect((await answerOf(first)).status).toBe(201);

        const id = randomUUID();
        const before = await held();
        let peak = before;
        const req = startPut(port, `/api/files/${id}/original`, eng.cookie!, data.length);
        const answer = answerOf(req);
        await send(req, data, async (sent) => {
          if (sent % (4 * MB) === 0) peak = Math.max(peak, await held());
        });
        req.end();
        const got = await answer;
        const rise = (peak - before) / MB;
        console.log(
          `upload of 24 MB (${store}, ${process.env.TEST_DB ?? 'pglite'}): held memory rose ${rise.toFixed(1)} MB`,
        );
        expect(got.status, got.body).toBe(201);
        // Read whole it rose by the file's 24 MB or more. Streamed, by the 5 MB pieces in hand at once: the one
        // arriving, the one being sent to the store and its copy in the store's client (about 10 MB seen, 18 MB
        // once on a loaded machine).
        expect(rise).toBeLessThan(20);
        const download = await eng.get(`/api/files/${id}`);
        expect(sha256Of(download.rawPayload)).toBe(sha256Of(data));
      });
    },
    240_000,
  );

  it('stores a photo under the SHA-256 of its bytes, and with S3 never in the database', async () => {
    const eng = await signedIn(await t.app(), 'engineer');
    const photo = jpegOf(900 * 1024);
    const id = randomUUID();
    const res = await eng.put(`/api/files/${id}?kind=photo`, photo, { 'content-type': 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ id, kind: 'photo', size: photo.length });
    const [row] = await (await t.database()).db.select().from(files).where(eq(files.id, id));
    expect(row).toMatchObject({ sha256: sha256Of(photo), size: photo.length, location: store });
    if (store === 's3') {
      expect(row!.data).toBeNull();
      expect((await bucket().read(sha256Of(photo))).equals(photo)).toBe(true);
    } else {
      expect(row!.data!.equals(photo)).toBe(true);
    }
    const got = await eng.get(`/api/files/${id}`);
    expect(createHash('sha256').update(got.rawPayload).digest('hex')).toBe(sha256Of(photo));
  });

  it('stores a large original of several pieces whole, under its SHA-256', async () => {
    const eng = await signedIn(await t.app(), 'engineer');
    const original = jpegOf(12 * MB + 12345);
    const id = randomUUID();
    const res = await eng.put(`/api/files/${id}/original`, original, { 'content-type': 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await (await t.database()).db.select().from(files).where(eq(files.id, id));
    expect(row).toMatchObject({ sha256: sha256Of(original), size: original.length, location: store });
    if (store === 's3') expect(row!.data).toBeNull();
    expect(sha256Of((await eng.get(`/api/files/${id}`)).rawPayload)).toBe(sha256Of(original));
    expect(await keptOf(id)).toBe(1); // its row; no pieces, no upload left in the store
  }, 120_000);

  it('refuses a photo over its limit with 413 before its last byte arrives, keeping nothing', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const { maxBytes } = UPLOAD_LIMITS.photo;
    await overSocket(app, async (port) => {
      // Sent chunked, so only counting its bytes tells it is too large: the answer comes while it is still sent.
      const id = randomUUID();
      const req = startPut(port, `/api/files/${id}?kind=photo`, eng.cookie!);
      const answer = answerOf(req);
      await send(req, jpegOf(maxBytes + 1024));
      const got = await answer; // the request is never ended
      expect(got.status, got.body).toBe(413);
      expect(JSON.parse(got.body).error).toMatchObject({ code: 'too_large' });
      expect(JSON.parse(got.body).error.message).toContain(`A photo may be at most ${maxBytes / 1024} KB`);
      req.destroy();
      expect(await keptOf(id)).toBe(0);
    });
    // With its length announced, refused before a byte of it is read, saying how large it is.
    const id = randomUUID();
    const big = jpegOf(maxBytes + 1);
    const res = await eng.put(`/api/files/${id}?kind=photo`, big, { 'content-type': 'image/jpeg' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(
      `A photo may be at most ${maxBytes / 1024} KB; this one is ${Math.ceil(big.length / 1024)} KB`,
    );
    expect(await keptOf(id)).toBe(0);
  }, 120_000);

  it('keeps nothing of an upload the phone stops sending part way', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const data = jpegOf(20 * MB);
    const id = randomUUID();
    await overSocket(app, async (port) => {
      const req = startPut(port, `/api/files/${id}/original`, eng.cookie!, data.length);
      await send(req, data.subarray(0, 14 * MB));
      // Its first pieces are kept somewhere while the rest is awaited: then the signal drops.
      await until('a piece of the upload kept', async () => (await keptOf(id)) > 0);
      req.destroy();
      await until('nothing left of the upload', async () => (await keptOf(id)) === 0);
    });
    expect((await eng.get(`/api/files/${id}`)).statusCode).toBe(404);
  }, 180_000);

  it('deletes the pieces a stopped server left of an upload, once they are past the grace period', async () => {
    const { db } = await t.database();
    const stale = randomUUID();
    const fresh = randomUUID();
    for (const fileId of [stale, fresh])
      await db.insert(fileUploadPieces).values({ uploadId: randomUUID(), fileId, seq: 0, data: randomBytes(1024) });
    await db.execute(
      sql`UPDATE file_upload_pieces SET created_at = now() - interval '8 days' WHERE file_id = ${stale}`,
    );
    await cleanUpOrphanFiles(filesRepository(db), 24 * 7);
    expect(await keptOf(stale)).toBe(0);
    expect(await keptOf(fresh)).toBe(1); // an upload still under way keeps its pieces
  });
});
