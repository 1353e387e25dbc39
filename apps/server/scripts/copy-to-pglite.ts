// Copies a seeded PostgreSQL bench database (scripts/bench/scale.mjs) into an embedded PGlite data directory,
// so the scale benchmarks can run the same data on both databases (scripts/bench/README.md, "The PGlite copy of the bench database").
//   DATABASE_URL=postgres://.../hiu_bench DATA_DIR=/path/outside/the/repo \
//     npx tsx apps/server/scripts/copy-to-pglite.ts [--recopy] [--chunk-mb 32]
// The directory is made by the app's own code (openDatabase runs the migrations), then every table of the
// public schema gets the source's rows: read with COPY ... TO STDOUT (psql, which PostgreSQL ships) and written
// with PGlite's COPY ... FROM '/dev/blob' a chunk at a time. For speed the load runs in one transaction that
// first empties every table (so COPY FREEZE writes no WAL at wal_level=minimal and marks the pages all-visible),
// with triggers and foreign-key checks off (session_replication_role = replica: the source's rows already
// satisfy them, and the counts the triggers keep are copied as they are), and the secondary indexes dropped
// and built again afterwards. Then sequences take the source's values, and VACUUM ANALYZE.
// The copy is made in DATA_DIR + '.partial' and renamed when complete; a complete copy (COPY_MARKER inside)
// is reused unless --recopy is given.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase } from '../src/db/client.js';

const COPY_MARKER = 'hiu-bench-copy.json';

const { values: args } = parseArgs({
  options: { recopy: { type: 'boolean', default: false }, 'chunk-mb': { type: 'string', default: '32' } },
});
const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR;
if (!databaseUrl || !dataDir) throw new Error('Set DATABASE_URL (the seeded source) and DATA_DIR (the copy)');
const CHUNK = Number(args['chunk-mb']) * 1024 * 1024;

const marker = `${dataDir}/${COPY_MARKER}`;
if (!args.recopy && fs.existsSync(marker)) {
  console.log(`Reusing the PGlite copy made earlier: ${fs.readFileSync(marker, 'utf8').trim()}`);
  process.exit(0);
}

const t0 = performance.now();
const seconds = (since = t0) => (performance.now() - since) / 1000;
const log = (msg: string) => console.log(`[${seconds().toFixed(1)} s] ${msg}`);
const partial = `${dataDir}.partial`;
fs.rmSync(partial, { recursive: true, force: true });

// The schema, through the app's own migrations.
await (await openDatabase({ dataDir: partial })).close();
log('PGlite directory made and migrated');

// PGlite's own start parameters, with WAL kept to the minimum for the load and room for index builds.
const START = [
  ...['--single', '-F', '-O', '-j', '-c', 'search_path=public', '-c', 'exit_on_error=false'],
  ...['-c', 'log_checkpoints=false', '-c', 'max_worker_processes=0', '-c', 'max_parallel_workers=0'],
  ...['-c', 'max_parallel_workers_per_gather=0', '-c', 'io_method=sync', '-c', 'max_parallel_maintenance_workers=0'],
  ...['-c', 'wal_level=minimal', '-c', 'max_wal_senders=0', '-c', 'max_wal_size=4GB'],
  ...['-c', 'maintenance_work_mem=512MB'],
];
const target = new PGlite({ dataDir: partial, extensions: { pg_trgm }, startParams: START });
const source = new pg.Client({ connectionString: databaseUrl });
await source.connect();
const rows = async <T>(db: PGlite | pg.Client, text: string, values: unknown[] = []) =>
  (db instanceof PGlite ? await db.query<T>(text, values) : await db.query(text, values)).rows as T[];

/** The public schema's tables in the copy, with the columns that take values (not generated ones). */
const tables = await rows<{ name: string; columns: string[] }>(
  target,
  `SELECT c.relname AS name, array_agg(quote_ident(a.attname) ORDER BY a.attnum) AS columns
   FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
   WHERE n.nspname = 'public' AND c.relkind = 'r' GROUP BY c.relname ORDER BY c.relname`,
);
const sourceTables = new Set(
  (
    await rows<{ name: string }>(
      source,
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
    )
  ).map((t) => t.name),
);
const missing = tables.filter((t) => !sourceTables.has(t.name)).map((t) => t.name);
if (missing.length) throw new Error(`The source lacks tables the app has (migrate it first): ${missing.join(', ')}`);

