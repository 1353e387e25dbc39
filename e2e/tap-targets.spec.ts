import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';
import { smallTargets } from './page-checks';

test.describe('every tap target at least 44 px at 390 x 844', () => {
  test("the engineer's screens: home, every step, review, outbox and the failure evidence", async ({
    engineerPage: page,
    createSite,
  }) => {
    test.slow();
    const { site, properties } = await createSite({ properties: 2 });
    const check = new CheckJourney(page);
    const small: string[] = [];
    const measure = async (screen: string) => small.push(...(await smallTargets(page, screen)));

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'HIU Commissioning', level: 1 })).toBeVisible();
    await measure('home');
    await check.start(site, properties[0]!);
    await measure('step 1');
    await check.basicInfo();
    await check.next('Save and Continue');
    await check.expectStep(2, 'Initial Checks');
    await measure('step 2');
    await check.initialChecks();
    await check.next();
    await check.expectStep(3, 'Standby Mode');
    await measure('step 3');
    await check.standby();
    await check.next();
    await check.expectStep(4, 'Tertiary System Checks');
    await measure('step 4');
    await check.radiatorsNotApplicable();
    await check.expectStep(5, 'Heating Checks');
    await measure('step 5');
    await check.heating();
    await check.next();
    await check.expectStep(6, 'DHW Checks');
    await measure('step 6');
    await check.dhw();
    await check.next();
    await check.expectStep(7, 'Photos & Signature');
    await check.photosSignature();
    await measure('step 7');
    await page.screenshot({ path: test.info().outputPath('step-7.png') });
    await check.next('Review & Submit');
    await check.expectStep(8, 'Review & Submit');
    await measure('review');
    await page.goto('/check/outbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
    await measure('outbox');

    await check.start(site, properties[1]!);
    await check.basicInfo();
    await check.next('Save and Continue');
    await check.expectStep(2, 'Initial Checks');
    await check.initialChecks({ 'Bypass valve closed': false });
    await check.next();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Failure' }).click();
    await expect(check.heading('Record the Failure')).toBeVisible();
    await check.sign();
    await measure('failure evidence');
    await page.screenshot({ path: test.info().outputPath('failure-evidence.png') });

    expect(small).toEqual([]);
  });

  test('the admin screens', async ({ adminPage: page, createSite }) => {
    const { site } = await createSite({ properties: 2 });
    const small: string[] = [];
    for (const [screen, path, heading] of [
      ['sites', '/admin/sites', 'Admin Panel'],
      ['properties', `/admin/properties?site=${site.id}`, 'Admin Panel'],
      ['design parameters', `/admin/design-parameters?site=${site.id}`, 'Site Configuration'],
      ['users', '/admin/users', 'Users'],
      ['reports', '/admin/reports', 'Commissioning Reports'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      small.push(...(await smallTargets(page, screen)));
      await page.screenshot({ path: test.info().outputPath(`admin-${screen.replace(' ', '-')}.png`) });
    }
    expect(small).toEqual([]);
  });

  test("a toast's close button", async ({ adminPage: page }) => {
    await page.goto('/admin/sites');
    await page.getByRole('button', { name: 'Add Site' }).first().click();
    await page.getByRole('dialog', { name: 'Add Site' }).getByRole('button', { name: 'Add Site' }).click();
    // By its attribute: the open dialog hides the rest of the page from the accessibility tree.
    const close = page.locator('[data-sonner-toast] [data-close-button]');
    await expect(close).toBeVisible();
    const box = (await close.boundingBox())!;
    // The same half-pixel allowance as every other target (page-checks.ts).
    expect(Math.min(box.width, box.height) + 0.5).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: test.info().outputPath('toast.png') });
    await page.keyboard.press('Escape');
  });
});
