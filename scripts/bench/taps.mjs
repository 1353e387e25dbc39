// Effort (issue of the field): taps, fields, yes/no answers, keystrokes and Next key presses of a whole check, home
// to submitted, for a standard and a CP1/TS1 check, printed beside the targets (CP1/TS1: at most 70 taps and 45
// fields). Walks the built app in Chromium at 390 x 844 with the browser tests' set-up, going from box to box with
// the keyboard's Next key as an engineer does (e2e/bench/taps.bench.ts says what it counts, in the page).
// Usage: npm run build && npm run bench:taps   (E2E_PORT / WEB_DIST as for the browser tests)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recordFigure } from './results.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hiu-taps-')), 'effort.jsonl');
const run = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/bench/taps.config.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, TAPS_OUT: out },
});
const lines = fs.existsSync(out) ? fs.readFileSync(out, 'utf8').split('\n').filter(Boolean) : [];
if (run.status !== 0 || lines.length < 2) {
  console.error(`The walks did not finish (playwright exit ${run.status}); see test-results/bench.`);
  process.exit(1);
}

const TARGETS = { 'cp1-ts1': { taps: 70, fields: 45 } };
for (const line of lines) {
  const e = JSON.parse(line);
  const target = TARGETS[e.check];
  const name = e.check === 'standard' ? 'Standard check' : 'CP1/TS1 check';
  for (const [what, unit] of [
    ['taps', 'taps'],
    ['fields', 'fields'],
    ['answers', 'yes/no answers'],
    ['keystrokes', 'keystrokes'],
    ['nextKeys', 'Next key presses'],
  ]) {
    const limit = target?.[what];
    recordFigure({
      bench: 'taps',
      name: `${name}: ${what === 'nextKeys' ? 'Next key presses' : what}`,
      value: e[what],
      unit,
      ...(limit !== undefined ? { target: `<= ${limit}`, pass: e[what] <= limit } : {}),
    });
  }
}
