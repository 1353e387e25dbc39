/* global window, document, requestAnimationFrame, addEventListener */
// The Lighthouse bench's pages, each with its targets (docs/benchmarks.md's rows; the old ones for sign-in and
// the first visit) and how it is measured:
// - `cold`: a Lighthouse navigation to the page's address (default mobile settings: simulated slow 4G, 4x CPU);
//   with `prepare`, in a fresh browser profile the prepare has first used as an engineer would (a check kept on
//   the phone, a failed check), and Lighthouse keeps that profile's storage, so the screen opens from what the
//   phone already holds, as when the engineer opens it again from its address or the home screen icon.
// - `timespan`: Next and Resume move within the app, with no page load for a navigation to time, so they are
//   Lighthouse timespans around the tap (devtools throttling: 4x CPU, slow 4G): TBT and INP from Lighthouse,
//   and the step move from the tap's pointerdown to the first frame whose heading is the next step's.

/** The check's steps (packages/domain/src/steps.ts), each with the label of the button that moves on. */
const STEPS = [
  { slug: 'basic-info', name: 'Basic Information', next: 'Save and Continue' },
  { slug: 'initial-checks', name: 'Initial Checks', next: 'Next' },
  { slug: 'standby-mode', name: 'Standby Mode', next: 'Next' },
  { slug: 'radiators', name: 'Tertiary System Checks', next: 'Next' },
  { slug: 'heating', name: 'Heating Checks', next: 'Next' },
  { slug: 'dhw', name: 'DHW Checks', next: 'Next' },
  { slug: 'photos-signature', name: 'Photos & Signature', next: 'Review & Submit' },
  { slug: 'review', name: 'Review & Submit' },
];

const OLD = [
  { key: 'performance', label: 'performance', target: '>= 98', ok: (v) => v >= 98 },
  { key: 'lcpRatio', label: 'LCP vs bare page', target: '<= 1.25x', ok: (v) => v <= 1.25 },
  { key: 'tbt', label: 'TBT ms', target: '<= 50', ok: (v) => v <= 50 },
];
/** Every engineer screen opened from its address (docs/product.md#speed-and-size). */
const ENGINEER = [
  { key: 'performance', label: 'performance', target: '>= 95', ok: (v) => v >= 95 },
  { key: 'lcpRatio', label: 'LCP vs bare page', target: '<= 1.25x', ok: (v) => v <= 1.25 },
  { key: 'tbt', label: 'TBT ms', target: '<= 150', ok: (v) => v <= 150 },
];
/** A move within the check: the next form usable within 100 ms, typing INP <= 200 ms. */
const MOVE = [
  { key: 'move', label: 'tap to next form ms', target: '<= 100', ok: (v) => v <= 100 },
  { key: 'tbt', label: 'TBT ms', target: '<= 150', ok: (v) => v <= 150 },
];
/** Office screens on a phone (390 x 844). */
const OFFICE = [{ key: 'lcpRatio', label: 'LCP vs bare page', target: '<= 1.5x', ok: (v) => v <= 1.5 }];
/** Printed beside every page's targets, for reference. */
export const REFERENCE = ['lcp', 'fcp', 'tbt', 'tbtCpu', 'cls', 'accessibility', 'inp'];

const PHONE = { mobile: true, width: 390, height: 844, deviceScaleFactor: 3, disabled: false };

const heading = (name) => (page) =>
  page.waitForFunction(
    (n) => [...document.querySelectorAll('h1')].some((h) => h.textContent.trim() === n),
    { timeout: 120_000, polling: 100 },
    name,
  );
/** The page's early fetches (the other steps' code, the service worker's copy) done, or 30 s gone by. */
const settled = (page) => page.waitForNetworkIdle({ idleTime: 500, timeout: 30_000 }).catch(() => undefined);
const button = (page, name, role = 'button') => page.locator(`::-p-aria([name="${name}"][role="${role}"])`);

/** A check kept on the phone: a draft from the server resumed, and home offering to continue it. */
async function keptCheck(page, { url, seed }) {
  const draftId = await seed.draft('Standby Mode');
  await page.goto(`${url}/check/resume/${draftId}`);
  await heading('Standby Mode')(page);
  await page.goto(`${url}/`);
  await button(page, 'Continue Check').wait();
  await settled(page);
  return () => seed.dropDraft(draftId);
}

/** A check failed at step 2 (a No, confirmed, the failure signed and filed): the Failed page's check. */
async function failedCheck(page, ctx) {
  const cleanup = await keptCheck(page, ctx);
  await page.goto(`${ctx.url}/check/initial-checks`);
  await heading('Initial Checks')(page);
  const [no] = await page.$$('::-p-aria([name="No"][role="radio"])');
  await no.click();
  await button(page, 'Next').click();
  await button(page, 'Confirm Failure').click();
  await heading('Record the Failure')(page);
  const canvas = await page.waitForSelector('[data-testid="signature-canvas"]');
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(box.x + box.width * (0.1 + i * 0.1), box.y + box.height * (i % 2 ? 0.3 : 0.7), { steps: 3 });
  await page.mouse.up();
  await page.locator('::-p-text(Signature captured)').wait();
  await button(page, 'File Failure Report').click();
  await heading('Failed at Step 2')(page);
  await settled(page);
  return cleanup;
}

