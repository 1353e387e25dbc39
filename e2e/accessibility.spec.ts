import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';
import { violations } from './page-checks';

test.describe('screen-reader and contrast rules (axe, WCAG 2.1 AA)', () => {
  test('sign-in', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the engineer: home, every step, the review and the outbox', async ({ engineerPage: page, createSite }) => {
    test.slow(); // twelve screens, each judged by axe
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    const found: Record<string, string[]> = {};
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'HIU Commissioning', level: 1 })).toBeVisible();
    found.home = await violations(page);
    await check.start(site, properties[0]!);
    found['step 1'] = await violations(page);
    await check.basicInfo();
    await check.next('Save and Continue');
    await check.expectStep(2, 'Initial Checks');
    found['step 2'] = await violations(page);
    await check.initialChecks();
    await check.next();
    await check.expectStep(3, 'Standby Mode');
    await check.standby({ flow: '50' });
    found['step 3, out of range'] = await violations(page);
    await page.getByLabel('Flow Temperature').fill('46');
    await check.next();
    await check.expectStep(4, 'Tertiary System Checks');
    found['step 4'] = await violations(page);
    await check.radiatorsNotApplicable();
    await check.expectStep(5, 'Heating Checks');
    found['step 5'] = await violations(page);
    await check.heating();
    await check.next();
    await check.expectStep(6, 'DHW Checks');
    found['step 6'] = await violations(page);
    await check.dhw();
    await check.next();
    await check.expectStep(7, 'Photos & Signature');
    found['step 7'] = await violations(page);
    await check.photosSignature();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    found['cancel question'] = await violations(page);
    await page.getByRole('button', { name: 'Keep Going' }).click();
    await check.next('Review & Submit');
    await check.expectStep(8, 'Review & Submit');
    found.review = await violations(page);
    await page.goto('/check/outbox');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    found.outbox = await violations(page);
    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
  });

  test('the engineer: a failure confirmed, and the Failed page', async ({ engineerPage: page, createSite }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.basicInfo();
    await check.next('Save and Continue');
    await check.initialChecks({ 'Strainer clean': false });
    await check.next();
    await expect(page.getByRole('alertdialog', { name: 'Confirm Device Failure' })).toBeVisible();
    const found: Record<string, string[]> = { 'failure question': await violations(page) };
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Failure' }).click();
    await expect(check.heading('Record the Failure')).toBeVisible();
    found['failure evidence'] = await violations(page);
    await check.fileFailure();
    await expect(page.getByRole('heading', { name: 'Failed at Step 2' })).toBeVisible();
    found['Failed page'] = await violations(page);
    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
  });

  test('the admin: every tab and the reports screen', async ({ adminPage: page, createSite }) => {
    await createSite({ properties: 2 });
    const found: Record<string, string[]> = {};
    for (const [path, heading] of [
      ['/admin/sites', 'Admin Panel'],
      ['/admin/properties', 'Admin Panel'],
      ['/admin/design-parameters', 'Admin Panel'],
      ['/admin/users', 'Admin Panel'],
      ['/admin/history', 'Admin Panel'],
      ['/admin/reports', 'Reports'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      found[path] = await violations(page);
    }
    await page.goto('/admin/sites');
    await page.getByRole('button', { name: 'Add Site' }).click();
    await page.getByRole('dialog', { name: 'Add Site' }).getByRole('button', { name: 'Add Site' }).click();
    await expect(page.getByText('Please fill in all fields').first()).toBeVisible();
    // Contrast is judged on the toast as people read it: fully shown, not halfway through its fade-in (which
    // starts a frame after the toast is added, so "no animation running" alone can be true too early).
    await expect
      .poll(() =>
        page.locator('[data-sonner-toast]').evaluateAll(
          (toasts) =>
            // At least one: the text waited for above may be the field's own message, shown before the toast.
            toasts.length > 0 &&
            toasts.every(
              (t) =>
                t.getAttribute('data-mounted') === 'true' &&
                getComputedStyle(t).opacity === '1' &&
                t.getAnimations({ subtree: true }).length === 0,
            ),
        ),
      )
      .toBe(true);
    found['Add Site, empty'] = await violations(page);
    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
  });
});
