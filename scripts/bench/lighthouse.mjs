// Lighthouse in headless Chromium with its default mobile emulation (simulated slow 4G, 4x CPU slowdown)
// on every engineer screen (home with and without a kept check, each step of a check opened from its address,
// by Next and by Resume, the outbox, My flats, My reports, the Failed page), the office screens on a phone
// (the review screen, the review queue, the site dashboard at 390 x 844), sign-in and the first visit,
// alternated in rounds with a bare React 19 + Vite page (bare-react.mjs); each page is measured --runs times
// (default 3) and the median is printed beside its target, with its LCP as a ratio of the bare page's in the
// same run, because one run on a shared machine is noisy and runs minutes apart are not comparable. The pages,
// their targets and how each is measured (a cold navigation, or a timespan around a tap for Next and Resume)
// are in lighthouse-pages.mjs; what they need on the server is seeded through the API (lighthouse-seeds.mjs).
// Usage: see USAGE below, or `node scripts/bench/lighthouse.mjs --help`.
import fs from 'node:fs';
import path from 'node:path';
import lighthouse, { navigation, startTimespan } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import * as chromeLauncher from 'chrome-launcher';
import { seedBasics, startApp } from './start-app.mjs';
import { seedPages } from './lighthouse-seeds.mjs';
import { benchPages, REFERENCE } from './lighthouse-pages.mjs';
import { serveBareReact } from './bare-react.mjs';
import { median, option, verdict } from './report.mjs';
import { runQueueInLongTasks, startRunQueueSampler } from './run-queue.mjs';
import { startCorePinning } from './core-pin.mjs';

