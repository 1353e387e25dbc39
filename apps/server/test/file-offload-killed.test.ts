import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_UNCLAIMED_LIMIT, UPLOAD_LIMITS } from '@hiu/domain';
import { loadConfig } from '../src/config.js';
import { files, jobs } from '../src/db/schema.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { fileBytes } from '../src/files/commands.js';
import { readIncoming } from '../src/files/incoming-file.js';
import { sha256Of } from '../src/files/object-store.js';
import { filesRepository } from '../src/files/repository.js';
import { s3Store, type S3Settings } from '../src/files/s3-store.js';
import { receiveUpload } from '../src/files/upload.js';
import { cleanUpOrphanFiles } from '../src/jobs/orphan-files.js';
import { createBucketIfMissing, emptyBucket, storedObjectHashes } from './helpers/s3-bucket.js';
import { storeThatIsDown } from './helpers/store-down.js';

/**
 * A server killed with SIGKILL while its `file.offload` jobs move photos kept in the database (the store was down
 * at upload, docs/product.md#files) into the store: a new server on the same database finishes the move, and every
 * file is then read once from the store with its hash, none left in the database's bytes, no object in the bucket
 * that no file names. The servers are processes of their own, as an operator runs them, on a database of this
 * test's own (a PGlite folder, or a PostgreSQL database no other test's server takes jobs from) and its own bucket.
 */
const onS3 = process.env.TEST_FILE_STORE === 's3';
const FILES = 80;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const main = path.join(root, 'apps/server/src/main.ts');

const down = storeThatIsDown();

/** A server process; `ended` resolves with its exit code or the signal that ended it. */
function startServer(env: NodeJS.ProcessEnv) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const ended = new Promise<number | NodeJS.Signals>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code ?? -1)),
  );
  return { child, ended, output: () => out.slice(-4000) };
}

