// Small process helpers shared by the test scripts (no dependencies, so they work before anything is built).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Absolute path of a program on PATH, or undefined. */
export function which(program) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, program);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

/** Runs a command and captures its output; never throws. */
export function capture(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  return { code: result.status ?? 1, stdout: result.stdout ?? '', stderr: result.stderr ?? String(result.error ?? '') };
}

/** Runs a command with its output shown; resolves to the exit code (1 if it could not start). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Runs `apt-get update` then installs packages, non-interactively; resolves to true on success.
 * `noRecommends` leaves out what the packages only recommend (Ceph's would pull in hundreds of MB).
 */
export async function aptInstall(packages, { noRecommends = false } = {}) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  console.log(`Installing ${packages.join(', ')} with apt-get...`);
  if ((await run('apt-get', ['update'], { env })) !== 0) return false;
  const options = noRecommends ? ['-y', '--no-install-recommends'] : ['-y'];
  return (await run('apt-get', ['install', ...options, ...packages], { env })) === 0;
}

/** A local binary from node_modules/.bin. */
export const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);
