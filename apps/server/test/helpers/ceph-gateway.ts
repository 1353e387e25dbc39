import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testFileStoreKind } from './test-app.js';

/**
 * The local Ceph gateway of scripts/ensure-ceph.mjs, for the fault tests that stop it: present only when the
 * tests run with TEST_FILE_STORE=s3 against it (its pid file is how it is killed).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const pidFile = path.join(os.tmpdir(), 'hiu-ceph', 'run', 'client.rgw.hiu.pid');

export const localGateway = testFileStoreKind() === 's3' && fs.existsSync(pidFile);

/** kill -9 of the gateway: requests to it are refused until it is started again. */
export function killGateway() {
  process.kill(Number(fs.readFileSync(pidFile, 'utf8').trim()), 'SIGKILL');
}

/** Starts what is not running (the gateway), as `npm test` does; returns once it answers. */
export function startGateway() {
  // Without S3_ENDPOINT, which tells the script a server is given and to start nothing.
  const { S3_ENDPOINT: _given, ...env } = process.env;
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/ensure-ceph.mjs')], {
    stdio: 'ignore',
    timeout: 120_000,
    env,
  });
}
