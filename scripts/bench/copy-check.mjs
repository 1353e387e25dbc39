/* global window, document, Worker */
// Where a check's stored copy is validated, at 4x CPU (Lighthouse's mobile slowdown).
//
// 1. In the built app: an engineer with a check on the phone opens it again. The page's long tasks
//    (PerformanceObserver 'longtask') from navigation until the restored values show and 1.5 s after; the
//    figure is the longest task that starts once the schemas' code has arrived (wizard-state-schema-*.js in
//    the page, copy-check.worker-*.js for a worker), beside the longest task of the whole load.
// 2. The schemas alone on a blank page: zod and the check's schemas evaluated and that same copy parsed, on
//    the page's thread (one task: its length is what the page would freeze for) and on a worker (the page's
//    longest task meanwhile, and the time to the answer).
//
// Usage: npm run build && npm run bench:copy-check [-- --runs=5 --cpu=4 --dist=apps/web/dist]
// --dist serves another build (WEB_DIST), so two builds can be measured in turn.
import path from 'node:path';
import { seedBasics, startApp } from './start-app.mjs';
import { bundleForPage, launchChromium, throttleCpu } from './browser-lib.mjs';
import { median, option } from './report.mjs';

const runs = Number(option('runs', 5));
const cpu = Number(option('cpu', 4));
const dist = option('dist', '');
const SCHEMA_CODE = /\/assets\/(wizard-state-schema|copy-check\.worker)-[^/]*\.js$/;

const round = (n) => Math.round(n);
const env = dist ? { WEB_DIST: path.resolve(dist) } : {};
const app = await startApp({ port: Number(process.env.BENCH_PORT ?? 3615), env });
const browser = await launchChromium();
try {
  const seed = await seedBasics(app.url);
  const checkUrl = `/check/basic-info?siteId=${seed.siteId}&propertyId=${seed.propertyId}`;
  const appRuns = [];
  let copy;
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: app.url });
    const [name, ...value] = seed.engineerCookie.split('=');
    await context.addCookies([{ name, value: value.join('='), url: app.url }]);

    // The check started and kept on the phone (local cache and IndexedDB).
    const first = await context.newPage();
    await first.goto(checkUrl);
    await first.getByLabel('HIU Model').fill('Thermal X5');
    await first.getByLabel('HIU Serial').fill('SN-1001');
    await first.waitForFunction(() => localStorage.getItem('hiu_wizard_cache')?.includes('SN-1001'));
    await first.waitForTimeout(1500); // the IndexedDB write after the local cache
    copy ??= await first.evaluate(() => localStorage.getItem('hiu_wizard_cache'));
    await first.close();

    // The engineer comes back to it.
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await throttleCpu(page, cpu);
    await page.goto(checkUrl);
    await page.waitForFunction(() => [...document.querySelectorAll('input')].some((i) => i.value === 'SN-1001'), null, {
      timeout: 60_000,
    });
    await page.waitForTimeout(1500);
    const r = await page.evaluate((pattern) => {
      const code = performance
        .getEntriesByType('resource')
        .filter((e) => new RegExp(pattern).test(e.name))
        .map((e) => ({ file: e.name.split('/').pop(), end: e.responseEnd }));
      const arrived = code.length ? Math.min(...code.map((c) => c.end)) : Infinity;
      const tasks = window.__longTasks;
      const after = tasks.filter((t) => t.start >= arrived - 1);
      return {
        code,
        longest: Math.max(0, ...tasks.map((t) => t.duration)),
        afterSchemas: Math.max(0, ...after.map((t) => t.duration)),
        tasks: tasks.map((t) => `${Math.round(t.start)}+${Math.round(t.duration)}`),
      };
    }, SCHEMA_CODE.source);
    appRuns.push(r);
    console.log(
      `  app run ${run}: schemas' code ${r.code.map((c) => `${c.file} at ${round(c.end)} ms`).join(', ') || 'not fetched'}; ` +
        `longest task after it ${round(r.afterSchemas)} ms, of the whole load ${round(r.longest)} ms ` +
        `(long tasks start+ms: ${r.tasks.join(' ')})`,
    );
    await context.close();
  }
  console.log(
    `App at ${cpu}x CPU, median of ${runs}: longest task once the schemas' code arrived ` +
      `${round(median(appRuns.map((r) => r.afterSchemas)))} ms, longest of the load ` +
      `${round(median(appRuns.map((r) => r.longest)))} ms`,
  );

  // The schemas alone, on the same copy.
  const lib = await bundleForPage('apps/web/src/features/check/state/wizard-state-schema.ts', 'copySchemas');
  const jitless = 'globalThis.__zod_globalConfig = { jitless: true };'; // as the app runs zod (no eval)
  const inThread = [];
  const onWorker = [];
  for (let run = 1; run <= runs; run++) {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>copy check bench</title>');
    await page.evaluate(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push(e.duration);
      }).observe({ type: 'longtask' });
    });
    await throttleCpu(page, cpu);
    // Evaluating the schemas and parsing the copy in one task, as the app's restore does.
    await page.addScriptTag({
      content:
        `${jitless}\nwindow.__t0 = performance.now();\n${lib}\n` +
        `window.__ok = copySchemas.parseWizardState(JSON.parse(${JSON.stringify(copy)})) !== undefined;\n` +
        `window.__ms = performance.now() - window.__t0;`,
    });
    await page.waitForTimeout(500);
    const t = await page.evaluate(() => ({
      ms: window.__ms,
      ok: window.__ok,
      longest: Math.max(0, ...window.__longTasks),
    }));
    if (!t.ok) throw new Error('the stored copy did not parse');
    inThread.push(t);
    await page.close();

    const workerPage = await browser.newPage();
    await workerPage.setContent('<!doctype html><title>copy check bench</title>');
    await throttleCpu(workerPage, cpu);
    const w = await workerPage.evaluate(
      async ({ source, value }) => {
        const tasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) tasks.push(e.duration);
        }).observe({ type: 'longtask' });
        const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
        const started = performance.now();
        const ok = await new Promise((resolve, reject) => {
          const worker = new Worker(url);
          worker.onmessage = (e) => resolve(e.data);
          worker.onerror = (e) => reject(new Error(e.message));
          worker.postMessage(JSON.parse(value));
        });
        const ms = performance.now() - started;
        await new Promise((r) => setTimeout(r, 300));
        return { ok, ms, longest: Math.max(0, ...tasks) };
      },
      {
        source: `${jitless}\n${lib}\nonmessage = (e) => postMessage(copySchemas.parseWizardState(e.data) !== undefined);`,
        value: copy,
      },
    );
    if (!w.ok) throw new Error('the stored copy did not parse on the worker');
    onWorker.push(w);
    await workerPage.close();
    console.log(
      `  schemas run ${run}: in-thread ${round(t.ms)} ms (long task ${round(t.longest)} ms); ` +
        `worker answer ${round(w.ms)} ms, page's longest task meanwhile ${round(w.longest)} ms`,
    );
  }
  console.log(
    `Schemas alone at ${cpu}x CPU (${(copy.length / 1024).toFixed(1)} KB copy), median of ${runs}: in-thread ` +
      `${round(median(inThread.map((t) => t.longest)))} ms long task (${round(median(inThread.map((t) => t.ms)))} ms ` +
      `evaluate + parse); on a worker the page's longest task ${round(median(onWorker.map((w) => w.longest)))} ms, ` +
      `answer after ${round(median(onWorker.map((w) => w.ms)))} ms`,
  );
} finally {
  await browser.close();
  await app.stop();
}
