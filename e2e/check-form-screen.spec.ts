import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';

/** The step's sticky bottom bar (Back, Next and what is still needed). */
const bottomBar = (page: Page) => page.getByRole('navigation', { name: 'Step navigation' });

async function box(l: Locator) {
  const b = await l.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

/** Neither box overlaps the other: what `status` covers of each, by getBoundingClientRect at the phone viewport. */
async function expectClear(status: Locator, others: Locator[]) {
  const s = await box(status);
  for (const other of others) {
    const o = await box(other);
    const overlaps = s.x < o.x + o.width && o.x < s.x + s.width && s.y < o.y + o.height && o.y < s.y + s.height;
    expect(overlaps, `${status} (${JSON.stringify(s)}) covers ${other} (${JSON.stringify(o)})`).toBe(false);
  }
}

test.describe('the form and the screen, on a phone', () => {
  test('"Still needed" is one small row that opens to the names, and says how many', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);

    const toggle = page.getByRole('button', { name: '3 still needed' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const summary = page.getByTestId('still-needed');
    expect((await box(summary)).height).toBeLessThanOrEqual(56);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Still needed: HIU Model, HIU Serial, Meter Start Reading')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('still-needed-open.png') });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect((await box(summary)).height).toBeLessThanOrEqual(56);
  });

  test('a field reached with Tab, or with the keyboard up, is scrolled above the bottom bar', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.walkToDhw();

    // A field in the middle of the step: the page can scroll it under the bar.
    const last = page.getByLabel('Primary Flow Temperature');
    const before = page.getByLabel('DHW at Kitchen Tap (after 60 seconds)');
    const clearOfBar = async () => (await box(last)).y + (await box(last)).height <= (await box(bottomBar(page))).y;
    // The field just under the bar, where a finger or Tab reaches it.
    const tuckUnderBar = () =>
      last.evaluate((el) => {
        const bar = document.querySelector('nav[aria-label="Step navigation"]')!.getBoundingClientRect();
        window.scrollBy(0, el.getBoundingClientRect().top - bar.top + 8);
      });
    for (const height of [844, 500]) {
      // 500 px tall: what is left above a phone's on-screen keyboard.
      await page.setViewportSize({ width: 390, height });
      await tuckUnderBar();
      expect(await clearOfBar()).toBe(false);
      await before.evaluate((el: HTMLElement) => el.focus({ preventScroll: true }));
      await page.keyboard.press('Tab');
      await expect(last).toBeFocused();
      await expect.poll(clearOfBar).toBe(true);

      // Focused by the page itself (a screen reader, "Go to first missing field").
      await before.evaluate((el: HTMLElement) => el.focus({ preventScroll: true }));
      await tuckUnderBar();
      await last.evaluate((el: HTMLElement) => el.focus());
      await expect.poll(clearOfBar).toBe(true);
    }
  });

  test('the save status sits in the top bar, over no label or heading', async ({ engineerPage: page, createSite }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await page.getByLabel('HIU Model').fill('Evo 40');
    const badge = page.getByRole('link', { name: /saved|saving|waiting/i }).first();
    await expect(badge).toBeVisible();
    const bar = await box(page.getByRole('banner'));
    const b = await box(badge);
    expect(b.y).toBeGreaterThanOrEqual(bar.y);
    expect(b.y + b.height).toBeLessThanOrEqual(bar.y + bar.height);
    const heading = await box(check.heading('Basic Information'));
    expect(b.y + b.height).toBeLessThanOrEqual(heading.y);
  });

  test('on the failure screens and the outbox the save status covers no heading or label', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.basicInfo();
    await check.next('Save and Continue');
    await check.initialChecks({ 'Strainer clean': false });
    await check.next();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Failure' }).click();
    // Filed with no signal: the report waits on the phone and the status says so the whole time.
    await page.context().setOffline(true);
    await check.fileFailure();
    await expect(check.heading('Failed at Step 2')).toBeVisible();
    const status = page.getByRole('link', { name: /saved|saving|waiting/i }).first();
    await expect(status).toBeVisible();
    await expectClear(status, [check.heading('Failed at Step 2'), page.getByText('Device Failed', { exact: true })]);
    await page.screenshot({ path: test.info().outputPath('failed-page-status.png') });

    await status.click();
    const outbox = page.getByRole('heading', { level: 1 });
    await expect(outbox).toBeVisible();
    await expectClear(page.getByRole('link', { name: /saved|saving|waiting/i }).first(), [outbox]);
    await page.context().setOffline(false);
  });

  test('a toast on the Failed page lies over none of its headings or labels', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.basicInfo();
    await check.next('Save and Continue');
    await check.initialChecks({ 'Strainer clean': false });
    await check.next();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Failure' }).click();
    await check.fileFailure();
    await expect(check.heading('Failed at Step 2')).toBeVisible();
    // The phone cannot hand the PDF over (the download is refused): a toast says so.
    await page.evaluate(() => {
      URL.createObjectURL = () => {
        throw new Error('No downloads on this phone');
      };
    });
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Download failed' });
    await expect(toast).toBeVisible({ timeout: 30_000 });
    await toast.hover();
    let last = -1;
    await expect
      .poll(async () => {
        const y = (await box(toast)).y;
        const still = y === last;
        last = y;
        return still;
      })
      .toBe(true);
    const visible: Locator[] = [];
    for (const l of await page.locator('h1, h2, h3, label, header p').all()) if (await l.isVisible()) visible.push(l);
    await page.screenshot({ path: test.info().outputPath('toast-on-failed.png') });
    await expectClear(toast, visible);
  });

  test("a toast on a step lies over none of the step's headings or labels", async ({
    engineerPage: page,
    createSite,
  }) => {
    test.setTimeout(180_000);
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.walkToReview();
    // The server fails the submit: the report is kept, and a toast says it did not go.
    await page.route('**/api/reports', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.fallback(),
    );
    await check.button('Submit Report').click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Submission Failed' });
    await expect(toast).toBeVisible();
    // A pointer on the toast holds it (sonner pauses its 5 s); it slides in, so measure where it comes to rest.
    await toast.hover();
    let last = -1;
    await expect
      .poll(async () => {
        const y = (await box(toast)).y;
        const still = y === last;
        last = y;
        return still;
      })
      .toBe(true);
    const labels = page.locator('main h1, main h2, main h3, main label, header h1');
    const visible: Locator[] = [];
    for (const l of await labels.all()) if (await l.isVisible()) visible.push(l);
    await page.screenshot({ path: test.info().outputPath('toast-on-step.png') });
    await expectClear(toast, visible);
  });

  test('466 °C at the kitchen tap asks "Did you mean 46.6 °C?"; Re-measure empties the box and focuses it', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.walkToDhw();

    const tap = page.getByLabel('DHW at Kitchen Tap (after 60 seconds)');
    await tap.fill('466');
    await expect(page.getByText('466 °C is not a plausible reading: water at a tap is 0-100 °C.')).toBeVisible();
    await expect(page.getByText('Did you mean 46.6 °C?')).toBeVisible();
    await expect(page.getByText(/Out of range/)).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('did-you-mean.png') });
    await page.getByRole('button', { name: 'Use 46.6 °C' }).click();
    await expect(tap).toHaveValue('46.6');
    await expect(tap).toBeFocused();
    await expect(page.getByText('Did you mean 46.6 °C?')).toHaveCount(0);

    await tap.fill('466');
    await page.getByRole('button', { name: 'Re-measure' }).click();
    await expect(tap).toHaveValue('');
    await expect(tap).toBeFocused();
  });

  test("Re-measure in step 3's out-of-range question puts the cursor in the reading", async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.walkToStandby();
    await check.standby({ flow: '60' });
    await check.next();
    await page.getByRole('button', { name: 'Re-measure' }).click();
    const flow = page.getByLabel('Flow Temperature');
    await expect(flow).toBeFocused();
    // Selected, so the next reading typed replaces 60.
    await page.keyboard.type('46');
    await expect(flow).toHaveValue('46');
  });
});
