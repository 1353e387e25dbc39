import { expect, test } from './fixtures';

// The office asks for the handover sign-off (docs/product.md#evidence-pack); the client is told in the app.
test('a supervisor asks for the sign-off on a phone, and the client finds it in Notifications', async ({
  pageFor,
  createUser,
  createSite,
  adminApi,
}, testInfo) => {
  test.setTimeout(120_000);
  const { site } = await createSite();
  const supervisor = await createUser({ role: 'supervisor', name: 'Sam Supervisor' });
  const client = await createUser({ role: 'client', name: 'Cara Client' });
  for (const who of [supervisor, client])
    expect((await adminApi.put(`/api/sites/${site.id}/members/${who.id}`)).status()).toBeLessThan(300);

  const office = await pageFor(supervisor);
  await office.goto(`/dashboard/${site.id}`);
  const card = office.getByRole('region', { name: 'Handover sign-off' });
  await card.getByLabel('Note for the signers (optional)').fill('Block A is ready for you');
  await card.screenshot({ path: testInfo.outputPath('ask-sign-off.png') });
  await card.getByRole('button', { name: 'Ask for sign-off' }).tap();
  const dialog = office.getByRole('alertdialog', { name: 'Ask for the handover sign-off?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ask them' }).tap();
  await expect(office.getByText('Asked 1 person to sign')).toBeVisible();
  await expect(card.getByLabel('Note for the signers (optional)')).toHaveValue('');

  const phone = await pageFor(client);
  await phone.goto('/notifications');
  const entry = phone.getByTestId('notification').first();
  await expect(entry).toContainText(`Handover to sign: ${site.name}`);
  await expect(entry).toContainText('Sam Supervisor asks you to sign the handover');
  await expect(entry).toContainText('"Block A is ready for you"');
  await entry.getByRole('button').tap();
  await expect(phone).toHaveURL(new RegExp(`/dashboard/${site.id}$`));
  await expect(phone.getByRole('heading', { name: 'Handover sign-off' })).toBeVisible();
  // A client signs; they are not offered to ask.
  await expect(phone.getByRole('button', { name: 'Ask for sign-off' })).toHaveCount(0);
});
