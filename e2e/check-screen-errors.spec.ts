import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';

const PHOTOS_STEP_CODE = /\/assets\/photos-signature-step-[^/]*\.js$/;

test.describe('a screen whose code cannot be fetched', () => {
  test('says so instead of a blank page, keeps the check, and opens on Try again', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    // Step 7's code is refused, as when the signal drops before the phone has it.
    await page.route(PHOTOS_STEP_CODE, (route) => route.abort('internetdisconnected'));
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
});
