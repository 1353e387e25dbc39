#!/usr/bin/env node
// `npm test`: every check and test suite, in order, on a fresh machine:
//   lint, format, import cycles, typecheck, set-up (Chromium, PostgreSQL), web build, unit, API on PGlite,
//   API on PostgreSQL, the file API on S3 (a local Ceph gateway), browser (Playwright + Chromium).
// PostgreSQL and Chromium are installed or started when missing and possible (see ensure-*.mjs); otherwise
// that suite fails with what to install. A failing suite never stops the others, so the summary is complete.
// `npm test -- --only=unit,api-pglite` runs some suites (the others are listed as not run).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bin, repoRoot, run } from './lib/shell.mjs';
import { dropWorkerDatabases, ensurePostgres } from './ensure-postgres.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureCeph } from './ensure-ceph.mjs';
import { requireProjectNode } from './lib/project-node.mjs';

requireProjectNode('npm test');
console.log(`Node ${process.versions.node}`);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hiu-test-'));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);

/** A suite that could not report counts (crash, missing tool, lint errors) still fails loudly. */
class SuiteError extends Error {}

async function lint() {
  const { ESLint } = await import('eslint');
  const eslint = new ESLint({ cwd: repoRoot });
  const results = await eslint.lintFiles(['.']);
  const output = (await eslint.loadFormatter('stylish')).format(results);
  if (output) console.log(output);
  const bad = results.filter((r) => r.errorCount > 0 || r.fatalErrorCount > 0).length;
  const warnings = results.reduce((n, r) => n + r.warningCount, 0);
  console.log(`${results.length} files linted, ${bad} with errors, ${warnings} warnings`);
  const note = [bad ? `${bad} file(s) with errors` : '', warnings ? `${warnings} warning(s)` : '']
    .filter(Boolean)
    .join('; ');
  return {
    kind: 'files',
    ran: results.length,
    passed: results.length - bad,
    failed: bad,
    ok: bad === 0,
    note: note || undefined,
  };
}

/** Formatting is checked like lint: prettier --check over the repo (see .prettierignore). */
async function format() {
  const prettier = await import('prettier');
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.(ts|tsx|js|mjs|cjs|json|md|css|html)$/.test(f) && fs.existsSync(path.join(repoRoot, f)));
  const unformatted = [];
  for (const file of files) {
    const abs = path.join(repoRoot, file);
    const info = await prettier.getFileInfo(abs, { ignorePath: path.join(repoRoot, '.prettierignore') });
    if (info.ignored || !info.inferredParser) continue;
    const options = (await prettier.resolveConfig(abs)) ?? {};
    const text = fs.readFileSync(abs, 'utf8');
    if (!(await prettier.check(text, { ...options, filepath: abs }))) unformatted.push(file);
  }
  for (const f of unformatted) console.log(`not formatted: ${f}`);
  console.log(`${files.length} files checked, ${unformatted.length} not formatted (fix: npm run format)`);
  return {
    kind: 'files',
    ran: files.length,
    passed: files.length - unformatted.length,
    failed: unformatted.length,
    ok: unformatted.length === 0,
  };
}

/** Import cycles, type-only imports included (scripts/import-cycles.mjs). */
async function cycles() {
  const out = path.join(tmp, 'import-cycles.json');
  const code = await run(process.execPath, [path.join(repoRoot, 'scripts/import-cycles.mjs'), '--json', out], {
    cwd: repoRoot,
  });
  const r = readJson(out);
  if (!r) throw new SuiteError(`the import cycle check exited with ${code} and reported nothing`);
  return {
    kind: 'modules',
    ran: r.modules,
    passed: r.modules - r.cycles,
    failed: r.cycles,
    ok: code === 0 && r.cycles === 0,
    note: r.cycles ? `${r.cycles} module(s) in an import cycle` : undefined,
  };
}

async function typecheck() {
  const out = path.join(tmp, 'typecheck.json');
  const code = await run(process.execPath, [path.join(repoRoot, 'scripts/typecheck.mjs'), '--json', out], {
    cwd: repoRoot,
  });
  const r = readJson(out);
  if (!r) throw new SuiteError(`typecheck exited with ${code} and reported nothing`);
  const failedNames = r.projects.filter((p) => !p.ok).map((p) => p.project);
  return {
    kind: 'projects',
    ran: r.projects.length,
    passed: r.passed,
    failed: r.failed,
    ok: code === 0 && r.failed === 0,
    note: failedNames.length ? `errors in ${failedNames.join(', ')}` : undefined,
  };
}

