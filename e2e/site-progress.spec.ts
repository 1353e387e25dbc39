import fs from 'node:fs';
import { formatDateTime } from '@hiu/domain';
import { expect, test } from './fixtures';
import { CheckJourney, reportsFor } from './check-journey';
import { chooseSite, fileFailedCheck, filePassedCheck, minutesAgo, option, saveDraft } from './progress-model';

test.describe('site progress', () => {
  test('the picker marks each property, filters to not started and failed, and home shows the progress', async ({
    engineerPage: page,
    createUser,
    pageFor,
    createSite,
  }, testInfo) => {
    const { site, properties } = await createSite({
      properties: ['1 Dock St', '2 Dock St', '3 Dock St', '4 Dock St', '5 Dock St'].map((address) => ({
        address,
        propertyType: '1b2p',
      })),
    });
    const [passed, failed, underWay, fresh1, fresh2] = properties as [
      (typeof properties)[0],
      (typeof properties)[0],
      (typeof properties)[0],
      (typeof properties)[0],
      (typeof properties)[0],
    ];
    await filePassedCheck(page, site, passed, minutesAgo(3));
    await fileFailedCheck(page, site, failed, minutesAgo(2));
    // Another engineer has a check of the third property under way.
    const colleague = await pageFor(await createUser());
    await saveDraft(colleague, site, underWay);

    await chooseSite(page, site);
    await test.step('home shows the chosen site progress as text and as a progress bar', async () => {
      const progress = page.getByRole('region', { name: `Progress at ${site.name}` });
      await expect(progress).toContainText('1 of 5 commissioned, 1 failed, 1 in progress');
      await expect(progress).toContainText('2 not started');
      const bar = progress.getByRole('progressbar', { name: 'Properties commissioned' });
      await expect(bar).toHaveAttribute('aria-valuenow', '1');
      await expect(bar).toHaveAttribute('aria-valuemax', '5');
      await expect(bar).toHaveAttribute('aria-valuetext', '1 of 5 commissioned, 1 failed, 1 in progress');
      await page.screenshot({ path: testInfo.outputPath('home-progress.png') });
    });

    const picker = page.getByRole('combobox', { name: 'Property' });
    await test.step('each option says where the property stands', async () => {
      await picker.click();
      await expect(page.getByRole('listbox', { name: 'Properties' }).getByRole('option')).toHaveCount(5);
      await expect(option(page, passed.address)).toContainText('Passed');
      await expect(option(page, failed.address)).toContainText('Failed');
      await expect(option(page, underWay.address)).toContainText('In progress');
      await expect(option(page, fresh1.address)).toContainText('Not started');
      await expect(option(page, fresh2.address)).toContainText('Not started');
      await page.screenshot({ path: testInfo.outputPath('picker-marks.png') });
    });

    const filters = page.getByRole('group', { name: 'Show properties' });
    await test.step('"Not started" lists only the properties nobody has begun', async () => {
      await filters.getByRole('button', { name: 'Not started' }).click();
      await expect(filters.getByRole('button', { name: 'Not started' })).toHaveAttribute('aria-pressed', 'true');
      const list = page.getByRole('listbox', { name: 'Properties: Not started' });
      await expect(list.getByRole('option')).toHaveCount(2);
      await expect(option(page, fresh1.address)).toBeVisible();
      await expect(option(page, fresh2.address)).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('picker-not-started.png') });
    });

    await test.step('"Failed" lists the failed one, which can be chosen for a re-test', async () => {
      await filters.getByRole('button', { name: 'Failed' }).click();
      await expect(page.getByRole('listbox', { name: 'Properties: Failed' }).getByRole('option')).toHaveCount(1);
      await option(page, failed.address).click();
      await expect(picker).toHaveValue(failed.address);
      await expect(page.getByText(`Selected: ${failed.address} (1b2p)`)).toBeVisible();
      await expect(page.getByText('Starting a check adds a new report; the earlier reports are kept.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeEnabled();
    });

    await test.step('a search inside a filter finds nothing outside it', async () => {
      await picker.fill('1 Dock');
      await expect(
        page.getByText('No property found. Showing only Failed: choose All to see every property.'),
      ).toBeVisible();
      await filters.getByRole('button', { name: 'All' }).click();
      await expect(option(page, passed.address)).toBeVisible();
    });
  });

  test('a failed property is re-tested: the new report passes and the failed one is kept', async ({
    engineerPage: page,
    adminApi,
    createSite,
  }) => {
    const { site, properties } = await createSite({
      properties: [{ address: '7 Quay Road, Hull', propertyType: '2b4p' }],
    });
    const property = properties[0]!;
    const check = new CheckJourney(page);

    await test.step('the first check fails at step 2', async () => {
      await check.start(site, property);
      await check.basicInfo({ model: 'Heatbox 9', serial: 'HB-1' });
      await check.next('Save and Continue');
      await check.expectStep(2, 'Initial Checks');
      await check.initialChecks({ 'Bypass valve closed': false });
      await check.next();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Failure' }).click();
      await check.fileFailure();
      await expect(page.getByRole('heading', { name: 'Failed at Step 2' })).toBeVisible();
      await expect(page.getByText('The failure report has been saved.')).toBeVisible();
      // Back home without starting anew: the phone still holds the failed check.
      await page.getByRole('button', { name: 'Return Home' }).click();
    });

    await test.step('home marks the property failed', async () => {
      await page.getByLabel('Site', { exact: true }).selectOption({ label: `${site.name} - ${site.location}` });
      await expect(page.getByTestId('site-progress-text')).toHaveText('0 of 1 commissioned, 1 failed');
      await page.getByRole('combobox', { name: 'Property' }).click();
      await expect(option(page, property.address)).toContainText('Failed');
    });

    await test.step('the re-test starts a fresh check of the same property and passes', async () => {
      await option(page, property.address).click();
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await check.expectStep(1, 'Basic Information');
      await expect(page.getByLabel('Address')).toHaveValue(property.address);
      // A fresh check, starting from the unit of the failed report (docs/product.md#site-progress).
      await expect(page.getByLabel('HIU Model')).toHaveValue('Heatbox 9');
      await expect(page.getByLabel('HIU Serial')).toHaveValue('HB-1');
      await check.walkToReview();
      await check.button('Submit Report').click();
      await expect(page).toHaveURL(/\/$/);
    });

    await test.step('both reports are kept and home counts the property commissioned', async () => {
      await expect
        .poll(async () => (await reportsFor(adminApi, site.name)).map((r) => r.overallStatus))
        .toEqual(['PASS', 'FAIL']);
      await chooseSite(page, site);
      await expect(page.getByTestId('site-progress-text')).toHaveText('1 of 1 commissioned');
      await page.getByRole('combobox', { name: 'Property' }).click();
      await expect(option(page, property.address)).toContainText('Passed');
    });
  });

  test('the reports screen shows the latest report per property and its earlier ones, each with its PDF', async ({
    engineerPage,
    adminPage: page,
    createSite,
  }, testInfo) => {
    const { site, properties } = await createSite({
      properties: [
        { address: '1 Mill Lane, Leeds', propertyType: '1b2p' },
        { address: '2 Mill Lane, Leeds', propertyType: '1b2p' },
      ],
    });
    const firstTry = await fileFailedCheck(engineerPage, site, properties[0]!, minutesAgo(3), 'SN-A1');
    const retest = await filePassedCheck(engineerPage, site, properties[0]!, minutesAgo(1), 'SN-A1');
    await filePassedCheck(engineerPage, site, properties[1]!, minutesAgo(2), 'SN-B1');

    await page.goto('/admin/reports');
    await expect(page.getByTestId('site-reports').first()).toBeVisible();
    const find = page.getByRole('searchbox', { name: 'Find a site' });
    if (await find.isVisible()) await find.fill(site.name);
    const card = page.getByTestId('site-reports').filter({ has: page.getByRole('heading', { name: site.name }) });
    await card.getByRole('button', { name: new RegExp(site.name) }).click();

    const items = card.getByTestId('report-row');
    await test.step('one row per property with its latest result, the re-tested one with its history folded', async () => {
      await expect(card.getByTestId('site-counts')).toContainText('2 flats:');
      await expect(card.getByTestId('site-counts')).toContainText('2 passed');
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toContainText('1 Mill Lane, Leeds');
      await expect(items.nth(0)).toContainText('Pass');
      await expect(items.nth(0)).toContainText(formatDateTime(retest.completedAt));
      await expect(items.nth(1)).toContainText('2 Mill Lane, Leeds');
      await expect(items.nth(1).getByRole('button', { name: /earlier report/ })).toHaveCount(0);
    });

    await test.step('"1 earlier report" opens the failed first try, with its own PDF', async () => {
      const toggle = items.nth(0).getByRole('button', { name: '1 earlier report of 1 Mill Lane, Leeds' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const earlier = items.nth(0).getByTestId('earlier-report');
      await expect(earlier).toHaveCount(1);
      await expect(earlier).toContainText(`Report of ${formatDateTime(firstTry.completedAt)}`);
      await expect(earlier).toContainText('Fail');
      await expect(earlier).toContainText('At step 2');
      await earlier.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath('reports-history.png') });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        earlier.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(firstTry.pdfFilename);
      const file = testInfo.outputPath('first-try.pdf');
      await download.saveAs(file);
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    });
  });
});