/** Home with the seeded draft in Resume Drafts (nothing kept on the phone yet). */
async function draftOnHome(page, { url, seed }) {
  const draftId = await seed.draft('Standby Mode');
  await page.goto(`${url}/`);
  await button(page, `Resume ${seed.firstFlat.address}`, 'link').wait();
  await settled(page);
  return () => seed.dropDraft(draftId);
}

/**
 * Installs, before the tap, a watch that answers the time from the tap's pointerdown to the first frame whose
 * heading is `name` (the next step's form drawn and ready for input).
 */
function watchMoveTo(page, name) {
  return page.evaluate((n) => {
    window.__move = new Promise((resolve, reject) => {
      setTimeout(() => reject(new Error(`no heading ${n} within 60 s of the tap`)), 60_000);
      addEventListener(
        'pointerdown',
        (e) => {
          const poll = () =>
            [...document.querySelectorAll('h1')].some((h) => h.textContent.trim() === n)
              ? resolve(performance.now() - e.timeStamp)
              : requestAnimationFrame(poll);
          requestAnimationFrame(poll);
        },
        { once: true, capture: true },
      );
    });
  }, name);
}

/** A step opened from the kept check, then its Next (or Save and Continue) tapped. */
function nextFrom(step, next) {
  return {
    name: `next-${step.slug}`,
    how: 'timespan',
    targets: MOVE,
    cookie: 'engineer',
    async prepare(page, ctx) {
      const cleanup = await keptCheck(page, ctx);
      await page.goto(`${ctx.url}/check/${step.slug}`);
      await heading(step.name)(page);
      await settled(page);
      return cleanup;
    },
    async act(page) {
      await watchMoveTo(page, next.name);
      await button(page, step.next).click();
      return page.evaluate(() => window.__move);
    },
  };
}

/** The table: the bare page first (the baseline of every round), then every page by its --pages name. */
export function benchPages() {
  return [
    { name: 'bare', how: 'cold', url: (c) => c.bareUrl, targets: [] },
    { name: 'sign-in', how: 'cold', url: (c) => `${c.url}/sign-in`, targets: OLD },
    // How a new engineer or client meets the product: the app's own address, signed out.
    { name: 'first-visit', how: 'cold', url: (c) => `${c.url}/`, targets: OLD },
    { name: 'home', how: 'cold', url: (c) => `${c.url}/`, cookie: 'engineer', targets: ENGINEER },
    // Step 1 started from its address (the Start New Check card's link), nothing kept on the phone.
    {
      name: 'wizard-step',
      how: 'cold',
      url: (c) => `${c.url}/check/basic-info?siteId=${c.seed.siteId}&propertyId=${c.seed.propertyId}`,
      cookie: 'engineer',
      targets: ENGINEER,
    },
    {
      name: 'home-kept',
      how: 'cold',
      url: (c) => `${c.url}/`,
      cookie: 'engineer',
      prepare: keptCheck,
      targets: ENGINEER,
    },
    ...STEPS.map((step) => ({
      name: `step-${step.slug}`,
      how: 'cold',
      url: (c) => `${c.url}/check/${step.slug}`,
      cookie: 'engineer',
      prepare: keptCheck,
      targets: ENGINEER,
    })),
    // Step 7's Review & Submit needs a photo and a signature taken on the phone: not measured.
    ...STEPS.slice(0, 6).map((step, i) => nextFrom(step, STEPS[i + 1])),
    {
      name: 'resume',
      how: 'timespan',
      targets: MOVE,
      cookie: 'engineer',
      prepare: draftOnHome,
      async act(page, { seed }) {
        await watchMoveTo(page, 'Standby Mode');
        await button(page, `Resume ${seed.firstFlat.address}`, 'link').click();
        return page.evaluate(() => window.__move);
      },
    },
    {
      name: 'outbox',
      how: 'cold',
      url: (c) => `${c.url}/check/outbox`,
      cookie: 'engineer',
      prepare: keptCheck,
      targets: ENGINEER,
    },
    { name: 'my-flats', how: 'cold', url: (c) => `${c.url}/`, cookie: 'assigned', targets: ENGINEER },
    { name: 'my-reports', how: 'cold', url: (c) => `${c.url}/my-reports`, cookie: 'engineer', targets: ENGINEER },
    {
      name: 'failed',
      how: 'cold',
      url: (c) => `${c.url}/check/failed`,
      cookie: 'engineer',
      prepare: failedCheck,
      targets: ENGINEER,
    },
    {
      name: 'review-report',
      how: 'cold',
      url: (c) => `${c.url}/review/reports/${c.seed.reportId}`,
      cookie: 'supervisor',
      screen: PHONE,
      targets: OFFICE,
    },
    {
      name: 'review-queue',
      how: 'cold',
      url: (c) => `${c.url}/review/sites/${c.seed.siteId}`,
      cookie: 'supervisor',
      screen: PHONE,
      targets: OFFICE,
    },
    {
      name: 'dashboard',
      how: 'cold',
      url: (c) => `${c.url}/dashboard/${c.seed.siteId}`,
      cookie: 'supervisor',
      screen: PHONE,
      targets: OFFICE,
    },
  ];
}