async function vitest(project, env, files = []) {
  const name = [project, env.TEST_DB ?? 'node', env.TEST_FILE_STORE ?? 'database', env.VITEST_RUN].filter(Boolean);
  const out = path.join(tmp, `vitest-${name.join('-')}.json`);
  const code = await run(
    bin('vitest'),
    ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...files],
    { cwd: repoRoot, env: { ...process.env, ...env } },
  );
  const r = readJson(out);
  if (!r) throw new SuiteError(`vitest exited with ${code} and wrote no results`);
  // A file that failed to load (syntax error, failing import, crashing hook) has no test results of its own.
  const brokenFiles = r.testResults.filter(
    (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
  );
  for (const f of brokenFiles)
    console.log(`file failed outside any test: ${path.relative(repoRoot, f.name)}\n  ${f.message.split('\n')[0]}`);
  const failed = r.numFailedTests + brokenFiles.length;
  const notes = [];
  if (r.numTotalTests === 0) notes.push('no tests found');
  if (brokenFiles.length) notes.push(`${brokenFiles.length} file(s) failed to run`);
  if (code !== 0 && failed === 0 && r.numTotalTests > 0) notes.push(`vitest exited with ${code}`);
  return {
    ran: r.numTotalTests,
    passed: r.numPassedTests,
    failed,
    skipped: r.numPendingTests + r.numTodoTests,
    ok: code === 0 && failed === 0 && r.numTotalTests > 0,
    note: notes.join('; ') || undefined,
  };
}

// Set-up shared by several suites; a failure here is reported by every suite that needed it.
const provided = {
  chromium: undefined,
  chromiumError: undefined,
  databaseUrl: undefined,
  databaseError: undefined,
  built: false,
};

async function setup() {
  const notes = [];
  try {
    provided.chromium = await ensureChromium();
  } catch (error) {
    provided.chromiumError = error instanceof Error ? error.message : String(error);
    console.log(provided.chromiumError);
    notes.push('Chromium missing');
  }
  try {
    provided.databaseUrl = await ensurePostgres();
    const dropped = await dropWorkerDatabases(provided.databaseUrl);
    if (dropped.length)
      console.log(`PostgreSQL: dropped ${dropped.join(', ')} from the last run; migrations start from scratch`);
  } catch (error) {
    provided.databaseError = error instanceof Error ? error.message : String(error);
    console.log(provided.databaseError);
    notes.push('PostgreSQL unavailable');
  }
  const ok = notes.length === 0;
  return {
    kind: 'tools',
    ran: 2,
    passed: 2 - notes.length,
    failed: notes.length,
    ok,
    note: notes.join('; ') || undefined,
  };
}

async function build() {
  // Before the API suites too: some API tests check what the server sends with the built app.
  const code = await run('npm', ['run', 'build'], { cwd: repoRoot });
  provided.built = code === 0;
  return {
    kind: 'build',
    ran: 1,
    passed: code === 0 ? 1 : 0,
    failed: code === 0 ? 0 : 1,
    ok: code === 0,
    note: code === 0 ? undefined : 'npm run build failed',
  };
}

async function apiOnPostgres() {
  if (!provided.databaseUrl) throw new SuiteError(provided.databaseError ?? 'PostgreSQL was not set up');
  return vitest('api', { TEST_DB: 'postgres', TEST_DATABASE_URL: provided.databaseUrl });
}

