// Lighthouse in headless Chromium with its default mobile emulation (simulated slow 4G, 4x CPU slowdown)
// on the sign-in page, the first visit signed out, home and a wizard step, alternated in rounds with a bare
// React 19 + Vite page (bare-react.mjs); each page is measured --runs times (default 3) and the median is
// printed, with its LCP as a ratio of the bare page's in the same run, because one run on a shared machine is
// noisy and runs minutes apart are not comparable.
// Usage: see USAGE below, or `node scripts/bench/lighthouse.mjs --help`.
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { seedBasics, startApp } from './start-app.mjs';
import { serveBareReact } from './bare-react.mjs';
import { median, option, verdict } from './report.mjs';
import { runQueueInLongTasks, startRunQueueSampler } from './run-queue.mjs';
import { startCorePinning } from './core-pin.mjs';

const USAGE = `Usage: npm run build && npm run bench:lighthouse [-- options]
  --runs=3                 runs per page; the median is printed
  --pages=home,wizard-step only these pages (sign-in, first-visit, home, wizard-step); the bare page always
  --save=DIR               write each run's full Lighthouse report as JSON
  --run-queue              sample the page's main thread: its long tasks' running time against waiting for a core
  --pinned                 an extra, labelled measurement: each renderer's main thread on a core of its own, the
                           tools on the others (scripts/bench/README.md). By default every
                           process shares every core, as the figures against the targets are taken.
  --dry-run                print how it would measure, and stop
  --help                   this text`;
if (process.argv.includes('--help')) {
  console.log(USAGE);
  process.exit(0);
}
// Unpinned by default: the figure against the target is the page on the machine as it is. Pinning the page's
// thread changes the rig, not the product, so its figures are an extra, labelled "pinned".
const pinned = process.argv.includes('--pinned');
const rigLabel = pinned ? 'pinned: page main thread on a core of its own (--pinned)' : 'shared cores (default)';
if (process.argv.includes('--dry-run')) {
  console.log(`Would measure with ${rigLabel}`);
  process.exit(0);
}

const runs = Number(option('runs', 3));
const MAX_RETRIES = 6;
const onlyPages = option('pages', '').split(',').filter(Boolean);
const saveDir = option('save', '');
const sampler = process.argv.includes('--run-queue') ? startRunQueueSampler() : null;
if (saveDir) fs.mkdirSync(saveDir, { recursive: true });
const TARGETS = [
  { key: 'performance', label: 'performance', target: '>= 98', ok: (v) => v >= 98 },
  { key: 'lcp', label: 'LCP ms', target: '<= 1500', ok: (v) => v <= 1500 },
  { key: 'tbt', label: 'TBT ms', target: '<= 50', ok: (v) => v <= 50 },
  { key: 'cls', label: 'CLS', target: '0', ok: (v) => v === 0 },
  { key: 'accessibility', label: 'accessibility', target: '100', ok: (v) => v === 100 },
];

/**
 * TBT as Lighthouse counts it (each main-thread task after the first paint, times 4, less 50 ms), but from
 * each task's thread CPU time instead of its wall time: a task the machine pauses (other processes, a
 * virtual machine's stolen time) is longer on the clock, not in CPU. For comparing builds on a shared
 * machine; Lighthouse's own TBT is the target's figure.
 */
function tbtFromCpu(trace) {
  const events = trace.traceEvents;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return NaN;
  return Math.round(
    events
      .filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.name === 'RunTask' && e.ph === 'X' && e.ts >= fcp.ts)
      .reduce((sum, e) => sum + Math.max(0, ((e.tdur ?? e.dur) / 1000) * 4 - 50), 0),
  );
}

/** A page's LCP may be this many times the bare page's (first visit; the others for reference). */
const LCP_VS_BARE = 1.25;

