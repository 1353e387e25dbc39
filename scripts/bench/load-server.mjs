// What the API benchmarks share: a server in its own process, and a fresh database seeded for the load.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ensurePostgres } from '../ensure-postgres.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** A node process (the app, or a baseline server) on `port`; `stdio` 'ignore' drops its log. */
export function startProcess(args, env, port, { stdio = 'inherit', nodeArgs = [] } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', stdio, 'inherit'],
  });
  return {
    child,
    async ready(url) {
      for (let i = 0; i < 240; i++) {
        try {
          if ((await fetch(url)).ok) return;
        } catch {
          /* not up yet */
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`${url} did not come up`);
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * A fresh database (PostgreSQL) or data folder (PGlite), seeded by apps/server/scripts/seed-load.ts with
 * `seedArgs`; `seed` is what it printed (the engineers' session cookies, the sites). `cleanup` removes it.
 */
export async function freshLoadDatabase(kind, seedArgs) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hiu-bench-'));
  let env = { DATA_DIR: dataDir };
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const base = await ensurePostgres({ log: () => {} });
    const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
    const name = `${new URL(base).pathname.slice(1) || 'hiu'}_bench_load`;
    const asAdmin = async (statements) => {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      try {
        for (const statement of statements) await admin.query(statement);
      } finally {
        await admin.end();
      }
    };
    const drop = `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`;
    await asAdmin([drop, `CREATE DATABASE "${name}"`]);
    dropDatabase = () => asAdmin([drop]).catch(() => {});
    const u = new URL(base);
    u.pathname = `/${name}`;
    env = { ...env, DATABASE_URL: u.toString() };
  }
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/scripts/seed-load.ts', ...seedArgs], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return {
    env,
    seed: JSON.parse(out.trim().split('\n').at(-1)),
    cleanup: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase();
    },
  };
}

/**
 * CPU time a process has used so far, in ms (Linux /proc; NaN elsewhere). Per call, it does not depend on
 * how busy the machine is the way latency does, so it compares versions on a shared machine.
 */
export function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return NaN;
  }
}

/** CPU time used so far by every PostgreSQL server process on this machine, in ms (Linux /proc). */
export function postgresCpuMs() {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuMs(pid);
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}
