import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CheckJourney, reportsFor } from './check-journey';

/*
 * A signature drawn with a finger, then one tap on the decisive button at once (docs/product.md#check): the tap
 * acts, once, and the screen says what became of the report. On a phone's screen, at full speed and with the CPU
 * four times slower.
 */

/** A zig-zag drawn on the pad with one finger (touch events, as a phone sends them). */
async function touchSign(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  const at = (i: number) => ({
    x: box.x + box.width * (0.1 + i * 0.1),
    y: box.y + box.height * (i % 2 ? 0.3 : 0.7),
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0)] });
  for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(i)] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** One tap of a finger in the middle of the button, without waiting for it to be ready. */
async function tapOnce(page: Page, button: Locator) {
  const box = (await button.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

async function slowCpu(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

for (const rate of [1, 4]) {
  test(`${rate}x CPU: File Failure Report's first tap after a finger-drawn signature files the report, once`, async ({
    engineerPage: page,
    createSite,
    adminApi,
  }, testInfo) => {
    test.setTimeout(150_000);
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.basicInfo();
    await check.next('Save and Continue');
    await check.initialChecks({ 'Strainer clean': false });
    await check.next();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Failure' }).click();
    await expect(check.heading('Record the Failure')).toBeVisible();

    await page.screenshot({ path: testInfo.outputPath('unsigned.png') });
    await slowCpu(page, rate);
    await touchSign(page);
    await tapOnce(page, check.button('File Failure Report'));
    await expect(page.getByRole('heading', { name: 'Failed at Step 2' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('✓ The failure report has been saved.')).toBeVisible({ timeout: 30_000 });
    await slowCpu(page, 1);
    const reports = await reportsFor(adminApi, site.name);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.overallStatus).toBe('FAIL');
  });

  test(`${rate}x CPU: Review & Submit and Submit each act on their first tap after a finger-drawn signature`, async ({
    engineerPage: page,
    createSite,
    adminApi,
  }) => {
    test.setTimeout(180_000);
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.basicInfo();
    await check.next('Save and Continue');
    await check.initialChecks();
    await check.next();
    await check.standby();
    await check.next();
    await check.radiatorsNotApplicable();
    await check.heating();
    await check.next();
    await check.dhw();
    await check.next();
    await check.expectStep(7, 'Photos & Signature');
    await check.addPhoto();
    await page.getByLabel('Label for photo 1').fill('HIU front');
    await page.getByLabel('Meter End Reading').fill('1240.2');
    await page.getByLabel('Remote Cut Off Valve Serial').fill('12345');
    await check.yesNo('Heating controller set correctly').yes.click();

    await slowCpu(page, rate);
    await touchSign(page);
    await tapOnce(page, check.button('Review & Submit'));
    await check.expectStep(8, 'Review & Submit');
    await tapOnce(page, check.button('Submit Report'));
    await expect(page.getByText('Report Submitted').first()).toBeVisible({ timeout: 30_000 });
    await slowCpu(page, 1);
    expect(await reportsFor(adminApi, site.name)).toHaveLength(1);
  });
}
