import type { Property } from '@hiu/domain';
import { expect, test } from './fixtures';
import { submitThroughApi } from './report-files';

test('a pack made out of date by a later review says so and offers Build again, never its download', async ({
  pageFor,
  createUser,
  createSite,
  adminApi,
}) => {
  test.setTimeout(120_000);
  const { site } = await createSite();
  const flats: Property[] = [];
  for (const address of ['Flat 1', 'Flat 2']) {
    const res = await adminApi.post('/api/properties', { data: { siteId: site.id, address, propertyType: '1b2p' } });
    flats.push((await res.json()) as Property);
  }
  const eng = await pageFor(await createUser());
  const first = await submitThroughApi(eng, site, flats[0]!, 3);
  const second = await submitThroughApi(eng, site, flats[1]!, 2);
  await adminApi.post(`/api/reports/${first.id}/review`, { data: { decision: 'approve' } });
  const supervisor = await createUser({ role: 'supervisor' });
  expect((await adminApi.put(`/api/sites/${site.id}/members/${supervisor.id}`)).status()).toBe(201);

  const page = await pageFor(supervisor);
  await page.goto(`/dashboard/${site.id}`);
  await page.getByRole('button', { name: 'Build evidence pack' }).click();
  const pack = page.getByTestId('evidence-pack');
  await expect(pack.getByRole('link', { name: 'Download ZIP' })).toBeVisible({ timeout: 60_000 });

  expect((await adminApi.post(`/api/reports/${second.id}/review`, { data: { decision: 'approve' } })).status()).toBe(
    200,
  );
  await page.reload();
  await expect(pack).toContainText('Superseded: reports were reviewed or corrected since it was built.');
  await expect(pack.getByRole('link', { name: 'Download ZIP' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Build again' }).click();
  await expect(pack.getByRole('link', { name: 'Download ZIP' })).toBeVisible({ timeout: 60_000 });
  // One row: the new pack replaces the old on screen.
  await expect(pack).toHaveCount(1);
  await expect(pack).not.toContainText('Superseded');
});
