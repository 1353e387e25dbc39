import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';

/** The box's top and bottom, and the bottom bar's top, on the screen. */
async function clearOfBars(page: Page, box: Locator) {
  return box.evaluate((el) => {
    const b = el.getBoundingClientRect();
    const bar = document.querySelector('nav[aria-label="Step navigation"]')!.getBoundingClientRect();
    return b.top >= 0 && b.bottom <= bar.top;
  });
}

test.describe("the keyboard's Next key, on a phone", () => {
  test('Enter goes to the next box, skipping read-only ones, and on the last one stays on the step', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);

    const model = page.getByLabel('HIU Model');
    const serial = page.getByLabel('HIU Serial');
    const meterStart = page.getByLabel('Meter Start Reading');
    await model.click();
    await expect(model).toHaveAttribute('enterkeyhint', 'next');
    await page.keyboard.type('Thermal X5');
    await page.keyboard.press('Enter');
    await expect(serial).toBeFocused();
    await page.keyboard.type('SN-1001');
    // Engineer Name and Start Time, read-only, lie between: Enter passes them by.
    await page.keyboard.press('Enter');
    await expect(meterStart).toBeFocused();
    await expect(meterStart).toHaveAttribute('enterkeyhint', 'done');
    await page.keyboard.type('1234.5');

    await expect(model).toHaveValue('Thermal X5');
    await expect(serial).toHaveValue('SN-1001');
    await expect(meterStart).toHaveValue('1234.5');

    // The last box: Enter neither saves the step nor leaves it, and the reading stays as typed.
    await page.keyboard.press('Enter');
    await expect(meterStart).toBeFocused();
    await page.keyboard.press('Enter');
    await check.expectStep(1, 'Basic Information');
    await expect(meterStart).toHaveValue('1234.5');
    await expect(page).toHaveURL(/\/check\/basic-info$/);
  });

  test('on a long step each box Enter reaches is shown clear of the bottom bar', async ({
    engineerPage: page,
    createSite,
    adminApi,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    expect((await adminApi.patch(`/api/sites/${site.id}`, { data: { testPack: 'cp1-ts1' } })).status()).toBe(200);
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);

    // From the meter's make to the step's last reading, by the Next key alone.
    await page.getByTestId('cp1.meterMake').click();
    let moves = 0;
    for (;;) {
      const focused = page.locator(':focus');
      await page.keyboard.type('1');
      expect(await clearOfBars(page, focused)).toBe(true);
      const before = await focused.evaluate((el) => el.getAttribute('name') ?? el.id);
      if ((await focused.getAttribute('enterkeyhint')) === 'done') break;
      await page.keyboard.press('Enter');
      await expect(page.locator(':focus')).not.toHaveAttribute('name', before);
      moves++;
      expect(moves).toBeLessThan(40);
    }
    expect(moves).toBeGreaterThanOrEqual(10);
    await check.expectStep(1, 'Basic Information');
  });
});
