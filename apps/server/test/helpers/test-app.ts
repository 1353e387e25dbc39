import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createBucketIfMissing } from './s3-bucket.js';
import type { S3Settings } from '../../src/files/s3-store.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { hashPassword } from '../../src/http/passwords.js';
import { forgetFullSignInKeys } from '../../src/http/full-sign-in-keys.js';
import { SESSION_COOKIE } from '../../src/http/access.js';
import { createRepositories } from '../../src/repositories/index.js';

/**
 * One database and app per test worker (a PGlite start costs seconds), data wiped before each test.
 * TEST_DB=postgres runs the same tests on PostgreSQL (TEST_DATABASE_URL), one database per worker.
 */
let shared: Promise<{ app: FastifyInstance; database: Database; databaseUrl?: string }> | undefined;

async function workerDatabaseUrl(base: string): Promise<string> {
  const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '1';
  const url = new URL(base);
  const name = `${url.pathname.slice(1) || 'hiu_test'}_w${worker}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  return url.toString();
}

async function start() {
  const kind = process.env.TEST_DB ?? 'pglite';
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    databaseUrl = await workerDatabaseUrl(base);
  }
  const database = await openDatabase({ databaseUrl });
  // The tests' check data is dated from March 2026 (passingCheck): a site a test makes has existed since
  // before that, or its reports would be refused as older than their site (decision 120).
  await database.db.execute(sql.raw(`ALTER TABLE sites ALTER COLUMN created_at SET DEFAULT '${SITES_EXIST_FROM}'`));
  // Webhook tests deliver to a receiver on this machine (decision 165); the refusal of private addresses is
  // tested on an app built with the default.
  const defaults = loadConfig({});
  const config = {
    ...defaults,
    databaseUrl,
    webDist: undefined,
    logLevel: 'silent',
    webhookAllowPrivate: true,
    // Tests call as one account back to back (the hostile-input fuzzing hundreds of times), which the read
    // limit would answer 429 before the route is reached; it has its own app in security/read-flood.test.ts.
    readLimit: { ...defaults.readLimit, max: 0 },
  };
  const app = await buildApp({ ...config, fileStore: await testFileStore() }, database, { logger: false });
  await app.ready();
  return { app, database, databaseUrl };
}

/**
 * TEST_FILE_STORE=s3 runs the same tests with files in an S3 server (the S3_* settings, which
 * `node scripts/ensure-ceph.mjs` prints for a local Ceph gateway), one bucket per worker.
 */
async function testFileStore(): Promise<Config['fileStore']> {
  if ((process.env.TEST_FILE_STORE ?? 'database') === 'database') return { kind: 'database' };
  if (!process.env.S3_ENDPOINT) {
    throw new Error('TEST_FILE_STORE=s3 needs the S3_* settings: eval "$(node scripts/ensure-ceph.mjs)"');
  }
  const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '1';
  const settings = loadConfig({ ...process.env, FILE_STORE: 's3', S3_BUCKET: `${process.env.S3_BUCKET}-w${worker}` });
  if (settings.fileStore.kind !== 's3') throw new Error('FILE_STORE=s3 was not read');
  await createBucketIfMissing(settings.fileStore);
  s3Settings = settings.fileStore;
  return settings.fileStore;
}
let s3Settings: S3Settings | undefined;

/** The S3 settings of this worker's app (its own bucket), when TEST_FILE_STORE=s3. */
export function testS3Settings(): S3Settings | undefined {
  return s3Settings;
}

/** Which store the tests' app keeps file bytes in. */
export const testFileStoreKind = (): 'database' | 's3' => (process.env.TEST_FILE_STORE === 's3' ? 's3' : 'database');

/** When a site made by a test was created (the database default during tests). */
export const SITES_EXIST_FROM = '2026-01-01T00:00:00.000Z';

// Every table in the public schema, read once per worker, so a new table is wiped too without edits here.
let truncateAll: Promise<string> | undefined;
async function truncateStatement(database: Database) {
  // Both drivers (PGlite and node-postgres) answer with `{ rows }`; the shared Db type leaves it unknown.
  const result = (await database.db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)) as {
    rows: { tablename: string }[];
  };
  const names = result.rows.map((r) => `"${r.tablename}"`);
  return `TRUNCATE ${names.join(', ')} RESTART IDENTITY CASCADE`;
}

/**
 * Waits until no job is running or due (the tests' app runs the job queue like any server). Jobs of the
 * queue's own tests (kinds `test.*`) have no handler in the app and are left alone.
 * The wait is long (within the hooks' minute): PDF threads run below other work, and a loaded machine slows them.
 */
async function jobsSettled(database: Database, timeoutMs = 50_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = (await database.db.execute(
      sql`SELECT count(*)::int AS n FROM jobs
          WHERE kind NOT LIKE 'test.%' AND (state = 'running' OR (state = 'queued' AND run_at <= now()))`,
    )) as unknown as { rows: { n: number }[] };
    if (Number(rows[0]!.n) === 0) return;
    if (Date.now() > deadline) throw new Error(`jobs still due after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Call at the top of a test file: gives the shared app and wipes the data before each test. */
export function useTestApp() {
  shared ??= start();
  beforeEach(async () => {
    const { database } = await shared!;
    truncateAll ??= truncateStatement(database);
    // The last test's queued work (report PDFs) finishes first: a job's locks taken in another order than
    // TRUNCATE's would deadlock with it.
    await jobsSettled(database);
    await database.exec(await truncateAll);
    // What a server remembers of the sign-in counters goes with them.
    forgetFullSignInKeys();
  });
  afterAll(async () => {
    // The worker's app is reused by later files in the same worker; vitest ends the process.
  });
  return {
    app: () => shared!.then((s) => s.app),
    database: () => shared!.then((s) => s.database),
    /** The PostgreSQL database's address (TEST_DB=postgres), for tests that open it a second time. */
    databaseUrl: () => shared!.then((s) => s.databaseUrl),
    /** Waits until the job queue has done what is due (report PDFs are built after the submit's answer). */
    jobsSettled: async (timeoutMs?: number) => jobsSettled((await shared!).database, timeoutMs),
  };
}

export type Role = 'admin' | 'engineer' | 'supervisor' | 'client' | 'assessor';

// Hashing is slow on purpose; tests reuse one hash.
let cachedHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct horse battery';

/** Creates a user directly in the database and returns a client signed in as them. */
export async function signedIn(app: FastifyInstance, role: Role, overrides: { email?: string; name?: string } = {}) {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const email = overrides.email ?? `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const name = overrides.name ?? (role === 'admin' ? 'Ada Admin' : 'Eddie Engineer');
  const db = (await shared!).database.db;
  const { users } = await import('../../src/db/schema.js');
  const [row] = await db
    .insert(users)
    .values({ email, name, role, passwordHash: await cachedHash })
    .returning();
  // A session made directly, as POST /api/auth/login would: checking the password costs a deliberately slow
  // scrypt per call, and sign-in itself is tested in auth.test.ts. TEST_PASSWORD still signs in.
  const session = await createRepositories(db).users.createSession(row!.id);
  return client(app, `${SESSION_COOKIE}=${session.token}`, row!.id);
}

export function client(app: FastifyInstance, cookie?: string, userId?: string) {
  const call = (
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      payload: payload as InjectOptions['payload'],
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    }) as Promise<LightMyRequestResponse>;
  return {
    userId: userId ?? '',
    cookie,
    get: (url: string) => call('GET', url),
    post: (url: string, body?: unknown, headers?: Record<string, string>) => call('POST', url, body, headers),
    patch: (url: string, body?: unknown) => call('PATCH', url, body),
    put: (url: string, body?: unknown, headers?: Record<string, string>) => call('PUT', url, body, headers),
    delete: (url: string, body?: unknown) => call('DELETE', url, body),
  };
}
export type TestClient = ReturnType<typeof client>;
