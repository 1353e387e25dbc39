#!/usr/bin/env node
// Finds import cycles, type-only imports included, in every source folder: part of
// `npm run lint` and of `npm test`. Exit code 1 when there is one. `--json FILE` also writes
// { modules, cycles } for scripts/test.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './lib/shell.mjs';
import { requireProjectNode } from './lib/project-node.mjs';

requireProjectNode('npm run lint');
// After the check: dependency-cruiser runs on the project's Node only.
const { cruise } = await import('dependency-cruiser');
const { default: extractDepcruiseOptions } = await import('dependency-cruiser/config-utl/extract-depcruise-options');

const FOLDERS = ['apps', 'packages', 'e2e', 'scripts'];

process.chdir(repoRoot);
const options = await extractDepcruiseOptions(path.join(repoRoot, '.dependency-cruiser.cjs'));
const { output } = await cruise(FOLDERS, { ...options, outputType: 'json' });
const { summary } = typeof output === 'string' ? JSON.parse(output) : output;
const cycles = summary.violations.filter((v) => v.type === 'cycle');

// One line per module found in a cycle, with the way back to it.
for (const v of cycles) console.log(`cycle: ${[v.from, ...v.cycle.map((c) => c.name)].join('\n    → ')}`);
const others = summary.violations.length - cycles.length;
if (others) console.log(`${others} other dependency rule violation(s): see .dependency-cruiser.cjs`);
console.log(`${summary.totalCruised} modules checked, ${cycles.length} in an import cycle`);

const jsonAt = process.argv.indexOf('--json');
if (jsonAt > 0) {
  fs.writeFileSync(process.argv[jsonAt + 1], JSON.stringify({ modules: summary.totalCruised, cycles: cycles.length }));
}
process.exit(summary.error > 0 ? 1 : 0);