const app = await startApp({ port: Number(process.env.BENCH_PORT ?? 3600) });
const bare = await serveBareReact(Number(process.env.BENCH_PORT ?? 3600) + 1);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const pinning = pinned ? startCorePinning([process.pid, app.pid, chrome.pid, sampler?.pid].filter(Boolean)) : null;
console.log(
  pinning
    ? `Pinned: renderer main threads on core ${pinning.pageCore}; Lighthouse, the app and the rest of Chromium on ${pinning.otherCores}`
    : pinned
      ? 'Every process on every core: --pinned needs Linux, taskset and 2 cores'
      : 'Every process on every core (the default; --pinned measures with the page on a core of its own)',
);
// Figures taken pinned say so on every line, so they are never read as the target's figure.
const tag = pinning ? ' (pinned)' : '';
try {
  const seed = await seedBasics(app.url);
  const pages = [
    // The baseline: what React and Vite cost before any product code (measured in every round).
    { name: 'bare', url: bare.url, cookie: undefined },
    { name: 'sign-in', url: `${app.url}/sign-in`, cookie: undefined },
    // How a new engineer or client meets the product: the app's own address, signed out.
    { name: 'first-visit', url: `${app.url}/`, cookie: undefined },
    { name: 'home', url: `${app.url}/`, cookie: seed.engineerCookie },
    {
      name: 'wizard-step',
      url: `${app.url}/check/basic-info?siteId=${seed.siteId}&propertyId=${seed.propertyId}`,
      cookie: seed.engineerCookie,
    },
  ].filter((page) => page.name === 'bare' || !onlyPages.length || onlyPages.includes(page.name));
  const samples = new Map(pages.map((p) => [p.name, []]));
  const attempts = new Map(pages.map((p) => [p.name, 0]));

  /** One measured run of a page; a run Lighthouse could not finish (NO_NAVSTART) is tried again, a few times. */
  async function measureOnce(p) {
    while (attempts.get(p.name) < runs + MAX_RETRIES) {
      const i = attempts.get(p.name);
      attempts.set(p.name, i + 1);
      const { lhr, artifacts } = await lighthouse(p.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: p.cookie ? { Cookie: p.cookie } : undefined,
      });
      if (saveDir) fs.writeFileSync(path.join(saveDir, `${p.name}-${i + 1}.json`), JSON.stringify(lhr));
      const failed = lhr.runtimeError?.message ?? (lhr.audits['cumulative-layout-shift']?.errorMessage || '');
      if (failed) {
        // A run Lighthouse could not finish says why instead of crashing the whole benchmark.
        console.log(`  ${p.name} run ${i + 1}: not measured: ${failed}`);
        continue;
      }
      const sample = {
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        lcp: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        fcp: Math.round(lhr.audits['first-contentful-paint'].numericValue),
        tbt: Math.round(lhr.audits['total-blocking-time'].numericValue),
        cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        tbtCpu: tbtFromCpu(artifacts.Trace),
      };
      const runQueue = sampler && runQueueInLongTasks(artifacts.Trace, sampler.file);
      samples.get(p.name).push(sample);
      console.log(`  ${p.name} run ${i + 1}: ${JSON.stringify(sample)}`);
      if (sampler && !runQueue) console.log('    run queue: no long task, or the page was not sampled');
      if (runQueue) {
        console.log(
          `    ${runQueue.tasks} tasks over 12.5 ms after the first paint: ${runQueue.wallMs} ms on the clock, ` +
            `${runQueue.ranMs} ms running, ${runQueue.waitedMs} ms runnable but waiting for a core`,
        );
      }
      const failing = lhr.categories.accessibility.auditRefs
        .map((r) => lhr.audits[r.id])
        .filter((a) => a.score !== null && a.score < 1);
      for (const a of failing) console.log(`    accessibility: ${a.id}: ${a.title}`);
      return sample;
    }
    return undefined;
  }

  // Rounds alternate the order (forwards, then backwards), so drift in the machine's speed falls on every page.
  const ratios = new Map(pages.map((p) => [p.name, []]));
  for (let round = 0; round < runs; round++) {
    const measured = new Map();
    for (const p of round % 2 ? [...pages].reverse() : pages) measured.set(p.name, await measureOnce(p));
    const baseline = measured.get('bare');
    for (const [name, sample] of measured)
      if (baseline && sample && name !== 'bare') ratios.get(name).push(sample.lcp / baseline.lcp);
  }

  const lines = [];
  const bareLcp = median(samples.get('bare').map((s) => s.lcp));
  for (const p of pages) {
    const mine = samples.get(p.name);
    if (mine.length === 0) {
      lines.push(`lighthouse${tag} ${p.name}  not measured  (every run failed, see above)`);
      continue;
    }
    if (mine.length < runs) lines.push(`lighthouse${tag} ${p.name}  only ${mine.length} of ${runs} runs measured`);
    if (p.name === 'bare') {
      const figures = ['performance', 'lcp', 'fcp', 'tbt'].map((k) => `${k} ${median(mine.map((x) => x[k]))}`);
      lines.push(`lighthouse${tag} bare React page  ${figures.join(', ')}  (the baseline)`);
      continue;
    }
    for (const t of TARGETS) {
      const value = median(mine.map((x) => x[t.key]));
      lines.push(verdict(`lighthouse${tag} ${p.name} ${t.label}`, value, t.target, t.ok(value)));
    }
    const ratio = median(mine.map((x) => x.lcp)) / bareLcp;
    const each = ratios.get(p.name);
    const range = each.length ? ` (rounds ${Math.min(...each).toFixed(2)}-${Math.max(...each).toFixed(2)})` : '';
    const figure = `${ratio.toFixed(2)}x${range}`;
    lines.push(
      verdict(`lighthouse${tag} ${p.name} LCP vs bare page`, figure, `<= ${LCP_VS_BARE}x`, ratio <= LCP_VS_BARE),
    );
    lines.push(`lighthouse${tag} ${p.name} FCP ms  ${median(mine.map((x) => x.fcp))}  (for reference)`);
    lines.push(
      `lighthouse${tag} ${p.name} TBT from CPU time ms  ${median(mine.map((x) => x.tbtCpu))}  (for reference: load-independent)`,
    );
  }
  console.log(`\nMedian of ${runs} run(s) per page, ${pinning ? 'pinned' : 'shared cores'}:`);
  for (const line of lines) console.log(line);
} finally {
  pinning?.stop();
  await chrome.kill();
  await Promise.all([app.stop(), bare.stop()]);
  sampler?.stop();
}
