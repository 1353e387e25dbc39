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

test('My flats groups the flats by site and finds one by address or site, by touch', async ({
  engineer,
  engineerPage: page,
  createSite,
  adminApi,
}, testInfo) => {
  const larch = await createSite({
    name: `Larch Court ${Date.now()}`,
    properties: ['Flat 1, Larch House', 'Flat 2, Larch House', 'Flat 3, Larch House', 'Flat 4, Larch House'].map(
      (address) => ({ address, propertyType: '1b2p' }),
    ),
  });
  const birch = await createSite({
    name: `Birch Yard ${Date.now()}`,
    properties: ['Flat 1, Birch House', 'Flat 2, Birch House'].map((address) => ({ address, propertyType: '1b2p' })),
  });
  for (const { site, properties } of [larch, birch]) {
    expect([200, 201]).toContain((await adminApi.put(`/api/sites/${site.id}/members/${engineer.id}`)).status());
    const assigned = await adminApi.post(`/api/sites/${site.id}/assignments`, {
      data: { engineerId: engineer.id, propertyIds: properties.map((p) => p.id) },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
  }

  await page.goto('/');
  const flats = page.getByRole('region', { name: 'My flats' });
  const group = (name: string) => flats.getByRole('region', { name: new RegExp(`^${name}`) });
  await expect(group(larch.site.name).getByTestId('my-flat')).toHaveCount(4);
  await expect(group(birch.site.name).getByTestId('my-flat')).toHaveCount(2);
  await expect(group(larch.site.name)).not.toContainText('Birch House');
  await expect(group(birch.site.name)).toContainText('2 to do');
  await expect(flats).toContainText('6 to do');
  await page.screenshot({ path: testInfo.outputPath('my-flats-grouped.png') });

  const search = flats.getByRole('searchbox', { name: 'Search my flats' });
  await search.tap();
  await search.fill('flat 3');
  await expect(flats.getByTestId('my-flat')).toHaveCount(1);
  await expect(flats.getByTestId('my-flat')).toContainText('Flat 3, Larch House');
  await expect(group(birch.site.name)).toHaveCount(0);

  await search.fill('birch');
  await expect(flats.getByTestId('my-flat')).toHaveCount(2);
  await expect(group(larch.site.name)).toHaveCount(0);

  await search.fill('no such flat');
  await expect(flats.getByTestId('my-flat')).toHaveCount(0);
  await expect(flats).toContainText('No flat matches “no such flat”.');
  await page.screenshot({ path: testInfo.outputPath('my-flats-no-match.png') });

  // A site's flats fold away under its heading, and come back.
  await search.fill('');
  const larchToggle = group(larch.site.name).getByRole('button', { name: new RegExp(larch.site.name) });
  await larchToggle.tap();
  await expect(larchToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(group(larch.site.name).getByTestId('my-flat')).toHaveCount(0);
  await larchToggle.tap();
  await expect(group(larch.site.name).getByTestId('my-flat')).toHaveCount(4);
});
