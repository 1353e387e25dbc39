// npm run bench:files: photo uploads and downloads per second through the app with the bytes in the database
// and in an S3 store (a local Ceph gateway, scripts/ensure-ceph.mjs, or S3_ENDPOINT), and how much the
// PostgreSQL database grows per 1,000 photos on each; then `files:move -- --to s3` of the database store's photos
// and the files table's size before and after (docs/benchmarks.md, decision 224).
// Options: --photos=N (default 300), --concurrency=N (default 4), --kb=N (photo size, default 300).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { ensureCeph } from '../ensure-ceph.mjs';
import { recordFigure } from './results.mjs';
import { seedBasics, startApp } from './start-app.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    photos: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '4' },
    kb: { type: 'string', default: '300' },
  },
});
const PHOTOS = Number(values.photos);
const CONCURRENCY = Number(values.concurrency);
const PHOTO_BYTES = Number(values.kb) * 1024;
const PORT = Number(process.env.BENCH_PORT ?? 4752);
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://hiu_test:hiu_test@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_FILES_DB ?? 'hiu_bench_files';
const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${DB_NAME}`);
const MB = 1024 * 1024;

/** A JPEG of about PHOTO_BYTES, unique: the fixture photo with comment segments of random bytes after its start. */
const fixture = fs.readFileSync(path.join(root, 'packages/report-pdf/test/fixtures/photo.jpg'));
function photo() {
  const parts = [fixture.subarray(0, 2)];
  let size = fixture.length;
  while (size < PHOTO_BYTES) {
    const body = randomBytes(Math.min(60_000, PHOTO_BYTES - size));
    const head = Buffer.from([0xff, 0xfe, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    parts.push(head, body);
    size += body.length + 4;
  }
  parts.push(fixture.subarray(2));
  return Buffer.concat(parts);
}

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
}

async function sizes() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    `SELECT pg_database_size(current_database())::bigint AS db, pg_total_relation_size('files')::bigint AS files`,
  );
  await client.end();
  return { db: Number(rows[0].db), files: Number(rows[0].files) };
}

async function sql(text) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(text);
  await client.end();
}

/** Runs `work(i)` for i < count, `concurrency` at a time; answers the seconds it took. */
async function timed(count, work) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await work(next++);
    }),
  );
  return (performance.now() - started) / 1000;
}

async function runStore(kind, s3) {
  await freshDatabase();
  const env = { DATABASE_URL: databaseUrl, FILE_STORE: kind, UNCLAIMED_UPLOADS_MAX_FILES: String(PHOTOS + 10) };
  env.UNCLAIMED_UPLOADS_MAX_MB = String(Math.ceil(((PHOTOS + 10) * PHOTO_BYTES) / MB));
  env.READ_LIMIT = '0';
  if (kind === 's3') Object.assign(env, s3);
  const app = await startApp({ port: PORT, env });
  try {
    const { engineerCookie } = await seedBasics(app.url);
    const before = await sizes();
    const photos = Array.from({ length: PHOTOS }, () => ({ id: randomUUID(), data: photo() }));
    const upSeconds = await timed(PHOTOS, async (i) => {
      const res = await fetch(`${app.url}/api/files/${photos[i].id}?kind=photo`, {
        method: 'PUT',
        headers: { cookie: engineerCookie, 'content-type': 'image/jpeg' },
        body: photos[i].data,
      });
      if (res.status !== 201) throw new Error(`upload ${i}: ${res.status} ${await res.text()}`);
    });
    const downSeconds = await timed(PHOTOS, async (i) => {
      const res = await fetch(`${app.url}/api/files/${photos[i].id}`, { headers: { cookie: engineerCookie } });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || !body.equals(photos[i].data)) throw new Error(`download ${i}: ${res.status}`);
    });
    const after = await sizes();
    return {
      uploads: PHOTOS / upSeconds,
      downloads: PHOTOS / downSeconds,
      growthPer1000: ((after.db - before.db) / PHOTOS) * 1000,
      before,
      filesTable: after.files,
    };
  } finally {
    await app.stop();
  }
}

/** `npm run files:move -- --to s3` on the database store's photos (the app stopped, as for PGlite). */
async function moveToStore(s3) {
  const started = performance.now();
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/scripts/move-files.ts', '--to', 's3'], {
      cwd: root,
      env: { ...process.env, ...s3, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`files:move exited ${code}`);
  return (performance.now() - started) / 1000;
}

const s3 = { ...(await ensureCeph({ log: (m) => console.error(m) })) };
s3.S3_BUCKET = `hiu-bench-files-${Date.now().toString(36)}`;
const client = new S3Client({
  endpoint: s3.S3_ENDPOINT,
  region: s3.S3_REGION,
  forcePathStyle: s3.S3_FORCE_PATH_STYLE === 'true',
  credentials: { accessKeyId: s3.S3_ACCESS_KEY_ID, secretAccessKey: s3.S3_SECRET_ACCESS_KEY },
});
await client.send(new CreateBucketCommand({ Bucket: s3.S3_BUCKET }));

console.log(
  `Files: ${PHOTOS} photos of ${values.kb} KB, ${CONCURRENCY} at a time, PostgreSQL, S3 at ${s3.S3_ENDPOINT}`,
);
const onDatabase = await runStore('database', s3);
const movedIn = await moveToStore(s3);
const moved = await sizes();
await sql('VACUUM (FULL) files');
const vacuumed = await sizes();
const onS3 = await runStore('s3', s3);
// An upload's bytes are written to the database first and dropped once in the store: dead rows until a vacuum.
await sql('VACUUM (FULL) files');
const s3Vacuumed = await sizes();
const s3GrowthPer1000 = ((s3Vacuumed.db - onS3.before.db) / PHOTOS) * 1000;

const bench = 'files';
const rate = (r) => `${r.toFixed(1)}/s (${((r * PHOTO_BYTES) / MB).toFixed(1)} MB/s)`;
console.log(`  database store: uploads ${rate(onDatabase.uploads)}, downloads ${rate(onDatabase.downloads)}`);
console.log(`  S3 store:       uploads ${rate(onS3.uploads)}, downloads ${rate(onS3.downloads)}`);
recordFigure({
  bench,
  name: 'photo uploads per second, S3 store / database store',
  value: onS3.uploads / onDatabase.uploads,
  unit: 'x',
  target: '>= 0.5x',
  pass: onS3.uploads / onDatabase.uploads >= 0.5,
  note: `${onS3.uploads.toFixed(1)} / ${onDatabase.uploads.toFixed(1)} per second`,
});
recordFigure({
  bench,
  name: 'photo downloads per second, S3 store / database store',
  value: onS3.downloads / onDatabase.downloads,
  unit: 'x',
  target: '>= 0.5x',
  pass: onS3.downloads / onDatabase.downloads >= 0.5,
  note: `${onS3.downloads.toFixed(1)} / ${onDatabase.downloads.toFixed(1)} per second`,
});
recordFigure({
  bench,
  name: 'database growth per 1,000 photos, database store',
  value: onDatabase.growthPer1000 / MB,
  unit: 'MB',
});
recordFigure({
  bench,
  name: 'database growth per 1,000 photos, S3 store, as written (each upload is kept there until it is in the store)',
  value: onS3.growthPer1000 / MB,
  unit: 'MB',
});
recordFigure({
  bench,
  name: 'database growth per 1,000 photos, S3 store, after VACUUM FULL of files',
  value: s3GrowthPer1000 / MB,
  unit: 'MB',
  target: '<= 2 MB',
  pass: s3GrowthPer1000 / MB <= 2,
});
recordFigure({
  bench,
  name: `files table after files:move --to s3 (${movedIn.toFixed(1)} s): before / after / after VACUUM FULL`,
  value: vacuumed.files / MB,
  unit: 'MB',
  target: '<= 2 MB after VACUUM FULL',
  pass: vacuumed.files / MB <= 2,
  note: `${(onDatabase.filesTable / MB).toFixed(1)} / ${(moved.files / MB).toFixed(1)} / ${(vacuumed.files / MB).toFixed(2)} MB`,
});