/** Sums the cases and values the fault-injection tests annotate (`fault-injection`, JSON) in a Playwright report. */
function faultInjectionCounts(report) {
  let cases = 0;
  let values = 0;
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const last = t.results?.at(-1);
        const annotations = last?.annotations?.length ? last.annotations : (t.annotations ?? []);
        if (last?.status !== 'passed') continue;
        for (const a of annotations) {
          if (a.type !== 'fault-injection') continue;
          const n = JSON.parse(a.description ?? '{}');
          cases += n.cases ?? 0;
          values += n.values ?? 0;
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return { cases, values };
}

async function browser() {
  if (!provided.chromium) throw new SuiteError(provided.chromiumError ?? 'Chromium was not set up');
  if (!provided.built) throw new SuiteError('the web app did not build, so the browser tests did not run');

  const out = path.join(tmp, 'playwright.json');
  const code = await run(bin('playwright'), ['test'], { cwd: repoRoot, env: { ...process.env, E2E_JSON_OUTPUT: out } });
  const r = readJson(out);
  if (!r) throw new SuiteError(`playwright exited with ${code} and wrote no results`);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = r.stats ?? {};
  const errors = r.errors ?? [];
  for (const e of errors) console.log(`playwright error outside any test: ${(e.message ?? '').split('\n')[0]}`);
  const ran = expected + unexpected + flaky + skipped;
  const failed = unexpected + (errors.length && !unexpected ? 1 : 0);
  const notes = [];
  if (ran === 0) notes.push('no tests found');
  if (flaky) notes.push(`${flaky} passed only on retry`);
  const faults = faultInjectionCounts(r);
  if (faults.cases) {
    console.log(`Fault injection: ${faults.cases} cases, ${faults.values} values checked on the server`);
    notes.push(`fault injection: ${faults.cases} cases, ${faults.values} values`);
  }
  if (errors.length) notes.push(`${errors.length} error(s) outside tests`);
  return {
    ran,
    passed: expected + flaky,
    failed,
    skipped,
    ok: code === 0 && failed === 0 && ran > skipped,
    note: notes.join('; ') || undefined,
  };
}

/**
 * The file API's tests again with the bytes in an S3 server (a local Ceph gateway, scripts/ensure-ceph.mjs):
 * upload, claim, download, orphan clean-up and the report PDF, on PGlite and on PostgreSQL. Only these files, to
 * keep the time down; the rest of the API does not touch file bytes.
 */
const S3_FILE_TESTS = [
  'apps/server/test/files.test.ts',
  'apps/server/test/file-store.test.ts',
  'apps/server/test/orphan-files.test.ts',
  'apps/server/test/original-photos.test.ts',
  'apps/server/test/report-filing.test.ts',
  'apps/server/test/files-move.test.ts',
  'apps/server/test/pdfs-and-packs-in-file-store.test.ts',
  'apps/server/test/pdf-moved-after-outage.test.ts',
  'apps/server/test/files-move-killed.test.ts',
  'apps/server/test/orphan-sweep-race.test.ts',
  'apps/server/test/pack-download-memory.test.ts',
  'apps/server/test/file-download-streams.test.ts',
  'apps/server/test/file-upload-streams.test.ts',
  'apps/server/test/file-offload-killed.test.ts',
];
/**
 * The gateway killed during 50 submits with photos and during files:move (only with the local gateway, whose
 * process they kill), one after the other.
 */
const S3_FAULT_TESTS = [
  'apps/server/test/faults/file-store-outage.test.ts',
  'apps/server/test/faults/file-move-outage.test.ts',
  '--no-file-parallelism',
];

/** The S3 list and then its fault tests on one database; each database has buckets of its own. */
async function s3On(database, settings) {
  const env = { ...database, TEST_FILE_STORE: 's3', ...settings };
  const tests = await vitest('api', env, S3_FILE_TESTS);
  // After the others, on its own: it kills the gateway they use.
  const fault = await vitest('api', { ...env, VITEST_RUN: 'outage' }, S3_FAULT_TESTS);
  return {
    ran: tests.ran + fault.ran,
    passed: tests.passed + fault.passed,
    failed: tests.failed + fault.failed,
    skipped: tests.skipped + fault.skipped,
    ok: tests.ok && fault.ok,
    notes: [tests.note, fault.note && `gateway outage: ${fault.note}`].filter(Boolean),
  };
}

async function apiOnS3() {
  let settings;
  try {
    settings = await ensureCeph();
  } catch (error) {
    throw new SuiteError(error instanceof Error ? error.message : String(error));
  }
  const pglite = await s3On({ TEST_DB: 'pglite' }, settings);
  const postgres = provided.databaseUrl
    ? await s3On(
        { TEST_DB: 'postgres', TEST_DATABASE_URL: provided.databaseUrl },
        { ...settings, S3_BUCKET: `${settings.S3_BUCKET}-pg` },
      )
    : { ran: 0, passed: 0, failed: 0, skipped: 0, ok: false, notes: [provided.databaseError ?? 'no PostgreSQL'] };
  const notes = [...pglite.notes.map((n) => `PGlite: ${n}`), ...postgres.notes.map((n) => `PostgreSQL: ${n}`)];
  return {
    ran: pglite.ran + postgres.ran,
    passed: pglite.passed + postgres.passed,
    failed: pglite.failed + postgres.failed,
    skipped: pglite.skipped + postgres.skipped,
    ok: pglite.ok && postgres.ok,
    note: notes.join('; ') || undefined,
  };
}

const suites = [
  { id: 'lint', title: 'Lint (eslint)', run: lint },
  { id: 'format', title: 'Format (prettier --check)', run: format },
  { id: 'cycles', title: 'Import cycles (dependency-cruiser, type imports included)', run: cycles },
  { id: 'typecheck', title: 'Typecheck (tsc, every project)', run: typecheck },
  { id: 'setup', title: 'Set-up: Chromium and PostgreSQL (installed or started when missing)', run: setup },
  { id: 'build', title: 'Build the web app (npm run build)', run: build },
  { id: 'unit', title: 'Unit tests (vitest project "unit")', run: () => vitest('unit', {}) },
  {
    id: 'api-pglite',
    title: 'API tests on PGlite (vitest project "api")',
    needs: ['setup', 'build'],
    run: () => vitest('api', { TEST_DB: 'pglite' }),
  },
  {
    id: 'api-postgres',
    title: 'API tests on PostgreSQL (vitest project "api")',
    needs: ['setup', 'build'],
    run: apiOnPostgres,
  },
  {
    id: 'api-s3',
    title: 'File API tests with FILE_STORE=s3 on a Ceph gateway (PGlite, then PostgreSQL)',
    needs: ['setup', 'build'],
    run: apiOnS3,
  },
  {
    id: 'browser',
    title: 'Browser tests (Playwright, Chromium, 390x844)',
    needs: ['setup', 'build'],
    run: browser,
  },
];
const TEST_SUITES = new Set(['unit', 'api-pglite', 'api-postgres', 'api-s3', 'browser']);

const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',')) : undefined;
if (only) {
  const unknown = [...only].filter((id) => !suites.some((s) => s.id === id));
  if (unknown.length) {
    console.error(`Unknown suite(s): ${unknown.join(', ')}. Suites: ${suites.map((s) => s.id).join(', ')}`);
    process.exit(2);
  }
  // What a chosen suite needs runs too.
  for (const s of suites) if (only.has(s.id)) for (const need of s.needs ?? []) only.add(need);
}

