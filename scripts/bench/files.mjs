// npm run bench:files: reports as a phone sends them (--photos photos and a signature, then the submit) through
// the app on PostgreSQL, with the bytes in the database and in an S3 store (a local Ceph gateway,
// scripts/ensure-ceph.mjs, or S3_ENDPOINT), in one run: photo uploads and downloads per second, and how much the
// database grows per 1,000 reports once each report's PDF is kept; then `files:move -- --to s3` of the database
// store's files and the files table's size before and after (docs/benchmarks.md, decision 224).
// Options: --reports=N (default 40), --photos=N per report (default 6), --concurrency=N (default 4),
// --kb=N (photo size, default 300).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { tsImport } from 'tsx/esm/api';
import { ensureCeph } from '../ensure-ceph.mjs';
import { recordFigure } from './results.mjs';
import { seedBasics, startApp } from './start-app.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    reports: { type: 'string', default: '40' },
    photos: { type: 'string', default: '6' },
    concurrency: { type: 'string', default: '4' },
    kb: { type: 'string', default: '300' },
  },
});
const REPORTS = Number(values.reports);
const PHOTOS_PER_REPORT = Number(values.photos);
const PHOTOS = REPORTS * PHOTOS_PER_REPORT;
const CONCURRENCY = Number(values.concurrency);
const PHOTO_BYTES = Number(values.kb) * 1024;
const PORT = Number(process.env.BENCH_PORT ?? 4752);
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://hiu_test:hiu_test@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_FILES_DB ?? 'hiu_bench_files';
const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${DB_NAME}`);
const MB = 1024 * 1024;
const { passingCheck, photoRef } = await tsImport('@hiu/domain/testing', import.meta.url);
const SIGNATURE = fs.readFileSync(path.join(root, 'packages/report-pdf/test/fixtures/signature.png'));

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

async function query(text) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

async function sizes() {
  const [row] = await query(
    `SELECT pg_database_size(current_database())::bigint AS db, pg_total_relation_size('files')::bigint AS files`,
  );
  return { db: Number(row.db), files: Number(row.files) };
}

/** Waits until every report's PDF is built and kept (a job after each submit), polling. */
async function pdfsKept(count) {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const [row] = await query('SELECT count(*)::int AS kept FROM reports WHERE pdf_file_id IS NOT NULL');
    if (row.kept >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${row.kept} of ${count} report PDFs kept after 15 minutes`);
    await new Promise((r) => setTimeout(r, 500));
  }
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
  const uploads = REPORTS * (PHOTOS_PER_REPORT + 1);
  const env = { DATABASE_URL: databaseUrl, FILE_STORE: kind, UNCLAIMED_UPLOADS_MAX_FILES: String(uploads + 10) };
  env.UNCLAIMED_UPLOADS_MAX_MB = String(Math.ceil(((PHOTOS + 10) * PHOTO_BYTES) / MB) + REPORTS);
  env.READ_LIMIT = '0';
  if (kind === 's3') Object.assign(env, s3);
  const app = await startApp({ port: PORT, env });
  try {
    const seed = await seedBasics(app.url);
    const cookie = seed.engineerCookie;
    const put = async (id, kindOfFile, type, body) => {
      const res = await fetch(`${app.url}/api/files/${id}?kind=${kindOfFile}`, {
        method: 'PUT',
        headers: { cookie, 'content-type': type },
        body,
      });
      if (res.status !== 201) throw new Error(`upload of a ${kindOfFile}: ${res.status} ${await res.text()}`);
    };
    const before = await sizes();
    const reports = Array.from({ length: REPORTS }, () => ({
      id: randomUUID(),
      signatureId: randomUUID(),
      photos: Array.from({ length: PHOTOS_PER_REPORT }, () => ({ id: randomUUID(), data: photo() })),
    }));
    const photos = reports.flatMap((r) => r.photos);
    const upSeconds = await timed(PHOTOS, (i) => put(photos[i].id, 'photo', 'image/jpeg', photos[i].data));
    // Each report's signature and submit, as the phone sends them after its photos.
    const submitSeconds = await timed(REPORTS, async (i) => {
      const r = reports[i];
      await put(r.signatureId, 'signature', 'image/png', SIGNATURE);
      const wizardData = passingCheck({
        site: { id: seed.siteId, name: 'Bench Court' },
        propertyId: seed.propertyId,
        address: 'Flat 1, Bench Court',
        dwellingType: '1b2p',
        startTime: new Date().toISOString(),
        photoId: null,
        signatureId: r.signatureId,
        photosSignature: { photos: r.photos.map((p, n) => photoRef(p.id, `Photo ${n + 1}`)) },
      });
      const res = await fetch(`${app.url}/api/reports`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ id: r.id, wizardData, notes: '', completedAt: new Date().toISOString() }),
      });
      if (res.status !== 201) throw new Error(`submit ${i}: ${res.status} ${await res.text()}`);
    });
    const pdfStarted = performance.now();
    await pdfsKept(REPORTS);
    const pdfSeconds = (performance.now() - pdfStarted) / 1000;
    const downSeconds = await timed(PHOTOS, async (i) => {
      const res = await fetch(`${app.url}/api/files/${photos[i].id}`, { headers: { cookie } });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || !body.equals(photos[i].data)) throw new Error(`download ${i}: ${res.status}`);
    });
    const after = await sizes();
    // Rows updated or emptied meanwhile (a PDF's, a moved file's) leave dead space until a vacuum.
    await query('VACUUM (FULL) files');
    const vacuumed = await sizes();
    return {
      uploads: PHOTOS / upSeconds,
      downloads: PHOTOS / downSeconds,
      submits: REPORTS / submitSeconds,
      pdfSeconds,
      growthPer1000: ((after.db - before.db) / REPORTS) * 1000,
      vacuumedGrowthPer1000: ((vacuumed.db - before.db) / REPORTS) * 1000,
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
  `Files: ${REPORTS} reports of ${PHOTOS_PER_REPORT} photos of ${values.kb} KB and a signature, ` +
    `${CONCURRENCY} at a time, PostgreSQL, S3 at ${s3.S3_ENDPOINT}`,
);
const onDatabase = await runStore('database', s3);
const movedIn = await moveToStore(s3);
const moved = await sizes();
await query('VACUUM (FULL) files');
const vacuumed = await sizes();
const onS3 = await runStore('s3', s3);

const bench = 'files';
const rate = (r) => `${r.toFixed(1)}/s (${((r * PHOTO_BYTES) / MB).toFixed(1)} MB/s)`;
for (const [name, r] of [
  ['database store', onDatabase],
  ['S3 store      ', onS3],
]) {
  console.log(
    `  ${name}: photo uploads ${rate(r.uploads)}, downloads ${rate(r.downloads)}; ` +
      `signature and submit ${r.submits.toFixed(1)} reports/s; PDFs kept ${r.pdfSeconds.toFixed(1)} s after`,
  );
}
const perReport = `a report: ${PHOTOS_PER_REPORT} photos of ${values.kb} KB, a signature, its PDF`;
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
  name: `database growth per 1,000 reports, database store (${perReport})`,
  value: onDatabase.growthPer1000 / MB,
  unit: 'MB',
});
recordFigure({
  bench,
  name: 'database growth per 1,000 reports, S3 store, as written',
  value: onS3.growthPer1000 / MB,
  unit: 'MB',
});
recordFigure({
  bench,
  name: 'database growth per 1,000 reports, S3 store, after VACUUM FULL of files',
  value: onS3.vacuumedGrowthPer1000 / MB,
  unit: 'MB',
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
