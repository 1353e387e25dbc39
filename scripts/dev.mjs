#!/usr/bin/env node
// Development loop: the API restarts when a server or domain file changes (tsx watch) and the web app reloads in
// place (Vite), proxying /api to the API (apps/web/vite.config.ts). The API keeps its embedded database in
// .data-dev (or DATA_DIR, or DATABASE_URL's PostgreSQL), apart from ./data that `npm start` uses. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { requireProjectNode } from './lib/project-node.mjs';
import { repoRoot } from './lib/shell.mjs';

requireProjectNode('npm run dev');

const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.WEB_PORT ?? '5173';
const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);

const children = [
  start('api', bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    PORT: apiPort,
    HOST: process.env.HOST ?? '127.0.0.1',
    DATA_DIR: process.env.DATA_DIR ?? path.join(repoRoot, '.data-dev'),
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
