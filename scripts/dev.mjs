#!/usr/bin/env node
// Development loop: the API restarts when a server or domain file changes (tsx watch) and the web app reloads in
// place (Vite), proxying /api to the API (apps/web/vite.config.ts). The API keeps its embedded database in
// .data-dev (or DATA_DIR, or DATABASE_URL's PostgreSQL), apart from ./data that `npm start` uses. Ctrl-C stops both.
// SEED=1 first fills an empty database with demo data (apps/server/scripts/seed.ts); on an empty one without it,
// the loop says so once the API answers.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { requireProjectNode } from './lib/project-node.mjs';
import { repoRoot, run } from './lib/shell.mjs';

requireProjectNode('npm run dev');

const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.WEB_PORT ?? '5173';
const apiHost = process.env.HOST ?? '127.0.0.1';
const dataDir = process.env.DATA_DIR ?? path.join(repoRoot, '.data-dev');
const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);

// Before the API opens the database: an embedded one is opened by one process at a time.
if (process.env.SEED === '1') {
  const seeded = await run(process.execPath, ['--import', 'tsx', 'apps/server/scripts/seed.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir },
  });
  if (seeded !== 0) console.error('dev: no demo data added (see above); starting on the database as it is');
}

const children = [
  start('api', bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    PORT: apiPort,
    HOST: apiHost,
    DATA_DIR: dataDir,
    // The web app comes from Vite here, never from an older build in apps/web/dist.
    WEB_DIST: '',
  }),
  start('web', bin('vite'), ['--port', webPort, '--strictPort'], { API_PORT: apiPort, WEB_PORT: webPort }, 'apps/web'),
];

function start(name, command, args, env, cwd = '.') {
  const child = spawn(command, args, {
    cwd: path.join(repoRoot, cwd),
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`dev: ${name} stopped (${signal ?? `exit ${code}`}); stopping the other`);
    stop(code ?? 1);
  });
  return child;
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  let running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  if (running.length === 0) process.exit(code);
  for (const child of running) {
    child.once('exit', () => {
      running = running.filter((other) => other !== child);
      if (running.length === 0) process.exit(code);
    });
    child.kill('SIGTERM');
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
console.log(
  `dev: web app on http://localhost:${webPort} (hot reload), API on http://localhost:${apiPort} (restarts on change)`,
);
tellWhenEmpty();

/** Once the API answers: a database with no users gets one line on how to fill it with demo data. */
async function tellWhenEmpty() {
  const host = apiHost === '0.0.0.0' || apiHost === '::' ? '127.0.0.1' : apiHost;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${apiPort}/api/auth/setup`;
  for (let tries = 0; tries < 240 && !stopping; tries++) {
    try {
      const res = await fetch(url);
      if (res.ok) {
        if ((await res.json()).needed)
          console.log(
            `dev: the database has no users: \`SEED=1 npm run dev\` starts with demo data (npm run seed, see the README), or open http://localhost:${webPort} to create the first admin`,
          );
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
