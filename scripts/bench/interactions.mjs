/* global window, document */
// At 4x CPU slowdown (docs/product.md#speed-and-size): a step move (Next or Back) answers within 100 ms, and
// typing a reading never drops a frame (INP <= 200 ms, the "good" threshold of Interaction to Next Paint).
// Drives the built app in Chromium (390 x 844) and reads the browser's own Event Timing entries (the
// measure behind INP: from the input to the next paint) for every tap on Next/Back and every keystroke.
// Each run walks steps 1 -> 2 -> 3 and back, typing values; the figure is the worst interaction of a run
// (for typing, the worst keystroke: INP of the typing), median over --runs (default 3). A step move's
// figure is its tap's next paint, not the next step's form drawn (bench:lighthouse's next-<step> pages time
// that). Usage: npm run build && npm run bench:interactions [-- --runs=3 --cpu=4]
import { seedBasics, startApp } from './start-app.mjs';
import { launchChromium, throttleCpu } from './browser-lib.mjs';
import { median, option, verdict } from './report.mjs';

const runs = Number(option('runs', 3));
const cpu = Number(option('cpu', 4));
const STEP_MOVE_MS = 100;
const TYPING_INP_MS = 200;

const app = await startApp({ port: Number(process.env.BENCH_PORT ?? 3605) });
const browser = await launchChromium();
try {
  const seed = await seedBasics(app.url);
  const worst = { step: [], typing: [] };
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: app.url });
    const [name, ...value] = seed.engineerCookie.split('=');
    await context.addCookies([{ name, value: value.join('='), url: app.url }]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__events = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (e.interactionId) window.__events.push({ name: e.name, id: e.interactionId, duration: e.duration });
        }
      }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    });
    await page.goto(`/check/basic-info?siteId=${seed.siteId}&propertyId=${seed.propertyId}`);
    await page.getByLabel('HIU Model').waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('input, textarea')].some((i) => i.value.startsWith('Flat 1')),
    );
    await throttleCpu(page, cpu);
    const heading = (text) => page.getByRole('heading', { level: 1, name: text });

    const typed = [];
    const type = async (label, text) => {
      await page.getByLabel(label).click();
      const before = await page.evaluate(() => window.__events.length);
      await page.keyboard.type(text, { delay: 120 });
      await page.waitForTimeout(300);
      typed.push(...(await page.evaluate((n) => window.__events.slice(n), before)));
    };
    const moves = [];
    const move = async (button, to) => {
      const before = await page.evaluate(() => window.__events.length);
      await page.getByRole('button', { name: button, exact: true }).click();
      await heading(to).waitFor();
      await page.waitForTimeout(400);
      moves.push(...(await page.evaluate((n) => window.__events.slice(n), before)));
    };

    await type('HIU Model', 'Thermal X5');
    await type('HIU Serial', 'SN-1001');
    await type('Meter Start Reading', '1234.5');
    await move('Save and Continue', 'Initial Checks');
    await move('Back', 'Basic Information');
    await move('Save and Continue', 'Initial Checks');
    for (const label of ['Bypass valve closed', 'Strainer clean', 'Transit clips removed', 'Meter OK']) {
      await page.getByRole('radiogroup', { name: label }).getByRole('radio', { name: 'Yes' }).click();
    }
    await type('System Pressure', '1.2');
    await move('Next', 'Standby Mode');
    await type('Flow Temperature', '46');
    await move('Back', 'Initial Checks');

    const perInteraction = (events) => {
      const byId = new Map();
      for (const e of events) byId.set(e.id, Math.max(byId.get(e.id) ?? 0, e.duration));
      return [...byId.values()];
    };
    const m = perInteraction(moves);
    const t = perInteraction(typed);
    worst.step.push(Math.max(0, ...m));
    worst.typing.push(Math.max(0, ...t));
    console.log(
      `  run ${run}: step moves ${m.length} (worst ${Math.max(0, ...m)} ms, median ${median(m)} ms), ` +
        `keystrokes ${t.length} (worst ${Math.max(0, ...t)} ms, median ${median(t)} ms)`,
    );
    await context.close();
  }
  const step = median(worst.step);
  const typing = median(worst.typing);
  console.log(`\nWorst interaction per run, median of ${runs} run(s), CPU slowdown ${cpu}x:`);
  console.log(verdict('interactions step move ms', step, `<= ${STEP_MOVE_MS}`, step <= STEP_MOVE_MS));
  console.log(verdict('interactions typing INP ms', typing, `<= ${TYPING_INP_MS}`, typing <= TYPING_INP_MS));
} finally {
  await browser.close();
  await app.stop();
}
