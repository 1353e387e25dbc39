// A core of its own for the page under test, as on a phone: each Chromium renderer's main thread runs only on
// the last core, and everything else this benchmark starts (Chromium's browser and GPU processes, the
// renderers' other threads, Lighthouse, the app server) on the others. On a small shared machine the page's
// main thread otherwise waits for a core behind the tools measuring it, and Lighthouse's simulation counts
// that wait, times 4, as blocking time. Used only with `bench:lighthouse --pinned`: it changes the rig, not the
// product, so its figures are an extra (scripts/bench/README.md).
import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';

const PINNER = `
const fs = require('node:fs');
const { execFileSync } = require('node:child_process');
const [pageCore, otherCores, allCores, ...ownPids] = process.argv.slice(1);
process.on('disconnect', () => process.exit());
const read = (file) => { try { return fs.readFileSync(file, 'utf8'); } catch { return null; } };
const pin = (cores, id, all = false) => {
  try { execFileSync('taskset', [...(all ? ['-a'] : []), '-p', '-c', cores, id], { stdio: 'ignore' }); } catch {}
};
// A renderer's tracing and IPC threads may use every core: held to a busy one, they connect the trace after the
// page has started, and Lighthouse finds no navigation in it (NO_NAVSTART).
const SHARED_THREADS = /^(PerfettoTrace|Chrome_ChildIOT)/;
const roles = new Map(); // pid -> is a renderer; unset while a zygote's fork has not named itself yet
const notChromium = new Set();
const done = new Set();
const coresFor = (p, t, renderer) => {
  if (!renderer) return otherCores;
  if (t === p) return pageCore;
  return SHARED_THREADS.test(read('/proc/' + p + '/task/' + t + '/comm') ?? '') ? allCores : otherCores;
};
const tick = () => {
  for (const p of fs.readdirSync('/proc')) {
    if (notChromium.has(p) || !/^\\d+$/.test(p)) continue;
    let renderer = roles.get(p);
    if (renderer === undefined) {
      const cmd = read('/proc/' + p + '/cmdline');
      if (cmd === null) continue;
      if (!/chrom/.test(cmd.split('\\0')[0])) { notChromium.add(p); continue; }
      renderer = cmd.includes('--type=renderer');
      if (renderer || !cmd.includes('--type=zygote')) roles.set(p, renderer);
    }
    let tids;
    try { tids = fs.readdirSync('/proc/' + p + '/task'); } catch { continue; }
    for (const t of tids) {
      const cores = coresFor(p, t, renderer);
      if (done.has(t + ':' + cores)) continue;
      done.add(t + ':' + cores);
      // Threads inherit their creator's cores, so most are already right: taskset runs only where they are not.
      const now = /Cpus_allowed_list:\\s*(\\S+)/.exec(read('/proc/' + p + '/task/' + t + '/status') ?? '')?.[1];
      if (now !== cores) pin(cores, t);
    }
  }
};
for (const p of [...ownPids, String(process.pid)]) pin(otherCores, p, true);
tick();
setInterval(tick, 10);
`;

/**
 * Starts pinning Chromium's threads as they appear; `pids` are this benchmark's own processes (Lighthouse, the
 * app server, Chromium's browser process). Null on a one-core machine or without taskset.
 */
export function startCorePinning(pids) {
  const cores = os.cpus().length;
  if (cores < 2) return null;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const pageCore = String(cores - 1);
  const otherCores = cores === 2 ? '0' : `0-${cores - 2}`;
  const allCores = `0-${cores - 1}`;
  const child = spawn(process.execPath, ['-e', PINNER, pageCore, otherCores, allCores, ...pids.map(String)], {
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  return { pageCore, otherCores, stop: () => child.kill() };
}
