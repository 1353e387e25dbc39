// npm run bench: every benchmark of docs/benchmarks.md in turn, each printing its figures beside their targets, then a
// summary of all of them. A benchmark not (yet) in package.json is skipped with a note. Not part of npm test.
//   npm run bench [-- --skip=lighthouse,scale]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { round } from './results.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const BENCHES = [
  ['bench:bundle', 'JavaScript for the first route (target 2)'],
  ['bench:lighthouse', 'First load, Lighthouse mobile (target 1)'],
  ['bench:interactions', 'Interactions (target 3)'],
  ['bench:taps', 'Effort: taps, fields and keystrokes of a standard and a CP1/TS1 check'],
  ['bench:photo', 'Photo reduction (target 4)'],
  ['bench:api', 'API under load (target 5)'],
  ['bench:reads', 'The busiest reads beside a bare node:http route (decision 199)'],
  ['bench:scale', 'Data at scale (target 6)'],
  ['bench:reports-summary', "The Reports screen's site summary at 500,000 reports (target 6)"],
  ['bench:flood', "One engineer's read flood (decision 193)"],
  ['bench:sync', 'A phone holding a block (decision 195)'],
  ['bench:notifications', 'Telling people: submit p99 with email on against off, 200 engineers'],
  ['bench:pdf', "Report PDFs per second per core, beside 200 engineers' submits"],
  [
    'bench:files',
    'Reports with photos through the app on the database store and on S3; the database size per 1,000 reports',
  ],
];
const skip = (process.argv.find((a) => a.startsWith('--skip='))?.split('=')[1] ?? '').split(',').filter(Boolean);
const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
const results = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hiu-bench-')), 'figures.jsonl');
fs.writeFileSync(results, '');

const started = new Date();
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
console.log(`Benchmarks, ${started.toISOString()}; ${os.cpus().length} cores; load average ${load()} (1/5/15 min)\n`);

const outcomes = [];
for (const [script, title] of BENCHES) {
  if (!scripts[script]) {
    outcomes.push({
      script,
      title,
      status: 'not in package.json yet: skipped',
    });
    continue;
  }
  if (skip.some((s) => script === `bench:${s}`)) {
    outcomes.push({ script, title, status: 'skipped (--skip)' });
    continue;
  }
  console.log(`\n${'='.repeat(100)}\n${title}: npm run ${script}\n${'='.repeat(100)}`);
  const before = fs.readFileSync(results, 'utf8').split('\n').filter(Boolean).length;
  const t0 = performance.now();
  const r = spawnSync('npm', ['run', '--silent', script], {
    cwd: root,
    stdio: ['inherit', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
    encoding: 'utf8',
    env: { ...process.env, BENCH_RESULTS: results },
  });
  process.stdout.write(r.stdout ?? '');
  // The web benchmarks print "<name>  <figure>  target <target>  PASS|FAIL" (scripts/bench/report.mjs).
  for (const line of (r.stdout ?? '').split('\n')) {
    const m = /^(.+?) {2}(.+?) {2}target (.+?) {2}(PASS|FAIL)\s*$/.exec(line.trim());
    if (m) {
      const figure = {
        bench: script.replace('bench:', ''),
        name: m[1],
        value: m[2],
        unit: '',
        target: m[3],
        pass: m[4] === 'PASS',
      };
      fs.appendFileSync(results, `${JSON.stringify(figure)}\n`);
    }
  }
  const after = fs.readFileSync(results, 'utf8').split('\n').filter(Boolean).length;
  const seconds = ((performance.now() - t0) / 1000).toFixed(0);
  outcomes.push({
    script,
    title,
    status: `exit ${r.status} in ${seconds} s${after === before ? '; it records no figures here, read its output above' : ''}`,
  });
}

const figures = fs
  .readFileSync(results, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));
console.log(`\n${'='.repeat(100)}\nSummary (load average now ${load()})\n${'='.repeat(100)}`);
console.log('| benchmark | figure | measured | target | result |');
console.log('| --- | --- | ---: | --- | :---: |');
for (const f of figures) {
  const value =
    typeof f.value === 'string' ? f.value : Number.isFinite(f.value) ? `${round(f.value)} ${f.unit}`.trim() : 'n/a';
  const verdict = f.pass === undefined ? '' : f.pass ? 'PASS' : 'FAIL';
  console.log(`| ${f.bench} | ${f.name} | ${value} | ${f.target ?? ''} | ${verdict} |`);
}
console.log('');
for (const o of outcomes) console.log(`${o.script.padEnd(20)} ${o.status}`);
const withTarget = figures.filter((f) => f.pass !== undefined);
const failedCount = withTarget.filter((f) => !f.pass).length;
console.log(
  `\n${withTarget.length - failedCount} of ${withTarget.length} figures with a target PASS, ${failedCount} FAIL.`,
);
process.exitCode = failedCount > 0 ? 1 : 0;
