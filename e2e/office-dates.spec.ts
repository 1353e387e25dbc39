import { digitsOf, typeDate } from './date-entry';
import { expect, test } from './fixtures';

/*
 * Office screens' dates read and are typed as dd/mm/yyyy (docs/product.md#numbers, decision 238), whatever the
 * browser's own date format: History's and the site dashboard's From and To, and the office dialogs' dates, at
 * 390x844 by touch.
 */

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

    await expect(await typeDate(page, page, 'To', '01032026')).toContainText('01/03/2026');
    await expect(await typeDate(page, page, 'From', '02032026')).toContainText('02/03/2026');
    await expect(page.getByRole('alert').filter({ hasText: 'The end is before the start' })).toBeVisible();
    await typeDate(page, page, 'From', '28022026');
    await expect(page.getByText('The end is before the start')).toHaveCount(0);
  });
}

test("Dialogs: a token's last day and an issue's due date are typed as dd/mm/yyyy or chosen from the calendar, and a day out of range is said", async ({
  adminPage: page,
  createSite,
}, testInfo) => {
  const { site } = await createSite();
  await page.goto('/admin/integrations');
  await page.getByRole('button', { name: 'Add token' }).tap();
  const form = page.getByRole('dialog', { name: 'Add API token' });
  await form.getByLabel('Name').fill('Asset register');
  const until = form.getByRole('group', { name: 'Works until', exact: true });
  await expect(until).toContainText(/\d\d\/\d\d\/\d{4}/);
  // The calendar opens over the dialog and its days can be tapped.
  await until.getByRole('button', { name: 'Choose from a calendar' }).tap();
  const calendar = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
  await calendar.getByRole('button', { name: 'Previous month' }).tap();
  await page.screenshot({ path: testInfo.outputPath('token-calendar-390.png') });
  await calendar.getByRole('gridcell').filter({ hasText: /^15$/ }).getByRole('button').tap();
  await expect(calendar).toHaveCount(0);
  await expect(until).toContainText(/15\/\d\d\/20\d\d/);
  await typeDate(page, form, 'Works until', '01012099');
  await form.getByRole('button', { name: 'Make token' }).tap();
  await expect(form.getByText('Choose a day from tomorrow to 2 years ahead')).toBeVisible();
  const nextYear = new Date(Date.now() + 300 * 86400_000).toISOString().slice(0, 10);
  await typeDate(page, form, 'Works until', digitsOf(nextYear));
  await form.getByRole('button', { name: 'Make token' }).tap();
  await expect(page.getByRole('dialog', { name: 'Your API token' })).toBeVisible();

  await page.goto(`/dashboard/${site.id}`);
  await page.getByRole('button', { name: 'Raise an issue' }).tap();
  const raise = page.getByRole('dialog', { name: 'Raise a network-wide issue' });
  await raise.getByLabel('What is wrong').fill('Plant flow below 70 °C');
  await expect(await typeDate(page, raise, 'Due date', '18122026')).toContainText('18/12/2026');
  await raise.getByRole('button', { name: 'Raise issue' }).tap();
  await expect(page.getByTestId('site-issue')).toContainText('by 18/12/2026');
});
