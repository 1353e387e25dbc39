import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { submitThroughApi as submit } from './report-files';

/*
 * A client's home (docs/product.md#home, #clients) leads only to screens a client may see: every link on home and
 * in the bar at the top opens without a refused call (403) and without an error in its place.
 */

/** What a screen says when a call failed or a screen is not theirs (docs/product.md#messages-and-errors). */
const ERROR_TEXT =
  /do not have access|could not load|could not be loaded|not found|page not found|signed out|something went wrong|\{"error"/i;

/** The links a person can follow on the screen now: the bar's and the screen's own, by where they lead. */
async function linksOn(page: Page): Promise<{ name: string; href: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .filter((a) => a.offsetParent !== null || a.getClientRects().length > 0)
      .map((a) => ({
        name: (a.getAttribute('aria-label') ?? a.textContent ?? '').trim(),
        href: a.getAttribute('href')!,
      }))
      .filter((a) => !a.href.startsWith('#')),
  );
}

test("every link on a client's home and in the bar leads to a screen they may see, with no 403", async ({
  pageFor,
  createUser,
  createSite,
  adminApi,
}, testInfo) => {
  test.setTimeout(120_000);
  const { site, properties } = await createSite({ properties: 2 });
  const engineer = await createUser();
  const client = await createUser({ role: 'client' });
  expect((await adminApi.put(`/api/sites/${site.id}/members/${client.id}`)).status()).toBe(201);
  const approved = await submit(await pageFor(engineer), site, properties[0]!, 1);
  expect((await adminApi.post(`/api/reports/${approved.id}/review`, { data: { decision: 'approve' } })).status()).toBe(
    200,
  );

  const page = await pageFor(client);
  const refused: string[] = [];
  const onResponse = (res: Response) => {
    if (res.status() === 403) refused.push(`${res.request().method()} ${new URL(res.url()).pathname}`);
  };
  page.on('response', onResponse);

  await page.goto('/');
  const card = page.getByRole('region', { name: 'Approved reports' });
  await expect(card).toContainText(properties[0]!.address);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main')).not.toContainText(ERROR_TEXT);
  expect(refused, 'home').toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('client-home.png'), fullPage: true });

  const links = await linksOn(page);
  // The bar's home and notifications, the site's dashboard and the approved report's PDF at least.
  expect(links.map((l) => l.href)).toEqual(
    expect.arrayContaining(['/', '/notifications', `/dashboard/${site.id}`, `/api/reports/${approved.id}/pdf`]),
  );
  for (const link of links) {
    await test.step(`${link.name} (${link.href})`, async () => {
      if (link.href.startsWith('/api/')) {
        // A download: it must be the client's to get.
        expect((await page.request.get(link.href)).status(), link.href).toBe(200);
        return;
      }
      await page.goto('/');
      await expect(card).toContainText(properties[0]!.address);
      await page.locator(`a[href="${link.href}"]`).first().click();
      await expect(page).toHaveURL((url) => url.pathname === link.href.split('?')[0]);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main')).toBeVisible();
      await expect(page.locator('body')).not.toContainText(ERROR_TEXT);
      expect(refused, link.href).toEqual([]);
    });
  }
});
