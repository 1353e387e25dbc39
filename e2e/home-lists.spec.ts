import { expect, test } from './fixtures';
import { filePassedCheck, minutesAgo } from './progress-model';

/*
 * Home's lists at a phone's size (docs/product.md#my-flats): "to do" counts the flats that need the engineer, not
 * those waiting for the office, and Resume Drafts is one tap from the top however long My flats is.
 */

test('My flats counts only the flats that need the engineer; Resume Drafts is reached from the top', async ({
  engineer,
  engineerPage: page,
  createSite,
  adminApi,
}, testInfo) => {
  const { site, properties } = await createSite({ properties: 3 });
  expect([200, 201]).toContain((await adminApi.put(`/api/sites/${site.id}/members/${engineer.id}`)).status());
  const assigned = await adminApi.post(`/api/sites/${site.id}/assignments`, {
    data: { engineerId: engineer.id, propertyIds: properties.map((p) => p.id) },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  await filePassedCheck(page, site, properties[0]!, minutesAgo(1));

  await page.goto('/');
  const flats = page.getByRole('region', { name: 'My flats' });
  await expect(flats.getByTestId('my-flat').filter({ hasText: properties[0]!.address })).toContainText(
    'Awaiting review',
  );
  await expect(flats).toContainText('2 to do');
  await page.screenshot({ path: testInfo.outputPath('home-top.png') });

  await page.getByRole('link', { name: 'Resume Drafts' }).click();
  await expect(page.getByRole('region', { name: 'Today' })).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('home-drafts.png') });
});