/** Secondary indexes (not a constraint's), dropped for the load and built again after it. */
const indexes = await rows<{ name: string; def: string }>(
  target,
  `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
   WHERE i.schemaname = 'public' AND NOT EXISTS (
     SELECT 1 FROM pg_constraint k WHERE k.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
);

/** Source rows, as COPY's text format, a chunk of whole lines at a time (a line is one row in that format). */
async function* copyOut(table: string, columns: string[]) {
  const list = columns.join(', ');
  const psql = spawn(
    'psql',
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', databaseUrl!, '-c', `COPY (SELECT ${list} FROM ${table}) TO STDOUT`],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) => psql.once('close', resolve));
  let parts: Buffer[] = [];
  let size = 0;
  for await (const data of psql.stdout as AsyncIterable<Buffer>) {
    parts.push(data);
    size += data.length;
    if (size < CHUNK) continue;
    const all = Buffer.concat(parts);
    const end = all.lastIndexOf(10) + 1;
    if (end === 0) continue; // one row longer than a chunk: read on
    yield all.subarray(0, end);
    parts = [all.subarray(end)];
    size = all.length - end;
  }
  const code = await exited;
  if (code !== 0) throw new Error(`psql COPY of ${table} exited with ${code}`);
  if (size > 0) yield Buffer.concat(parts);
}

const copied: Record<string, { rows: number; mb: number; s: number }> = {};
await target.exec(`SET session_replication_role = replica`);
for (const ix of indexes) await target.exec(`DROP INDEX public.${JSON.stringify(ix.name)}`);
log(`${tables.length} tables; ${indexes.length} secondary indexes dropped for the load`);
await target.exec('BEGIN');
await target.exec(`TRUNCATE ${tables.map((t) => `public.${JSON.stringify(t.name)}`).join(', ')}`);
for (const t of tables) {
  const started = performance.now();
  let n = 0;
  let bytes = 0;
  for await (const chunk of copyOut(JSON.stringify(t.name), t.columns)) {
    const res = await target.query(
      `COPY public.${JSON.stringify(t.name)} (${t.columns.join(', ')}) FROM '/dev/blob' WITH (FREEZE)`,
      [],
      { blob: new Blob([chunk]) },
    );
    n += res.affectedRows ?? 0;
    bytes += chunk.length;
  }
  copied[t.name] = { rows: n, mb: Math.round(bytes / 1024 / 1024), s: Number(seconds(started).toFixed(1)) };
  if (n > 0)
    log(
      `${t.name}: ${n} rows, ${(bytes / 1024 / 1024).toFixed(0)} MB of COPY text in ${seconds(started).toFixed(1)} s`,
    );
}
await target.exec('COMMIT');
log('rows committed');
const loaded = seconds();

for (const ix of indexes) {
  const started = performance.now();
  await target.exec(ix.def);
  if (seconds(started) > 1) log(`index ${ix.name} built in ${seconds(started).toFixed(1)} s`);
}
log(`${indexes.length} secondary indexes built`);
const indexed = seconds();

const sequences = await rows<{ name: string }>(
  target,
  `SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public'`,
);
for (const s of sequences) {
  const [v] = await rows<{ last_value: string | null; is_called: boolean }>(
    source,
    `SELECT last_value, is_called FROM public.${JSON.stringify(s.name)}`,
  );
  if (v?.last_value) await target.query(`SELECT setval($1, $2, $3)`, [`public.${s.name}`, v.last_value, v.is_called]);
}
await target.exec(`RESET session_replication_role`);
await target.exec('VACUUM (ANALYZE)');
await target.exec('CHECKPOINT');
log('sequences set, VACUUM ANALYZE done');
await target.close();
await source.end();

const sizeMb = Number(execFileSync('du', ['-sm', partial], { encoding: 'utf8' }).split('\t')[0]);
const summary = {
  copiedAt: new Date().toISOString(),
  source: new URL(databaseUrl).pathname.slice(1),
  rows: Object.fromEntries(Object.entries(copied).map(([k, v]) => [k, v.rows])),
  seconds: { rows: Math.round(loaded), indexes: Math.round(indexed - loaded), total: Math.round(seconds()) },
  sizeMb,
};
fs.writeFileSync(`${partial}/${COPY_MARKER}`, `${JSON.stringify(summary)}\n`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.renameSync(partial, dataDir);
console.log(`PGlite copy made: ${JSON.stringify(summary)}`);
