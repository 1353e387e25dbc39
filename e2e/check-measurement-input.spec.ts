import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, projectContextOptions, signIn, test, type TestUser } from './fixtures';
import { CheckJourney } from './check-journey';

test.describe('a measurement box', () => {
  test('a pasted reading keeps its number; a reading in another unit or a word is refused, and says why', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.walkToStandby();

    const paste = (label: string, text: string) => pasteInto(page, label, text);
    const flow = page.getByLabel('Flow Temperature');
    await paste('Flow Temperature', ' 46.2 °C');
    await expect(flow).toHaveValue('46.2');

    const ret = page.getByLabel('Return Temperature');
    await paste('Return Temperature', '2 bar');
    await expect(page.getByText('"2 bar" is not in °C, which this box takes.')).toBeVisible();
    await expect(ret).toHaveValue('');
    await ret.pressSequentially('41');
    await expect(ret).toHaveValue('41');
    await expect(page.getByText('"2 bar" is not in °C, which this box takes.')).toHaveCount(0);

    const rate = page.getByLabel('Flow Rate');
    await paste('Flow Rate', '2,5 L/min');
    await expect(rate).toHaveValue('2.5');
    await rate.pressSequentially('x');
    await expect(page.getByText('Only numbers can go in this box.')).toBeVisible();
    await expect(rate).toHaveValue('2.5');

    // The pasted values are kept like typed ones.
    await check.next();
    await check.expectStep(4, 'Tertiary System Checks');
    await check.button('Back').click();
    await expect(flow).toHaveValue('46.2');
    await expect(rate).toHaveValue('2.5');
  });

  test('a meter end below its start is named under the field on step 7, and Next waits until it is read again', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.walkToDhw();
    await check.dhw();
    await check.next();
    await check.expectStep(7, 'Photos & Signature');
    await check.photosSignature();
    const end = page.getByLabel('Meter End Reading');
    await end.fill('1200');
    const message =
      'Meter end reading (1200 kWh) is lower than the meter start reading (1234.5 kWh): a meter never counts backwards. Check both readings.';
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByText('Still needed: Meter End Reading')).toBeVisible();
    await expect(check.button('Review & Submit')).toBeDisabled();
    await end.fill('1240.2');
    await expect(page.getByText(message)).toHaveCount(0);
    await expect(check.button('Review & Submit')).toBeEnabled();
  });

  test('with no signal on a first visit, a paste still reads its unit: the rules were fetched as the check started', async ({
    browser,
    engineer,
    createSite,
  }, testInfo) => {
    const { site, properties } = await createSite({ properties: 1 });
    const page = await freshPhone(browser, testInfo, engineer);
    const check = new CheckJourney(page);
    const fetched = page.waitForResponse(PASTE_RULES_CODE, { timeout: 15_000 });
    await check.start(site, properties[0]!);
    expect((await fetched).ok()).toBe(true);
    await page.context().setOffline(true);
    await check.walkToStandby();
    await pasteInto(page, 'Flow Temperature', ' 46.2 °C');
    await expect(page.getByLabel('Flow Temperature')).toHaveValue('46.2');
    await page.context().close();
  });

  test('when the paste rules cannot be fetched, a plain number still goes in and anything else says so', async ({
    browser,
    engineer,
    createSite,
  }, testInfo) => {
    const { site, properties } = await createSite({ properties: 1 });
    const page = await freshPhone(browser, testInfo, engineer);
    await page.route(PASTE_RULES_CODE, (route) => route.abort('internetdisconnected'));
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.walkToStandby();
    await pasteInto(page, 'Flow Temperature', ' 46,2 ');
    await expect(page.getByLabel('Flow Temperature')).toHaveValue('46.2');
    await pasteInto(page, 'Return Temperature', '41 °C');
    await expect(page.getByText('The paste could not be read. Type the value instead.')).toBeVisible();
    await expect(page.getByLabel('Return Temperature')).toHaveValue('');
    await page.context().close();
  });
});

const PASTE_RULES_CODE = /\/assets\/pasted-number-[^/]*\.js$/;

/** A signed-in phone whose service worker has not stored the app yet, allowed to use the clipboard. */
async function freshPhone(browser: Browser, testInfo: TestInfo, user: TestUser) {
  const context = await browser.newContext({ ...projectContextOptions(testInfo), serviceWorkers: 'block' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

async function pasteInto(page: Page, label: string, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.getByLabel(label).focus();
  await page.keyboard.press('ControlOrMeta+V');
}
