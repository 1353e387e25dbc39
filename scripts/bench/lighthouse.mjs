// Lighthouse in headless Chromium with its default mobile emulation (slow 4G, 4x CPU slowdown)
// on the sign-in page, home and a wizard step. Usage: npm run bench:lighthouse (after npm run build).
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { seedBasics, startApp } from './start-app.mjs';

const TARGETS = { performance: 98, lcpMs: 1500, tbtMs: 50, cls: 0, accessibility: 100 };
const app = await startApp({ port: Number(process.env.BENCH_PORT ?? 3600) });
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
try {
  const seed = await seedBasics(app.url);
  const pages = [
    { name: 'sign-in', path: '/sign-in', cookie: undefined },
    { name: 'home', path: '/', cookie: seed.engineerCookie },
    {
      name: 'wizard step 1',
      path: `/check/basic-info?siteId=${seed.siteId}&propertyId=${seed.propertyId}`,
      cookie: seed.engineerCookie,
    },
  ];
  console.log('\n| page | performance | LCP ms | TBT ms | CLS | accessibility |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  let ok = true;
  for (const p of pages) {
    const result = await lighthouse(app.url + p.path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: p.cookie ? { Cookie: p.cookie } : undefined,
    });
    const lhr = result.lhr;
    const perf = Math.round(lhr.categories.performance.score * 100);
    const a11y = Math.round(lhr.categories.accessibility.score * 100);
    const lcp = Math.round(lhr.audits['largest-contentful-paint'].numericValue);
    const tbt = Math.round(lhr.audits['total-blocking-time'].numericValue);
    const cls = lhr.audits['cumulative-layout-shift'].numericValue;
    ok &&=
      perf >= TARGETS.performance &&
      lcp <= TARGETS.lcpMs &&
      tbt <= TARGETS.tbtMs &&
      cls <= TARGETS.cls &&
      a11y >= TARGETS.accessibility;
    console.log(`| ${p.name} | ${perf} | ${lcp} | ${tbt} | ${cls.toFixed(3)} | ${a11y} |`);
    const failing = Object.values(lhr.audits).filter(
      (a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id),
    );
    for (const a of failing) console.log(`    accessibility: ${a.id}: ${a.title}`);
  }
  console.log(
    `\nTargets: performance >= ${TARGETS.performance}, LCP <= ${TARGETS.lcpMs} ms, TBT <= ${TARGETS.tbtMs} ms, CLS ${TARGETS.cls}, accessibility ${TARGETS.accessibility}: ${ok ? 'met' : 'NOT met'}`,
  );
} finally {
  await chrome.kill();
  await app.stop();
}
