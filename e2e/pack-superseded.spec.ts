import { SUPERSEDED_PACK_MESSAGES, type Property } from '@hiu/domain';
import { expect, test } from './fixtures';
import { submitThroughApi } from './report-files';

test('a pack made out of date by a later review says so, refuses its download in words, and a client builds again', async ({
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
  // Download tapped on the card read before the review: the screen says why, and nothing is saved.
  let saved = false;
  page.on('download', () => (saved = true));
  await pack.getByRole('link', { name: 'Download ZIP' }).click();
  await expect(page.getByText(SUPERSEDED_PACK_MESSAGES.reports_changed).first()).toBeVisible();
  await expect(pack).toContainText(SUPERSEDED_PACK_MESSAGES.reports_changed);
  await expect(pack.getByRole('link', { name: 'Download ZIP' })).toHaveCount(0);
  expect(saved).toBe(false);

  // The site's client builds it again.
  const client = await createUser({ role: 'client' });
  expect((await adminApi.put(`/api/sites/${site.id}/members/${client.id}`)).status()).toBe(201);
  const clientPage = await pageFor(client);
  await clientPage.goto(`/dashboard/${site.id}`);
  const clientPack = clientPage.getByTestId('evidence-pack');
  await expect(clientPack).toContainText(SUPERSEDED_PACK_MESSAGES.reports_changed);
  await clientPage.getByRole('button', { name: 'Build again' }).click();
  await expect(clientPack.getByRole('link', { name: 'Download ZIP' })).toBeVisible({ timeout: 60_000 });
  await page.reload();
  await expect(pack.getByRole('link', { name: 'Download ZIP' })).toBeVisible({ timeout: 60_000 });
  // One row: the new pack replaces the old on screen.
  await expect(pack).toHaveCount(1);
  await expect(pack).not.toContainText('Superseded');
});
