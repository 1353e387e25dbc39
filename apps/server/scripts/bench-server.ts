// The bench scripts' server: the app as its own process (so its memory can be read from /proc), signed in as
// the bench admin, with a timed GET that reads to the last byte and the Markdown row each figure is printed as.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BENCH_ADMIN } from './seed-reports-constants.js';

const root = path.resolve(import.meta.dirname, '../../..');

export async function startBenchServer(port: string, databaseUrl: string) {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      if (i > 120) throw new Error('server did not start');
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
  return { call, get, timedRow, rss, stop };
}

export const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

export const TABLE_HEAD = `| Call | Request | Median ms | p95 ms | Size / notes |\n|---|---|---|---|---|`;
