#!/usr/bin/env node
// Finds a PostgreSQL server for the API tests and prints its URL.
// TEST_DATABASE_URL wins; otherwise the locally installed PostgreSQL (Debian's postgresql-common layout) is
// installed when missing (as root), started when down, and given the role and database below.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { aptInstall, capture, isRoot, repoRoot, run, which } from './lib/shell.mjs';

export const TEST_ROLE = 'hiu_test';
// A throw-away password for a role that only exists on a test machine's own PostgreSQL.
export const TEST_PASSWORD = 'hiu_test';
export const TEST_DATABASE = 'hiu_test';

const HOW_TO_FIX = [
  'Either install PostgreSQL (Debian/Ubuntu: `sudo apt-get install -y postgresql`) and run `npm test` as root',
  'once so it can create the test role, or point the tests at a server you have:',
  '  TEST_DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DATABASE npm test',
  '(USER needs the CREATEDB privilege: the tests create one database per worker next to DATABASE).',
].join('\n');

class PostgresUnavailable extends Error {}
const fail = (message) => {
  throw new PostgresUnavailable(`${message}\n${HOW_TO_FIX}`);
};

// pg is a dependency of the server workspace; resolve it from there, not from the hoisted root.
const pg = createRequire(path.join(repoRoot, 'apps/server/package.json'))('pg');

/** Tries a connection; returns undefined on success or the error message. */
export async function tryConnect(url, attempts = 1) {
  let last = '';
  for (let i = 0; i < attempts; i++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return undefined;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
      await client.end().catch(() => {});
      if (i < attempts - 1) await new Promise((r) => setTimeout(r, 1000));
    }
  }
  return last;
}

/** Clusters from pg_lsclusters, or undefined when postgresql-common is not installed. */
function listClusters() {
  if (!which('pg_lsclusters')) return undefined;
  const out = capture('pg_lsclusters', ['--no-header']);
  if (out.code !== 0) return [];
  return out.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length >= 4)
    .map(([version, name, port, status]) => ({ version, name, port: Number(port), status }));
}

function psql(sql) {
  // Peer authentication as the postgres superuser over the local socket.
  return capture('runuser', [
    '-u',
    'postgres',
    '--',
    'psql',
    '-v',
    'ON_ERROR_STOP=1',
    '-X',
    '-q',
    '-tA',
    '-p',
    String(portInUse),
    '-c',
    sql,
  ]);
}
let portInUse = 5432;

async function provisionRoleAndDatabase() {
  const role = psql(
    `DO $$ BEGIN
       IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${TEST_ROLE}') THEN
         CREATE ROLE ${TEST_ROLE} LOGIN CREATEDB PASSWORD '${TEST_PASSWORD}';
       ELSE
         ALTER ROLE ${TEST_ROLE} LOGIN CREATEDB PASSWORD '${TEST_PASSWORD}';
       END IF;
     END $$;`,
  );
  if (role.code !== 0) fail(`Could not create the PostgreSQL role ${TEST_ROLE}: ${role.stderr.trim()}`);
  const exists = psql(`SELECT 1 FROM pg_database WHERE datname = '${TEST_DATABASE}'`);
  if (exists.code !== 0) fail(`Could not query PostgreSQL: ${exists.stderr.trim()}`);
  if (exists.stdout.trim() !== '1') {
    const created = psql(`CREATE DATABASE ${TEST_DATABASE} OWNER ${TEST_ROLE}`);
    if (created.code !== 0) fail(`Could not create the database ${TEST_DATABASE}: ${created.stderr.trim()}`);
  }
}

/**
 * Returns a connection URL for a database the tests may use (and CREATE DATABASE next to).
 * Throws an error whose message says exactly what to install or set when that is impossible.
 */
export async function ensurePostgres({ log = console.log } = {}) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    const error = await tryConnect(given, 3);
    if (error) fail(`TEST_DATABASE_URL is set but PostgreSQL there refused the connection: ${error}`);
    log('PostgreSQL: using TEST_DATABASE_URL');
    return given;
  }

  let clusters = listClusters();
  if (!clusters || clusters.length === 0) {
    if (!isRoot() || !which('apt-get')) fail('PostgreSQL is not installed here and TEST_DATABASE_URL is not set.');
    if (!clusters) {
      if (!(await aptInstall(['postgresql']))) fail('Installing PostgreSQL with apt-get failed (see above).');
      clusters = listClusters() ?? [];
    }
    if (clusters.length === 0) {
      // The package normally creates a "main" cluster; make one if it did not (e.g. it was dropped).
      const versions = capture('ls', ['/usr/lib/postgresql'])
        .stdout.split('\n')
        .filter(Boolean)
        .sort((a, b) => Number(b) - Number(a));
      if (!versions[0] || (await run('pg_createcluster', [versions[0], 'main'])) !== 0) {
        fail('PostgreSQL is installed but has no cluster, and pg_createcluster failed.');
      }
      clusters = listClusters() ?? [];
    }
  }

  const cluster = clusters.find((c) => c.status.startsWith('online')) ?? clusters[0];
  if (!cluster) fail('No PostgreSQL cluster found.');
  portInUse = cluster.port;
  const url = `postgres://${TEST_ROLE}:${TEST_PASSWORD}@127.0.0.1:${cluster.port}/${TEST_DATABASE}`;

  if (!cluster.status.startsWith('online')) {
    if (!isRoot()) {
      fail(
        `PostgreSQL ${cluster.version}/${cluster.name} is down. Start it: sudo pg_ctlcluster ${cluster.version} ${cluster.name} start`,
      );
    }
    log(`PostgreSQL: starting cluster ${cluster.version}/${cluster.name}`);
    const started = await run('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, 'start']);
    if (started !== 0)
      fail(
        `pg_ctlcluster could not start PostgreSQL ${cluster.version}/${cluster.name} (see its log in /var/log/postgresql).`,
      );
  }

  // Already provisioned (a previous run, or an admin did it): nothing to do, and no root needed.
  if (!(await tryConnect(url))) {
    log(`PostgreSQL: cluster ${cluster.version}/${cluster.name} on port ${cluster.port}, role ${TEST_ROLE} ready`);
    return url;
  }
  if (!isRoot()) fail(`PostgreSQL is running but the role ${TEST_ROLE} cannot connect, and only root can create it.`);
  provisionRoleAndDatabase();
  const error = await tryConnect(url, 10);
  if (error) fail(`Created the role ${TEST_ROLE} but cannot connect as it to 127.0.0.1:${cluster.port}: ${error}`);
  log(
    `PostgreSQL: cluster ${cluster.version}/${cluster.name} on port ${cluster.port}, created role and database ${TEST_DATABASE}`,
  );
  return url;
}

/** Drops the per-worker databases a previous run left (`<database>_w1`, ...) so migrations run from scratch. */
export async function dropWorkerDatabases(url) {
  const base = new URL(url).pathname.slice(1) || TEST_ROLE;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname ~ $2`, [
      `${base}_w%`,
      `^${base.replace(/[^a-zA-Z0-9_]/g, '')}_w[0-9]+$`,
    ]);
    const dropped = [];
    for (const { datname } of rows) {
      try {
        await client.query(`DROP DATABASE IF EXISTS "${datname.replace(/"/g, '""')}"`);
        dropped.push(datname);
      } catch (error) {
        // Someone else's test run is using it; the tests still work on it (migrations are idempotent).
        console.log(`PostgreSQL: kept ${datname} (${error instanceof Error ? error.message : error})`);
      }
    }
    return dropped;
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(await ensurePostgres({ log: (m) => console.error(m) }));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
