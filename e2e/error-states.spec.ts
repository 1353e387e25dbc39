import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { violations } from './page-checks';

/** What a person sees of an error state: words and a way back, never the server's JSON or a status code. */
async function saysItInWords(page: Page, screen: string, wayBack: string | RegExp) {
  const text = await page.evaluate(() => document.body.textContent ?? '');
  expect(text, screen).not.toContain('{"error"');
  expect(text, screen).not.toMatch(/\b(404|403|500): /);
  await expect(page.getByRole('link', { name: wayBack }).first(), screen).toBeVisible();
  expect(await violations(page), screen).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`${screen.replace(/\W+/g, '-')}.png`), fullPage: true });
}

test('every error state says what happened in words, with a way back', async ({
  adminPage: page,
  createSite,
  createUser,
  pageFor,
}) => {
  await test.step('an unknown report', async () => {
    await page.goto(`/review/reports/${randomUUID()}`);
    await expect(page.getByRole('alert')).toContainText(
      'The report was not found: it may have been deleted, or the link may be wrong.',
    );
    await saysItInWords(page, 'unknown report', 'Back to home');
  });

  await test.step('an unknown site: "not found", not a dashboard of zeros', async () => {
    await page.goto(`/dashboard/${randomUUID()}`);
    await expect(page.getByRole('alert')).toContainText("This site's dashboard was not found");
    await expect(page.getByText('First-time pass rate')).toHaveCount(0);
    await saysItInWords(page, 'unknown dashboard', 'Back to home');
  });

  await test.step('a site the reader is not on', async () => {
    const { site } = await createSite();
    const stranger = await pageFor(await createUser({ role: 'supervisor' }));
    await stranger.goto(`/dashboard/${site.id}`);
    await expect(stranger.getByRole('alert')).toContainText("This site's dashboard was not found");
    await expect(stranger.getByText('First-time pass rate')).toHaveCount(0);
    await saysItInWords(stranger, 'forbidden dashboard', 'Back to home');
  });

  await test.step('an unknown address: a page inside the app, with the way home', async () => {
    await page.goto('/nope');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'HIU Commissioning' })).toBeVisible();
    await saysItInWords(page, 'unknown route', 'Back to home');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('the server fails (500)', async () => {
    await page.route('**/api/users', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong on the server' } }),
      }),
    );
    await page.goto('/admin/users');
    await expect(page.getByRole('alert')).toContainText('The server could not load the users just now.');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await saysItInWords(page, 'server error', 'Back to home');
    await page.unroute('**/api/users');
  });

  await test.step('no connection', async () => {
    await page.route('**/api/users', (route) => route.abort('internetdisconnected'));
    await page.goto('/admin/users');
    await expect(page.getByRole('alert')).toContainText('You are offline, so the users could not be loaded.');
    await saysItInWords(page, 'offline', 'Back to home');
    await page.unroute('**/api/users');
  });
});
