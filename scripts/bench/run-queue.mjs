// Where a long task's wall time goes: running on a core, or runnable but waiting for one. Linux's
// /proc/<pid>/schedstat counts both for a thread (a renderer's main thread has the process's id); a child
// process samples every Chromium renderer's every 2 ms, and the samples are read against a Lighthouse trace.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SAMPLER = `
const fs = require('node:fs');
const out = fs.openSync(process.argv[1], 'w');
process.on('disconnect', () => process.exit()); // the benchmark ended, however it ended
let pids = [];
const scan = () => {
  pids = fs.readdirSync('/proc').filter((p) => /^\\d+$/.test(p)).filter((p) => {
    try { return fs.readFileSync('/proc/' + p + '/cmdline', 'utf8').includes('--type=renderer'); } catch { return false; }
  });
};
scan();
setInterval(scan, 250);
setInterval(() => {
  let lines = '';
  for (const p of pids) {
    try {
      const [run, wait] = fs.readFileSync('/proc/' + p + '/schedstat', 'utf8').split(' ');
      lines += process.hrtime.bigint() + ' ' + p + ' ' + run + ' ' + wait + '\\n';
    } catch {}
  }
  if (lines) fs.writeSync(out, lines);
}, 2);
`;

/** Starts sampling; null where the kernel does not expose schedstat. */
export function startRunQueueSampler() {
  if (!fs.existsSync('/proc/self/schedstat')) return null;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hiu-runq-')), 'samples.txt');
  const child = spawn(process.execPath, ['-e', SAMPLER, file], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
  return {
    file,
    pid: child.pid,
    stop() {
      child.kill();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

/**
 * For the main-thread tasks Lighthouse's TBT can count (after the first paint, over 12.5 ms on the clock, so
 * over 50 ms at 4x): their wall time, how much of it the thread ran, and how much it waited for a core.
 * Trace timestamps and process.hrtime are both the monotonic clock on Linux.
 */
export function runQueueInLongTasks(trace, samplesFile) {
  const events = trace.traceEvents;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp || !fs.existsSync(samplesFile)) return null;
  const samples = fs
    .readFileSync(samplesFile, 'utf8')
    .split('\n')
    .map((line) => line.split(' '))
    .filter((f) => f.length === 4 && Number(f[1]) === fcp.pid)
    .map(([t, , run, wait]) => [Number(t) / 1000, Number(run) / 1000, Number(wait) / 1000]); // microseconds
  const at = (t) => {
    const i = samples.findIndex((s) => s[0] >= t);
    if (i <= 0) return null;
    const [a, b] = [samples[i - 1], samples[i]];
    const r = (t - a[0]) / (b[0] - a[0]);
    return [a[1] + r * (b[1] - a[1]), a[2] + r * (b[2] - a[2])];
  };
  const total = { tasks: 0, wallMs: 0, ranMs: 0, waitedMs: 0 };
  for (const e of events) {
    if (e.pid !== fcp.pid || e.tid !== fcp.tid || e.name !== 'RunTask' || e.ph !== 'X') continue;
    if (e.ts < fcp.ts || e.dur <= 12_500) continue;
    const [start, end] = [at(e.ts), at(e.ts + e.dur)];
    if (!start || !end) continue;
    total.tasks++;
    total.wallMs += e.dur / 1000;
    total.ranMs += (end[0] - start[0]) / 1000;
    total.waitedMs += (end[1] - start[1]) / 1000;
  }
  return total.tasks ? Object.fromEntries(Object.entries(total).map(([k, v]) => [k, Math.round(v)])) : null;
}
