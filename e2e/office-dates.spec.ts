import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * Office screens' dates read and are typed as dd/mm/yyyy (docs/product.md#numbers, decision 238), whatever the
 * browser's own date format: History's and the site dashboard's From and To, at 390x844 by touch.
 */

async function typeDate(page: Page, field: string, digits: string) {
  const group = page.getByRole('group', { name: field, exact: true });
  await group.getByRole('spinbutton', { name: /^day/i }).tap();
  await page.keyboard.type(digits);
  return group;
}

for (const screen of ['History', 'Dashboard'] as const) {
  test(`${screen}: From and To read and are typed as dd/mm/yyyy; an end before the start is said`, async ({
    adminPage: page,
    createSite,
  }) => {
    const { site } = await createSite();
    await page.goto(screen === 'History' ? '/admin/history' : `/dashboard/${site.id}`);
    const from = page.getByRole('group', { name: 'From', exact: true });
    await expect(from).toContainText('dd/mm/yyyy');
    await expect(page.getByRole('group', { name: 'To', exact: true })).toContainText('dd/mm/yyyy');

    await expect(await typeDate(page, 'To', '01032026')).toContainText('01/03/2026');
    await expect(await typeDate(page, 'From', '02032026')).toContainText('02/03/2026');
    await expect(page.getByRole('alert').filter({ hasText: 'The end is before the start' })).toBeVisible();
    await typeDate(page, 'From', '28022026');
    await expect(page.getByText('The end is before the start')).toHaveCount(0);
  });
}