/** Waits until `done` holds, looking every 100 ms, or fails after `timeoutMs` with `what`. */
async function until(what: () => string, done: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not seen within ${timeoutMs} ms: ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A PostgreSQL database of this test's own, made empty. */
async function ownPostgres(base: string): Promise<string> {
  const url = new URL(base);
  const name = `${url.pathname.slice(1) || 'hiu_test'}_offload_killed`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  return url.toString();
}

/** A bucket of this test's own, emptied, and a database of its own, migrated and empty. */
async function ownDatabaseAndBucket() {
  const config = loadConfig({
    ...process.env,
    FILE_STORE: 's3',
    S3_BUCKET: `${process.env.S3_BUCKET}-killed-offload`,
  });
  if (config.fileStore.kind !== 's3') throw new Error('FILE_STORE=s3 was not read');
  const s3: S3Settings = config.fileStore;
  await createBucketIfMissing(s3);
  await emptyBucket(s3);
  const pglite = process.env.TEST_DB !== 'postgres';
  const dataDir = pglite ? mkdtempSync(path.join(tmpdir(), 'hiu-offload-')) : undefined;
  const databaseUrl = pglite ? undefined : await ownPostgres(process.env.TEST_DATABASE_URL!);
  const open = () => openDatabase({ databaseUrl, dataDir });
  return { s3, dataDir, databaseUrl, open };
}

/** A photo upload while the store does not answer: kept in the database, its move queued. */
async function uploadWhileStoreDown(db: Database['db'], data: Buffer): Promise<string> {
  const id = randomUUID();
  const deps = { db, files: filesRepository(db), objects: down, log: fastify({ logger: false }).log };
  const incoming = await readIncoming(Readable.from([data]), {
    maxBytes: UPLOAD_LIMITS.photo.maxBytes,
    pieceBytes: 5 * 1024 * 1024,
    declaredBytes: data.length,
    tooLarge: () => new Error('too large'),
  });
  const file = { id, ownerId: null, kind: 'photo' as const, contentType: 'image/jpeg' };
  expect(await receiveUpload(deps, file, incoming, DEFAULT_UNCLAIMED_LIMIT)).toBe('created');
  return id;
}

describe.runIf(onS3)('a server killed with SIGKILL while it offloads files into the store', () => {
  it('leaves every file readable, and the next server moves them all, once each, with nothing left over', async () => {
    const { s3, dataDir, databaseUrl, open } = await ownDatabaseAndBucket();
    const env = {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
      FILE_STORE: 's3',
      S3_BUCKET: s3.bucket,
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST: '',
      LOG_LEVEL: 'warn',
      NOTIFICATION_DIGESTS: 'false',
      // A killed server's jobs are taken up by the next once their lease runs out: short, so the test is too.
      JOB_LEASE_SECONDS: '3',
    };
    let database: Database | undefined;
    const servers: ReturnType<typeof startServer>[] = [];
    try {
      // Photos uploaded while the store did not answer: kept in the database, each with its move queued.
      const stored = new Map<string, Buffer>();
      database = await open();
      for (let i = 0; i < FILES; i++) {
        const data = randomBytes(300_000);
        const id = await uploadWhileStoreDown(database.db, data);
        stored.set(id, data);
      }
      const queued = await database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.kind} = 'file.offload'`);
      expect(queued).toHaveLength(FILES);
      await database.close();
      database = undefined;

      // A server with the store answering starts moving them; killed once some are in the bucket, not all.
      const first = startServer(env);
      servers.push(first);
      let inBucket = 0;
      await until(
        () => `${inBucket} objects; ${first.output()}`,
        async () => (inBucket = (await storedObjectHashes(s3)).length) >= 10,
        120_000,
      );
      first.child.kill('SIGKILL');
      expect(await first.ended).toBe('SIGKILL');
      expect(inBucket, 'the server moved every file before it was killed').toBeLessThan(FILES);

      // Every file readable after the kill, from wherever it is.
      const objects = s3Store(s3);
      database = await open();
      const repo = filesRepository(database.db);
      const halfway = await database.db.select({ id: files.id, location: files.location }).from(files);
      expect(halfway).toHaveLength(FILES);
      expect(halfway.filter((r) => r.location === 'database').length).toBeGreaterThan(0);
      // Killed while moving: jobs it had in hand are still marked running, theirs until their lease runs out.
      const inHand = await database.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(sql`${jobs.kind} = 'file.offload' AND ${jobs.state} = 'running'`);
      expect(inHand.length).toBeGreaterThan(0);
      for (const [id, data] of stored) {
        expect(sha256Of(await fileBytes({ objects }, (await repo.get(id))!))).toBe(sha256Of(data));
      }
      await database.close();
      database = undefined;

      // The next server finishes the move: every object in the bucket, then stopped as an operator stops it
      // (SIGTERM lets the moves in hand finish). Again while some are still queued.
      const hashes = [...stored.values()].map(sha256Of).sort();
      for (let round = 0; ; round++) {
        const next = startServer(env);
        servers.push(next);
        await until(
          () => next.output(),
          async () => (await storedObjectHashes(s3)).length === FILES,
          180_000,
        );
        next.child.kill('SIGTERM');
        expect(await next.ended, next.output()).toBe(0);
        database = await open();
        const [left] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(sql`${jobs.kind} = 'file.offload' AND ${jobs.state} <> 'done'`);
        if (Number(left!.n) === 0 || round === 3) break;
        await database.close();
        database = undefined;
      }

      const rows = await database.db.select().from(files);
      expect(rows).toHaveLength(FILES);
      for (const row of rows) {
        expect(row).toMatchObject({ location: 's3', data: null, sha256: sha256Of(stored.get(row.id)!) });
        expect(sha256Of(await fileBytes({ objects }, row))).toBe(sha256Of(stored.get(row.id)!));
      }
      const pieces = (await database.db.execute(sql`SELECT count(*)::int AS n FROM file_upload_pieces`)) as {
        rows: { n: number }[];
      };
      expect(Number(pieces.rows[0]!.n)).toBe(0);
      const failed = await database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.kind} = 'file.offload' AND ${jobs.state} <> 'done'`);
      expect(failed).toEqual([]);
      // Once each, none that no file names.
      expect(await storedObjectHashes(s3)).toEqual(hashes);
    } finally {
      for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
      if (database) await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }, 600_000);

  it('an object a killed offload wrote goes with its file when the orphan clean-up deletes it', async () => {
    const { s3, dataDir, open } = await ownDatabaseAndBucket();
    const database = await open();
    try {
      // The state a kill between the object's write and the row naming it leaves: the object in the bucket, the
      // file still in the database. Nothing claims it; past the grace period the clean-up deletes the row.
      const objects = s3Store(s3);
      const data = randomBytes(50_000);
      await uploadWhileStoreDown(database.db, data);
      await objects.put(sha256Of(data), data);
      expect(await storedObjectHashes(s3)).toEqual([sha256Of(data)]);

      const later = new Date(Date.now() + 2 * 3600_000);
      const log = fastify({ logger: false }).log;
      const deleted = await cleanUpOrphanFiles(filesRepository(database.db), 1, later, {
        db: database.db,
        objects,
        log,
      });
      expect(deleted).toBe(1);
      expect(await storedObjectHashes(s3)).toEqual([]);
    } finally {
      await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
