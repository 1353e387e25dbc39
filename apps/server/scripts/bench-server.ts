// The bench scripts' server: the app as its own process (so its memory can be read from /proc), signed in as
// the bench admin, with a timed GET that reads to the last byte and the Markdown row each figure is printed as.
// The database is PostgreSQL (DATABASE_URL) or the embedded PGlite one (DATA_DIR, when DATABASE_URL is unset:
// a copy of the PostgreSQL bench database made by copy-to-pglite.ts), as for the app itself.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import { BENCH_ADMIN } from './seed-reports-constants.js';

const root = path.resolve(import.meta.dirname, '../../..');

export interface BenchTarget {
  databaseUrl?: string;
  dataDir?: string;
  /** How the figures name the database. */
  kind: 'PostgreSQL' | 'PGlite';
}

/** The database a bench script runs on, from DATABASE_URL or else DATA_DIR. */
export function benchTarget(): BenchTarget {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = databaseUrl ? undefined : process.env.DATA_DIR;
  if (!databaseUrl && !dataDir)
    throw new Error('Set DATABASE_URL to the seeded PostgreSQL database, or DATA_DIR to its PGlite copy');
  return { databaseUrl, dataDir, kind: databaseUrl ? 'PostgreSQL' : 'PGlite' };
}

/**
 * The bench database opened through the app's own code (which migrates it), for a script's set-up reads and
 * writes. Close it before starting the server: an embedded database has one user at a time.
 */
export async function openBenchDatabase(target: BenchTarget) {
  const database = await openDatabase(target);
  const rows = async <T = Record<string, unknown>>(query: SQL) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const one = async <T = Record<string, unknown>>(query: SQL) => (await rows<T>(query))[0]!;
  return { database, rows, one, close: () => database.close() };
}

export async function startBenchServer(port: string, target: BenchTarget) {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: target.databaseUrl ?? '',
      ...(target.dataDir ? { DATA_DIR: target.dataDir } : {}),
      PORT: port,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '',
      // These scripts time one account's reads back to back (medians of 20 per call), which is what the
      // per-caller read limit answers 429; they measure the reads, so without it.
      READ_LIMIT: process.env.READ_LIMIT ?? '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  // An embedded database of several GB takes longer to open than a connection to PostgreSQL.
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      if (i > 480 || server.exitCode !== null) throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const call = (p: string, method = 'GET') => fetch(base + p, { method, headers: { cookie } });

  /** One GET from request to last byte. */
  async function get(p: string) {
    const start = performance.now();
    const res = await call(p);
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    const body = Buffer.from(await res.arrayBuffer());
    return { ms: performance.now() - start, body };
  }

  /** After one warm-up, `runs` calls: the Markdown row | label | request | median | p95 | size |. */
  async function timedRow(label: string, p: string, runs: number): Promise<string> {
    await get(p);
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const r = await get(p);
      times.push(r.ms);
      bytes = r.body.length;
    }
    return `| ${label} | \`GET ${p}\` | ${pct(times, 0.5).toFixed(1)} | ${pct(times, 0.95).toFixed(1)} | ${(bytes / 1024).toFixed(1)} KB |`;
  }

  /** The server's resident memory in MB. */
  const rss = () =>
    Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  /** Stops the server and waits until it has closed its database (an embedded one is then free to open). */
  const stopped = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      stop();
    });
  return { base, call, get, timedRow, rss, stop, stopped };
}

export const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

export const TABLE_HEAD = `| Call | Request | Median ms | p95 ms | Size / notes |\n|---|---|---|---|---|`;
