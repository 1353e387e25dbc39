import type { Page } from '@playwright/test';
import type { Property, Site } from '@hiu/domain';
import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';

const T0 = new Date('2026-03-02T10:00:00.000Z');

/** A started check open on step 6 with the page's clock under the test's control (flowing until paused). */
async function dhwOnTestClock(page: Page, site: Site, property: Property) {
  await page.clock.install({ time: T0 });
  const check = new CheckJourney(page);
  await check.start(site, property);
  await page.goto('/check/dhw');
  await check.expectStep(6, 'DHW Checks');
  // The step's first paint comes from the HTML shell; wait for the app itself before stopping time.
  await expect(page.getByRole('button', { name: 'Tap opened: start timer' })).toBeVisible();
  return check;
}

test.describe('the timed 45 °C in 45 s test', () => {
  test('the stopwatch times the tap on a controlled clock, survives a reload, and sets the answer', async ({
    engineerPage: page,
    createSite,
  }, testInfo) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = await dhwOnTestClock(page, site, properties[0]!);
    const start = page.getByRole('button', { name: 'Tap opened: start timer' });
    await expect(start).toBeVisible();
    // Time stands still from here on, so every second is the test's.
    await page.clock.pauseAt(new Date('2026-03-02T10:05:00.000Z'));
    await start.click();
    const status = page.getByRole('status').filter({ hasText: 'Timer started' });
    await expect(status).toHaveText('Timer started. Tap Reached 45 °C when the tap water reaches 45 °C.');
    await page.clock.fastForward(12_000);
    await expect(page.getByRole('timer')).toHaveText('0:12');

    // A reload (or the phone switching apps) keeps timing from the stored start. The page needs time to flow
    // while it loads; then the clock stops at exactly 38.4 s after the tap opened.
    await page.clock.resume();
    await page.reload();
    await check.expectStep(6, 'DHW Checks');
    await expect(page.getByRole('timer')).toBeVisible();
    await page.clock.pauseAt(new Date('2026-03-02T10:05:38.400Z'));
    await expect(page.getByRole('timer')).toHaveText('0:38');
    await page.screenshot({ path: testInfo.outputPath('stopwatch-running.png') });

    await page.getByRole('button', { name: 'Reached 45 °C' }).click();
    await expect(page.getByTestId('stopwatch-result')).toHaveText('✓ Reached 45 °C in 38.4 s (within 45 s)');
    const answer = check.yesNo('DHW reached 45°C within 45 seconds');
    await expect(answer.yes).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Reached 45 °C in' })).toHaveText(
      'Reached 45 °C in 38.4 s: Yes.',
    );

    // Against the stopwatch only with a reason: Next waits for it.
    await page.getByLabel('CWS Temperature').fill('12');
    await page.getByLabel('DHW at Kitchen Tap (after 60 seconds)').fill('47');
    await page.getByLabel('Primary Flow Temperature').fill('60');
    await page.getByLabel('Primary Return Temperature').fill('50');
    await page.getByLabel('DHW Power Consumption').fill('15');
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeEnabled();
    await answer.no.click();
    const reason = page.getByLabel('Reason for changing the timed answer');
    await expect(reason).toBeVisible();
    await expect(page.getByText('Give a reason for changing the timed answer')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
    await reason.fill('Tap ran cold again after 20 s');
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeEnabled();
    await page.screenshot({ path: testInfo.outputPath('stopwatch-override.png'), fullPage: true });

    // The wizard data holds the seconds and the reason (the device cache, as the draft and report will).
    const cached = await page.evaluate(() => JSON.parse(localStorage.getItem('hiu_wizard_cache') ?? '{}'));
    expect(JSON.stringify(cached)).toContain('"fortyFiveSeconds":"38.4"');
    expect(JSON.stringify(cached)).toContain('"fortyFiveOverrideReason":"Tap ran cold again after 20 s"');
  });

  test('past 45 s the face warns and the answer is No', async ({ engineerPage: page, createSite }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = await dhwOnTestClock(page, site, properties[0]!);
    await page.clock.pauseAt(new Date('2026-03-02T10:05:00.000Z'));
    await page.getByRole('button', { name: 'Tap opened: start timer' }).click();
    await page.clock.fastForward(45_000);
    await expect(page.getByRole('timer')).toHaveText('0:45');
    await expect(page.getByText('Over 45 s')).toHaveCount(0);
    await page.clock.fastForward(1_000);
    await expect(page.getByText('Over 45 s: the answer will be No.')).toBeVisible();
    await page.getByRole('button', { name: 'Reached 45 °C' }).click();
    await expect(page.getByTestId('stopwatch-result')).toHaveText('✕ Reached 45 °C in 46.0 s (over 45 s)');
    await expect(check.yesNo('DHW reached 45°C within 45 seconds').no).toHaveAttribute('aria-checked', 'true');
    // Time again starts afresh.
    await page.getByRole('button', { name: 'Time again' }).click();
    await expect(page.getByRole('timer')).toHaveText('0:00');
    await page.getByRole('button', { name: 'Cancel timer' }).click();
    await expect(page.getByRole('button', { name: 'Tap opened: start timer' })).toBeVisible();
  });
});