const results = [];
const startedAll = Date.now();
for (const [i, suite] of suites.entries()) {
  if (only && !only.has(suite.id)) {
    results.push({ suite, notRun: true });
    continue;
  }
  console.log(`\n${'='.repeat(100)}\n[${i + 1}/${suites.length}] ${suite.title}\n${'='.repeat(100)}`);
  const started = Date.now();
  let result;
  try {
    result = await suite.run();
  } catch (error) {
    const message =
      error instanceof Error ? (error instanceof SuiteError ? error.message : error.stack) : String(error);
    console.log(`\n${suite.title} could not run:\n${message}`);
    result = {
      ran: 0,
      passed: 0,
      failed: 0,
      ok: false,
      note: (error instanceof Error ? error.message : String(error)).split('\n')[0],
    };
  }
  result.ms = Date.now() - started;
  results.push({ suite, ...result });
  console.log(`\n${result.ok ? 'PASSED' : 'FAILED'}: ${suite.title} in ${seconds(result.ms)}`);
}
fs.rmSync(tmp, { recursive: true, force: true });

// Summary table.
const rows = results.map((r) => {
  if (r.notRun) return [r.suite.id, 'NOT RUN', '-', '-', '-', '-', '-', 'left out by --only'];
  const kind = r.kind ? ` ${r.kind}` : '';
  return [
    r.suite.id,
    r.ok ? 'ok' : 'FAILED',
    `${r.ran}${kind}`,
    String(r.passed),
    String(r.failed),
    String(r.skipped ?? 0),
    seconds(r.ms),
    r.note ?? '',
  ];
});
const header = ['Suite', 'Result', 'Ran', 'Passed', 'Failed', 'Skipped', 'Time', 'Notes'];
const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c].length)));
const line = (cells) =>
  cells
    .map((cell, c) => cell.padEnd(widths[c]))
    .join('  ')
    .trimEnd();
console.log(`\n${'='.repeat(100)}\nSummary (total ${seconds(Date.now() - startedAll)})\n`);
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of rows) console.log(line(row));

// The total counts tests; a suite that failed without a failing test (crash, lint or type errors, nothing
// found, tool missing) counts as one failure, so the line never reads "0 failed" for a failed run.
const ran = results.filter((r) => !r.notRun);
const passed = ran.filter((r) => TEST_SUITES.has(r.suite.id)).reduce((n, r) => n + r.passed, 0);
const failed = ran.reduce((n, r) => {
  const tests = TEST_SUITES.has(r.suite.id) ? r.failed : 0;
  return n + (r.ok ? tests : Math.max(tests, 1));
}, 0);
const failedSuites = ran.filter((r) => !r.ok).map((r) => r.suite.id);
console.log(
  '\nTests are counted in unit, api-pglite, api-postgres, api-s3 and browser; lint, cycles, typecheck, setup and build count',
  'files, modules, projects, tools and builds (a failed one counts as one failure in the total).',
);
if (failedSuites.length) console.log(`Failed suites: ${failedSuites.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSuites.length ? 1 : 0);
