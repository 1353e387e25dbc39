import type { Property } from '@hiu/domain';
import { expect, test } from './fixtures';
import { submitThroughApi } from './report-files';
import { drawSignature } from './signature';

// docs/product.md#evidence-pack: while reports await review, the signer of a pack says why they sign now; a reason
// too short is answered under its box, and the one given is listed with the sign-off.
test('a sign-off while a report awaits review asks why, refuses a short reason, and lists the one given', async ({
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
  await submitThroughApi(eng, site, flats[1]!, 2);
  await adminApi.post(`/api/reports/${first.id}/review`, { data: { decision: 'approve' } });
  const client = await createUser({ role: 'client', name: 'Cleo Client' });
  expect((await adminApi.put(`/api/sites/${site.id}/members/${client.id}`)).status()).toBe(201);

  const page = await pageFor(client);
  await page.goto(`/dashboard/${site.id}`);
  await page.getByRole('button', { name: 'Build evidence pack' }).click();
  await expect(page.getByTestId('evidence-pack').getByRole('link', { name: 'Download ZIP' })).toBeVisible({
    timeout: 60_000,
  });
  const signOff = page.getByRole('region', { name: 'Handover sign-off' });
  const reason = signOff.getByLabel('Why sign while 1 report awaits review (10-500 characters)');
  await expect(reason).toBeVisible();
  await drawSignature(page, signOff);

  const signButton = signOff.getByRole('button', { name: 'Sign off the handover' });
  // No reason, then one too short: each answered under the box, and nothing is asked or signed.
  await signButton.click();
  await expect(signOff.getByText('Say why you sign now, in at least 10 characters')).toBeVisible();
  await reason.fill('Soon');
  await signButton.click();
  await expect(signOff.getByText('Say why you sign now, in at least 10 characters')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  const given = 'Flat 2 is let on Monday; its review follows this week.';
  await reason.fill(given);
  await signButton.click();
  const confirm = page.getByRole('alertdialog', { name: 'Sign off this evidence pack?' });
  await expect(confirm).toContainText('It holds 2 flats: 1 Awaiting review, 1 Approved.');
  await expect(confirm).toContainText('1 awaiting review: your reason is printed with your sign-off.');
  await confirm.getByRole('button', { name: /^Sign pack [0-9a-f]{8}$/ }).click();
  await expect(page.getByText('Your sign-off is recorded')).toBeVisible();
  await expect(signOff.getByRole('list', { name: 'Sign-offs' })).toContainText(
    `Signed while reports awaited review: ${given}`,
  );
});
