import { expect, projectContextOptions, signIn, test } from './fixtures';
import { CheckJourney } from './check-journey';

const PHOTOS_STEP_CODE = /\/assets\/photos-signature-step-[^/]*\.js$/;
const PHOTO_REDUCER_CODE = /\/assets\/compress-image-[^/]*\.js$/;

test.describe('a screen whose code cannot be fetched', () => {
  test('says so instead of a blank page, keeps the check, and opens on Try again', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    // Step 7's code is refused (fetched early, then on opening), as when the signal drops before the phone has it.
    await page.route(PHOTOS_STEP_CODE, (route) => route.abort('internetdisconnected'));
    await check.start(site, properties[0]!);
    await check.walkToDhw();
    await check.dhw();
    await check.next();
    await expect(page.getByRole('heading', { name: 'This screen could not open' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Everything you entered is kept on this phone.');
    await expect(page.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');

    await page.unroute(PHOTOS_STEP_CODE);
    await page.getByRole('button', { name: 'Try again' }).click();
    await check.expectStep(7, 'Photos & Signature');
    await check.button('Back').click();
    await check.expectStep(6, 'DHW Checks');
    await expect(page.getByLabel('CWS Temperature')).toHaveValue('12');
  });

  test('step 7 is fetched while a check starts, so a signal lost at step 1 does not keep it from opening', async ({
    browser,
    engineer,
    createSite,
  }, testInfo) => {
    const { site, properties } = await createSite({ properties: 1 });
    // A phone whose service worker has not stored the app yet.
    const context = await browser.newContext({ ...projectContextOptions(testInfo), serviceWorkers: 'block' });
    const page = await context.newPage();
    await signIn(page, engineer);
    const check = new CheckJourney(page);
    const fetched = [PHOTOS_STEP_CODE, PHOTO_REDUCER_CODE].map((code) =>
      page.waitForResponse(code, { timeout: 15_000 }),
    );
    await check.start(site, properties[0]!);
    for (const response of await Promise.all(fetched)) expect(response.ok()).toBe(true);

    await context.setOffline(true);
    await check.walkToDhw();
    await check.dhw();
    await check.next();
    await check.expectStep(7, 'Photos & Signature');
    await check.photosSignature();
    await check.next('Review & Submit');
    await check.expectStep(8, 'Review & Submit');
    await context.close();
  });

  test('a confirmation whose code cannot be fetched says so and stays closed; the next tap opens it', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const confirmCode = /\/assets\/confirm-dialog-content-[^/]*\.js$/;
    await page.route(confirmCode, (route) => route.abort('internetdisconnected'));
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.basicInfo();

    // Cancel with values entered asks first; that question's code cannot be fetched.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Part of the app could not be loaded. Try again when you have signal.')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await check.expectStep(1, 'Basic Information');
    await expect(page.getByLabel('HIU Model')).toHaveValue('Thermal X5');

    await page.unroute(confirmCode);
    // The message stays for 5 s below the top bar, so Cancel can be tapped again at once.
    await expect(page.getByText('Could not open')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click({ timeout: 2_000 });
    await expect(page.getByRole('alertdialog')).toBeVisible();
  });

  test('a message whose toast code cannot be fetched shows as plain text; the screen stays', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    // Before, the whole app went blank here: the toast library's load failure reached the page's root.
    await page.route(/\/assets\/(toaster|confirm-dialog-content)-[^/]*\.js$/, (route) =>
      route.abort('internetdisconnected'),
    );
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.basicInfo();
    await page.getByRole('button', { name: 'Cancel' }).click();
    const message = page.getByRole('status').filter({ hasText: 'Could not open' });
    await expect(message).toContainText('Part of the app could not be loaded. Try again when you have signal.');
    await check.expectStep(1, 'Basic Information');
    await expect(page.getByLabel('HIU Model')).toHaveValue('Thermal X5');
    await expect(message).toHaveCount(0, { timeout: 10_000 });
  });
});
