import type { Property } from '@hiu/domain';
import { expect, test } from './fixtures';
import { smallTargets, violations } from './page-checks';
import { submitThroughApi } from './report-files';
import { drawSignature } from './signature';

test('a client confirms how many flats they sign off on the phone, and the sign-off says what it signed', async ({
  pageFor,
  createUser,
  createSite,
  adminApi,
}) => {
  test.setTimeout(120_000);
  const { site } = await createSite();
  const flats: Property[] = [];
  for (const address of ['Flat 1', 'Flat 2', 'Flat 3']) {
    const res = await adminApi.post('/api/properties', { data: { siteId: site.id, address, propertyType: '1b2p' } });
    flats.push((await res.json()) as Property);
  }
  const eng = await pageFor(await createUser());
  const passed = await submitThroughApi(eng, site, flats[0]!, 3);
  expect((await adminApi.post(`/api/reports/${passed.id}/review`, { data: { decision: 'approve' } })).status()).toBe(
    200,
  );
  const client = await createUser({ role: 'client', name: 'Cara Client' });
  expect((await adminApi.put(`/api/sites/${site.id}/members/${client.id}`)).status()).toBe(201);

  const page = await pageFor(client);
  await page.goto(`/dashboard/${site.id}`);
  const signOff = page.getByRole('region', { name: 'Handover sign-off' });
  // A sign-off signs one built pack (docs/product.md#evidence-pack): until one is built there is nothing to sign.
  await expect(signOff).toContainText('A sign-off signs one built evidence pack: build it above first.');
  await expect(signOff.getByRole('button', { name: 'Sign off the handover' })).toBeDisabled();
  await page.getByRole('button', { name: 'Build evidence pack' }).click();
  await expect(page.getByTestId('evidence-pack').getByRole('link', { name: 'Download ZIP' })).toBeVisible({
    timeout: 60_000,
  });
  await drawSignature(page, signOff);
  await signOff.getByRole('button', { name: 'Sign off the handover' }).click();

  // Nothing is signed until the client confirms what the pack holds; Cancel signs nothing.
  const confirm = page.getByRole('alertdialog', { name: 'Sign off this evidence pack?' });
  await expect(confirm).toContainText('It holds 3 flats:');
  await expect(confirm).toContainText('1 Approved');
  await expect(confirm).toContainText('2 Not started');
  expect(await violations(page), 'confirmation').toEqual([]);
  expect(await smallTargets(page, 'confirmation'), 'confirmation').toEqual([]);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(signOff.getByText('Nobody has signed this site off yet.')).toBeVisible();

  await signOff.getByRole('button', { name: 'Sign off the handover' }).click();
  await confirm.getByRole('button', { name: /^Sign pack [0-9a-f]{8}$/ }).click();
  await expect(page.getByText('Your sign-off is recorded')).toBeVisible();
  const list = signOff.getByRole('list', { name: 'Sign-offs' });
  await expect(list).toContainText('Cara Client (client)');
  await expect(list).toContainText(/Covers pack [0-9a-f]{8} of \d{2}\/\d{2}\/\d{4}: 1 flat/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
