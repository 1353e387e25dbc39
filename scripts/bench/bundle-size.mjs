// Measures the JavaScript each first route downloads (gzip), beside a bare React app built with the same tools.
// Usage: npm run bench:bundle   (builds the web app first)
//        WEB_DIST=<dir> npm run bench:bundle   (builds into and measures that folder instead of apps/web/dist)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execSync } from 'node:child_process';
import { buildBareReact } from './bare-react.mjs';
import { verdict } from './report.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
const BUDGET_KB = 120;

const outDir = process.env.WEB_DIST ? ` -w @hiu/web -- --outDir ${JSON.stringify(dist)} --emptyOutDir` : '';
if (!process.argv.includes('--no-build')) execSync(`npm run build${outDir}`, { cwd: root, stdio: 'inherit' });
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;

/** The chunk files a manifest entry loads before it can run (itself and its static imports). */
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const imp of entry.imports ?? []) closure(imp, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const base = closure(entryKey);
// The lazy chunks each route loads before it shows (the engineer's screens sit inside engineer-area).
// Steps 1-6, review, outbox and failed each have a chunk of their own under check-routes: the wizard's row is
// the heaviest of them, as if opened first (the photos step is lazily-only code, checked below).
// IndexedDB's code (a chunk group) is read before a step shows, and before home's cards when a check is kept.
const deviceDb = Object.keys(manifest).find((k) => k.startsWith('_') && manifest[k].name === 'device-db');
const check = ['src/app/engineer-area.tsx', 'src/features/check/check-routes.tsx', deviceDb];
const checkPage = (name) => [...check, `src/features/check/pages/${name}.tsx`];
const steps = ['basic-info', 'initial-checks', 'standby-mode', 'radiators', 'heating', 'dhw'];
const routes = {
  'sign-in (/sign-in)': [['src/features/auth/sign-in-page.tsx']],
  'home (/)': [
    [
      'src/app/engineer-area.tsx',
      'src/features/home/home-page.tsx',
      'src/features/check/components/unsaved-work-banner.tsx',
      deviceDb,
    ],
  ],
  'wizard step (/check/...)': [
    ...steps.map((step) => checkPage(`${step}-step`)),
    checkPage('review-step'),
    checkPage('outbox-page'),
    checkPage('failed-page'),
  ],
  'admin (/admin/sites)': [['src/features/admin/admin-routes.tsx']],
  'reports (/admin/reports)': [['src/features/reports/reports-page.tsx']],
};

async function bareReactKb() {
  const assets = path.join(await buildBareReact(), 'assets');
  return (
    fs
      .readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(assets, f))).length, 0) / 1024
  );
}

const bare = await bareReactKb();
const rows = [];
for (const [name, alternatives] of Object.entries(routes)) {
  const measured = alternatives.map((keys) => {
    if (keys.some((k) => !manifest[k])) return { route: name, kb: NaN, files: new Set() };
    const files = new Set(base);
    for (const key of keys) closure(key, files);
    const kb = [...files].filter((f) => f.endsWith('.js')).reduce((s, f) => s + gz(f), 0) / 1024;
    return { route: name, kb, files };
  });
  rows.push(measured.reduce((a, b) => (Number.isNaN(b.kb) || b.kb > a.kb ? b : a)));
}
// Code that must load only on the screens that use it (docs/product.md#speed-and-size), by the manifest keys of its chunks.
const lazyOnly = {
  PDF: /report-pdf/,
  'signature and photo': /photos-signature-step/,
  admin: /features\/admin\//,
  'Radix dialogs': /dialog-content/,
};
const lazyKeys = (re) => Object.keys(manifest).filter((k) => re.test(k));
// A route loads such code eagerly when the chunk of one of those modules is among its chunks.
const lazyEntryFiles = Object.fromEntries(
  Object.entries(lazyOnly).map(([name, re]) => [name, new Set(lazyKeys(re).map((k) => manifest[k].file))]),
);
// What it costs when it loads: its chunks that no first route has already loaded.
const routeFiles = new Set(rows.flatMap((r) => [...r.files]));
const lazyFiles = Object.fromEntries(
  Object.entries(lazyOnly).map(([name, re]) => [
    name,
    new Set(
      lazyKeys(re)
        .flatMap((k) => [...closure(k)])
        .filter((f) => !routeFiles.has(f) || lazyEntryFiles[name].has(f)),
    ),
  ]),
);
const chunkKb = (name) => [...lazyFiles[name]].reduce((s, f) => s + gz(f), 0) / 1024;

console.log(`\nJavaScript per first route (gzip), budget ${BUDGET_KB} KB; bare React app: ${bare.toFixed(1)} KB\n`);
console.log('| route | KB gzip | vs bare React | within budget | loads lazily-only code |');
console.log('| --- | ---: | ---: | :---: | --- |');
for (const r of rows) {
  const eager = Object.keys(lazyOnly).filter(
    (name) =>
      (name !== 'admin' || !r.route.startsWith('admin')) && [...lazyEntryFiles[name]].some((f) => r.files.has(f)),
  );
  r.eager = eager;
  console.log(
    `| ${r.route} | ${r.kb.toFixed(1)} | ${(r.kb / bare).toFixed(2)}x | ${r.kb <= BUDGET_KB ? 'yes' : 'NO'} | ${eager.join(', ') || 'none'} |`,
  );
}
console.log(
  `\nLoaded only when used: ${Object.keys(lazyOnly)
    .map((n) => `${n} ${chunkKb(n).toFixed(1)} KB`)
    .join(', ')}\n`,
);
for (const r of rows) {
  console.log(verdict(`bundle ${r.route} KB gzip`, r.kb.toFixed(1), `<= ${BUDGET_KB}`, r.kb <= BUDGET_KB));
}
console.log(`bundle bare React app KB gzip  ${bare.toFixed(1)}  (reference)`);
const eagerRoutes = rows.filter((r) => r.eager.length).map((r) => r.route);
console.log(
  verdict(
    'bundle PDF/signature/photo/admin/dialog code lazy',
    eagerRoutes.length ? `eager on ${eagerRoutes.join(', ')}` : 'yes',
    'lazy on every first route',
    !eagerRoutes.length,
  ),
);
