import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { files } from '../src/db/schema.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { fileBytes } from '../src/files/commands.js';
import { sha256Of } from '../src/files/object-store.js';
import { filesRepository } from '../src/files/repository.js';
import { s3Store } from '../src/files/s3-store.js';
import { testFileStoreKind, testS3Settings, useTestApp } from './helpers/test-app.js';
import { createBucketIfMissing, emptyBucket, storedObjectHashes } from './helpers/s3-bucket.js';

/**
 * `npm run files:move` killed with SIGKILL part way (docs/product.md#files), each way, then run again: nothing is
 * lost or duplicated, every file reads back as stored, and the bucket holds exactly one object per file's bytes in
 * the store, none that no file names. The move runs as its own process, as an operator runs it, against its own
 * database (a PGlite folder, which one process opens at a time, or the tests' PostgreSQL) and a bucket of its own.
 */
const t = useTestApp();
const onS3 = testFileStoreKind() === 's3';
const FILES = 60;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const script = path.join(root, 'apps/server/scripts/move-files.ts');

interface Run {
  /** Resolves with the exit code, or the signal that ended it. */
  ended: Promise<number | NodeJS.Signals>;
  output: () => string;
}

/** Starts the move; `onProgress` sees each "N of T" line it prints and may kill it. */
function startMove(
  to: 's3' | 'database',
  env: NodeJS.ProcessEnv,
  onProgress: (done: number, total: number, kill: () => void) => void,
) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--to', to], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const kill = () => child.kill('SIGKILL');
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const m of chunk.toString().matchAll(/files:move: (\d+) of (\d+) files/g)) {
      onProgress(Number(m[1]), Number(m[2]), kill);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const ended = new Promise<number | NodeJS.Signals>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code ?? -1)),
  );
  return { ended, output: () => out } satisfies Run;
}

describe.runIf(onS3)('files:move killed with SIGKILL part way', () => {
  it('loses, duplicates and orphans nothing, each way, and a second run moves the rest', async () => {
    await t.app();
    // A bucket of its own, emptied, so every object in it is this test's.
    const s3 = { ...testS3Settings()!, bucket: `${testS3Settings()!.bucket}-killed-move` };
    await createBucketIfMissing(s3);
    await emptyBucket(s3);
    const pglite = (await t.database()).kind !== 'postgres';
    const dataDir = pglite ? mkdtempSync(path.join(tmpdir(), 'hiu-move-')) : undefined;
    const databaseUrl = pglite ? undefined : await t.databaseUrl();
    const open = () => openDatabase({ databaseUrl, dataDir });
    const env = {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: String(s3.forcePathStyle),
    };
    let database: Database | undefined;
    try {
      // Files kept in the database, as on a server before its first move; two share their bytes.
      const stored = new Map<string, Buffer>();
      database = await open();
      const shared = randomBytes(20_000);
      for (let i = 0; i < FILES; i++) {
        const id = randomUUID();
        const data = i < 2 ? shared : randomBytes(20_000);
        const put = await filesRepository(database.db).put({
          id,
          ownerId: null,
          kind: 'photo',
          contentType: 'image/jpeg',
          data,
        });
        expect(put).toBe('created');
        stored.set(id, data);
      }
      if (pglite) await database.close();

      // Killed once it has moved some (its progress line says how many), whatever it is doing at that moment.
      let killedAt = 0;
      const first = startMove('s3', env, (done, total, kill) => {
        if (!killedAt && done >= 10 && done < total) {
          killedAt = done;
          kill();
        }
      });
      expect(await first.ended, first.output()).toBe('SIGKILL');
      expect(killedAt).toBeGreaterThan(0);

      if (pglite) database = await open();
      const repo = filesRepository(database.db);
      const halfway = await database.db.select({ id: files.id, location: files.location }).from(files);
      expect(halfway).toHaveLength(FILES);
      const moved = halfway.filter((r) => r.location === 's3').length;
      expect(moved).toBeGreaterThan(0);
      expect(moved).toBeLessThan(FILES);
      // Every file readable where it is after the kill, those moved from the store.
      const objects = s3Store(s3);
      for (const [id, data] of stored) {
        const row = await repo.get(id);
        expect(sha256Of(await fileBytes({ objects }, row!))).toBe(sha256Of(data));
      }
      if (pglite) await database.close();

      const second = startMove('s3', env, () => {});
      expect(await second.ended, second.output()).toBe(0);
      expect(second.output()).toMatch(/files:move: \d+ moved to s3, 0 left where they were/);

      if (pglite) database = await open();
      const rows = await database.db.select().from(files);
      expect(rows).toHaveLength(FILES);
      for (const row of rows) {
        expect(row).toMatchObject({ location: 's3', data: null, sha256: sha256Of(stored.get(row.id)!) });
        expect((await fileBytes({ objects }, row)).equals(stored.get(row.id)!)).toBe(true);
      }
      await database.close();
      database = undefined;
      // Once each: one object per distinct bytes (two files share theirs), none that no file names.
      const hashes = [...new Set([...stored.values()].map(sha256Of))].sort();
      expect(await storedObjectHashes(s3)).toEqual(hashes);

      // A third run finds nothing to move.
      const third = startMove('s3', env, () => {});
      expect(await third.ended, third.output()).toBe(0);
      expect(third.output()).toMatch(/files:move: 0 moved to s3/);

      // And back, killed part way too: every file ends in the database, the store holds nothing.
      let killedBack = 0;
      const back = startMove('database', env, (done, total, kill) => {
        if (!killedBack && done >= 10 && done < total) {
          killedBack = done;
          kill();
        }
      });
      expect(await back.ended, back.output()).toBe('SIGKILL');
      expect(killedBack).toBeGreaterThan(0);
      const resumed = startMove('database', env, () => {});
      expect(await resumed.ended, resumed.output()).toBe(0);
      database = await open();
      const home = await database.db.select().from(files);
      expect(home).toHaveLength(FILES);
      for (const row of home) {
        expect(row).toMatchObject({ location: 'database', sha256: sha256Of(stored.get(row.id)!) });
        expect(row.data!.equals(stored.get(row.id)!)).toBe(true);
      }
      await database.close();
      database = undefined;
      expect(await storedObjectHashes(s3)).toEqual([]);
    } finally {
      if (database) await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
