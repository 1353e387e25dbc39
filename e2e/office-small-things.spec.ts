import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { submitThroughApi as submit } from './report-files';

/** Whether two boxes on the screen share any pixel. */
async function overlap(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

const toast = (page: Page) => page.locator('[data-sonner-toast]').first();

// docs/product.md#roles, #messages-and-errors, #dashboard: the small things an office notices.
test('office small things: own account, one role label, skip link, focus back after Escape, toasts clear, dates, dashboard audience', async ({
  adminPage: page,
  pageFor,
  createUser,
  createSite,
}) => {
  test.setTimeout(180_000);
  const client = await createUser({ role: 'client', name: 'Client' });
  const me = (await (await page.request.get('/api/auth/me')).json()) as { name: string };
  await page.setViewportSize({ width: 390, height: 844 });

  await test.step('Users: no Deactivate on your own account; a client reads "Client" once', async () => {
    await page.goto('/admin/users');
    const mine = page.getByRole('listitem').filter({ hasText: '(you)' });
    await expect(mine).toBeVisible({ timeout: 30_000 });
    await expect(mine.getByRole('button', { name: /Deactivate/ })).toHaveCount(0);
    const theirs = page.getByRole('listitem').filter({ hasText: client.email });
    await expect(theirs.getByRole('button', { name: `Deactivate ${client.name}` })).toBeVisible();
    await expect(theirs).toContainText('Client');
    await expect(theirs).not.toContainText('read-only');
    expect(me.name).toBeTruthy();
  });

  await test.step('a skip link is the first tab stop and moves focus to the content', async () => {
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  await test.step('Escape closes a dialog and gives focus back to the button that opened it', async () => {
    const edit = page.getByRole('button', { name: `Edit ${client.name}` });
    await edit.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(edit).toBeFocused();
  });

  const { site, properties } = await createSite({ properties: 1 });
  await test.step("a toast stays clear of a dialog's title and of the screen's heading", async () => {
    await page.goto(`/admin/properties?site=${site.id}`);
    await expect(page.getByText(`1 property at ${site.name}`)).toBeVisible();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(toast(page)).toBeVisible();
    expect(await overlap(toast(page), dialog.getByRole('heading', { name: 'Import CSV' }))).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`/review/sites/${site.id}/flats`);
    await page.getByRole('checkbox', { name: `Select ${properties[0]!.address}` }).check();
    await page.getByRole('button', { name: 'Unassign selected' }).click();
    await expect(toast(page)).toBeVisible();
    expect(await overlap(toast(page), page.getByRole('heading', { level: 1 }))).toBe(false);
  });

  await test.step('the dashboard: dates in dd/mm/yyyy; an engineer is told it is not for them', async () => {
    const engineer = await createUser();
    const eng = await pageFor(engineer);
    await submit(eng, site, properties[0]!, 1);
    await page.goto(`/dashboard/${site.id}`);
    const perDay = page.getByRole('region', { name: 'Reports per engineer per day, table' });
    await expect(perDay.getByRole('cell').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    await eng.goto(`/dashboard/${site.id}`);
    await expect(eng.getByText("A site's dashboard is for admins, supervisors and clients.")).toBeVisible({
      timeout: 30_000,
    });
    await expect(eng.getByRole('link', { name: 'Go to home' })).toBeVisible();
  });
});
