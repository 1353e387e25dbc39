import { expect, test } from './fixtures';

/** The server's answer to one caller's read flood (decision 193), as the browser gets it. */
const tooMany = {
  status: 429,
  headers: { 'Retry-After': '1', 'Content-Type': 'application/json' },
  body: JSON.stringify({
    error: { code: 'rate_limited', message: 'Too many requests. Please wait 1 second and try again.' },
  }),
};

test.describe('a read refused as too many (429)', () => {
  test('is asked again after the wait the server names, and the screen shows its answer', async ({
    adminPage: page,
  }) => {
    let asked = 0;
    await page.route('**/api/sites?*', async (route) => {
      asked++;
      if (asked === 1) await route.fulfill(tooMany);
      else await route.continue();
    });
    await page.goto('/admin/sites');
    await expect(page.getByRole('heading', { name: 'Sites' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Site' })).toBeVisible();
    await expect.poll(() => asked).toBe(2);
    await expect(page.getByText(/Could not load sites/)).toHaveCount(0);
  });

  test('refused again, the screen says why in words and how long to wait', async ({ adminPage: page }) => {
    let asked = 0;
    await page.route('**/api/sites?*', async (route) => {
      asked++;
      await route.fulfill(tooMany);
    });
    await page.goto('/admin/sites');
    await expect(page.getByRole('alert').filter({ hasText: 'Could not load sites' })).toHaveText(
      'Could not load sites: 429: Too many requests. Please wait 1 second and try again.',
    );
    expect(asked).toBe(2);
    await page.screenshot({ path: test.info().outputPath('sites-refused-390x844.png') });
  });
});
