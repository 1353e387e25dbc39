#!/usr/bin/env node
// Serves the built app for browser tests on an empty embedded database: DATA_DIR is wiped before the
// start and removed when the server stops (SIGTERM/SIGINT), so every run begins with no users and no sites.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './lib/shell.mjs';

const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : '';
// It deletes a folder: only ever one of ours in the temporary directory.
if (!dataDir || !dataDir.startsWith(path.join(os.tmpdir(), 'hiu-e2e-'))) {
  console.error(`e2e-server: DATA_DIR must be a folder named ${path.join(os.tmpdir(), 'hiu-e2e-*')}, got "${dataDir}"`);
  process.exit(2);
}
if (process.env.DATABASE_URL) {
  console.error('e2e-server: unset DATABASE_URL; browser tests run on a fresh embedded database');
  process.exit(2);
}

// E2E_KEEP_DATA=1: a server stopped and started again on the same data (fault tests); the caller deletes it.
const keep = process.env.E2E_KEEP_DATA === '1';
const wipe = () => keep || fs.rmSync(dataDir, { recursive: true, force: true });
wipe();

// Passwords are hashed at a test server's cost (README, PASSWORD_HASH_COST): at the default each new user and
// sign-in takes a core for about half a second, and every browser test makes some; the sign-in limits and
// the busy answer are the same at any cost.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { HOST: '127.0.0.1', LOG_LEVEL: 'warn', PASSWORD_HASH_COST: '12', ...process.env, DATA_DIR: dataDir },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  wipe();
  process.exit(code ?? (signal ? 1 : 0));
});