const USAGE = `Usage: npm run build && npm run bench:lighthouse [-- options]
  --runs=3                 runs per page; the median is printed
  --pages=home,wizard-step only these pages (names in lighthouse-pages.mjs: sign-in, first-visit, home,
                           wizard-step, home-kept, step-<step>, next-<step>, resume, outbox, my-flats,
                           my-reports, failed, review-report, review-queue, dashboard); the bare page always
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

/** Lighthouse's default mobile screen (a Moto G Power), or the page's own (the office screens: 390 x 844). */
const LIGHTHOUSE_SCREEN = { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false };

/** The figures of one run: Lighthouse's, the step move a timespan timed, and TBT from CPU time. */
function sampleOf(lhr, artifacts, move) {
  const value = (id) => lhr.audits[id]?.numericValue;
  const score = (id) => (lhr.categories[id]?.score == null ? undefined : Math.round(lhr.categories[id].score * 100));
  const round = (v) => (v === undefined ? undefined : Math.round(v));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcp: round(value('largest-contentful-paint')),
    fcp: round(value('first-contentful-paint')),
    tbt: round(value('total-blocking-time')),
    inp: round(value('interaction-to-next-paint')),
    cls:
      value('cumulative-layout-shift') === undefined ? undefined : Number(value('cumulative-layout-shift').toFixed(3)),
    tbtCpu: artifacts?.Trace ? tbtFromCpu(artifacts.Trace) : undefined,
    move: round(move),
  };
}

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
// The pages that prepare the phone first, and the timespans, drive the browser through puppeteer.
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
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
  const seed = await seedPages(app.url, await seedBasics(app.url));
  const cookies = { engineer: seed.engineerCookie, assigned: seed.assignedCookie, supervisor: seed.supervisorCookie };
  const ctx = { url: app.url, bareUrl: bare.url, seed };
  const pages = benchPages().filter(
    (page) => page.name === 'bare' || !onlyPages.length || onlyPages.includes(page.name),
  );
  const unknown = onlyPages.filter((name) => !pages.some((p) => p.name === name));
  if (unknown.length) throw new Error(`no such page: ${unknown.join(', ')}`);
  const samples = new Map(pages.map((p) => [p.name, []]));
  const attempts = new Map(pages.map((p) => [p.name, 0]));

  /** A page in a browser profile of its own, prepared as the page needs, then measured; the profile is closed. */
  async function inOwnProfile(p, flags) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const screen = flags.screenEmulation;
    await page.setViewport({ ...screen, isMobile: true, hasTouch: true });
    if (p.cookie) {
      const [name, ...value] = cookies[p.cookie].split('=');
      await page.setCookie({ name, value: value.join('='), url: app.url });
    }
    const cleanup = await p.prepare?.(page, ctx);
    try {
      if (p.how === 'cold')
        return await navigation(page, p.url(ctx), { flags: { ...flags, disableStorageReset: true } });
      const span = await startTimespan(page, { flags: { ...flags, throttlingMethod: 'devtools' } });
      const move = await p.act(page, ctx);
      // What the move started (the next step's code, a draft save) finishes inside the timespan.
      await page.waitForNetworkIdle({ idleTime: 500, timeout: 30_000 }).catch(() => undefined);
      return { ...(await span.endTimespan()), move };
    } finally {
      await cleanup?.();
      await context.close();
    }
  }

  /** One measured run of a page; a run Lighthouse could not finish (NO_NAVSTART) is tried again, a few times. */
  async function measureOnce(p) {
    while (attempts.get(p.name) < runs + MAX_RETRIES) {
      const i = attempts.get(p.name);
      attempts.set(p.name, i + 1);
      const flags = {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        screenEmulation: p.screen ?? LIGHTHOUSE_SCREEN,
      };
      let result;
      try {
        result =
          p.prepare || p.how === 'timespan'
            ? await inOwnProfile(p, flags)
            : await lighthouse(p.url(ctx), {
                ...flags,
                port: chrome.port,
                extraHeaders: p.cookie ? { Cookie: cookies[p.cookie] } : undefined,
              });
      } catch (error) {
        // A page the bench could not prepare or drive: said, and not tried again (that is no passing glitch).
        console.log(`  ${p.name} run ${i + 1}: not measured: ${error.message.split('\n')[0]}`);
        return undefined;
      }
      const { lhr, artifacts, move } = result;
      if (saveDir) fs.writeFileSync(path.join(saveDir, `${p.name}-${i + 1}.json`), JSON.stringify(lhr));
      const failed = lhr.runtimeError?.message ?? (lhr.audits['cumulative-layout-shift']?.errorMessage || '');
      if (failed) {
        // A run Lighthouse could not finish says why instead of crashing the whole benchmark.
        console.log(`  ${p.name} run ${i + 1}: not measured: ${failed}`);
        continue;
      }
      const sample = sampleOf(lhr, artifacts, move);
      const runQueue = sampler && p.how === 'cold' && runQueueInLongTasks(artifacts.Trace, sampler.file);
      samples.get(p.name).push(sample);
      console.log(`  ${p.name} run ${i + 1}: ${JSON.stringify(sample)}`);
      if (runQueue) {
        console.log(
          `    ${runQueue.tasks} tasks over 12.5 ms after the first paint: ${runQueue.wallMs} ms on the clock, ` +
            `${runQueue.ranMs} ms running, ${runQueue.waitedMs} ms runnable but waiting for a core`,
        );
      }
      const failing = (lhr.categories.accessibility?.auditRefs ?? [])
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
      if (baseline && sample?.lcp && name !== 'bare') ratios.get(name).push(sample.lcp / baseline.lcp);
  }

  const lines = [];
  const middle = (list, key) => {
    const values = list.map((x) => x[key]).filter((v) => typeof v === 'number' && !Number.isNaN(v));
    return values.length ? median(values) : undefined;
  };
  const bareLcp = middle(samples.get('bare'), 'lcp');
  for (const p of pages) {
    const mine = samples.get(p.name);
    const name = `lighthouse${tag} ${p.name}`;
    if (mine.length === 0) {
      lines.push(`${name}  not measured  (every run failed, see above)`);
      continue;
    }
    if (mine.length < runs) lines.push(`${name}  only ${mine.length} of ${runs} runs measured`);
    if (p.name === 'bare') {
      const figures = ['performance', 'lcp', 'fcp', 'tbt'].map((k) => `${k} ${middle(mine, k)}`);
      lines.push(`lighthouse${tag} bare React page  ${figures.join(', ')}  (the baseline)`);
      continue;
    }
    // The LCP ratio is the page's median over the bare page's, with each round's own ratio beside it.
    const each = ratios.get(p.name);
    const lcp = middle(mine, 'lcp');
    const lcpRatio = lcp === undefined || !bareLcp ? undefined : lcp / bareLcp;
    const range = each.length ? ` (rounds ${Math.min(...each).toFixed(2)}-${Math.max(...each).toFixed(2)})` : '';
    for (const t of p.targets) {
      const value = t.key === 'lcpRatio' ? lcpRatio : middle(mine, t.key);
      if (value === undefined) {
        lines.push(`${name} ${t.label}  not measured  target ${t.target}`);
        continue;
      }
      const figure = t.key === 'lcpRatio' ? `${value.toFixed(2)}x${range}` : value;
      lines.push(verdict(`${name} ${t.label}`, figure, t.target, t.ok(value)));
    }
    const reference = REFERENCE.filter((key) => !p.targets.some((t) => t.key === key))
      .map((key) => [key, middle(mine, key)])
      .filter(([, v]) => v !== undefined)
      .map(([key, v]) => `${key} ${v}`);
    if (lcpRatio !== undefined && !p.targets.some((t) => t.key === 'lcpRatio'))
      reference.push(`LCP vs bare ${lcpRatio.toFixed(2)}x`);
    lines.push(`${name}  ${reference.join(', ')}  (for reference)`);
  }
  console.log(`\nMedian of ${runs} run(s) per page, ${pinning ? 'pinned' : 'shared cores'}:`);
  for (const line of lines) console.log(line);
} finally {
  pinning?.stop();
  await browser.disconnect();
  await chrome.kill();
  await Promise.all([app.stop(), bare.stop()]);
  sampler?.stop();
}
