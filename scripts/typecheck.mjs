#!/usr/bin/env node
// Type-checks every TypeScript project, one after the other, and says which ones fail.
// Exit code 1 when any fails. `--json FILE` also writes { projects, passed, failed } for scripts/test.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { bin, repoRoot, run } from './lib/shell.mjs';

export const PROJECTS = ['packages/domain', 'packages/report-pdf', 'apps/server', 'apps/web', 'e2e'];

const jsonAt = process.argv.indexOf('--json');
const jsonFile = jsonAt > 0 ? process.argv[jsonAt + 1] : undefined;

const results = [];
for (const project of PROJECTS) {
  const started = Date.now();
  const code = fs.existsSync(path.join(repoRoot, project, 'tsconfig.json'))
    ? await run(bin('tsc'), ['-p', project], { cwd: repoRoot })
    : (console.error(`${project}/tsconfig.json is missing`), 1);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ project, ok: code === 0, seconds });
  console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${project} (${seconds} s)`);
}

const failed = results.filter((r) => !r.ok);
if (jsonFile) {
  fs.writeFileSync(
    jsonFile,
    JSON.stringify({ projects: results, passed: results.length - failed.length, failed: failed.length }),
  );
}
console.log(
  failed.length
    ? `typecheck failed in: ${failed.map((r) => r.project).join(', ')}`
    : `typecheck passed (${results.length} projects)`,
);
process.exit(failed.length ? 1 : 0);
