import { typeDate } from './date-entry';
import { expect, test } from './fixtures';
import { smallTargets, violations } from './page-checks';

test('a supervisor raises a network-wide issue on the phone and resolves it; the client reads it', async ({
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
    expect((await adminApi.put(`/api/sites/${site.id}/members/${who.id}`)).status()).toBe(201);

  const page = await pageFor(supervisor);
  await page.goto(`/dashboard/${site.id}`);
  const card = page.getByRole('region', { name: 'Network-wide issues' });
  await expect(card).toContainText('No network-wide issues recorded.');
  await card.getByRole('button', { name: 'Raise an issue' }).click();
  const raise = page.getByRole('dialog', { name: 'Raise a network-wide issue' });
  await expect(raise.getByLabel('What is wrong')).toBeVisible();
  expect(await violations(page), 'raise dialog').toEqual([]);
  // Nothing half-filled is sent: the form names what is missing.
  await raise.getByRole('button', { name: 'Raise issue' }).click();
  await expect(raise.getByText('Say what is wrong')).toBeVisible();
  await raise.getByLabel('What is wrong').fill('Plant flow temperature below 70 °C at peak');
  await raise.getByLabel('Who must act').selectOption('client');
  await expect(await typeDate(page, raise, 'Due date', '18122026')).toContainText('18/12/2026');
  await raise.getByRole('button', { name: 'Raise issue' }).click();
  await expect(raise).toHaveCount(0);
  const issue = card.getByTestId('site-issue');
  await expect(issue).toContainText('Plant flow temperature below 70 °C at peak');
  await expect(issue).toContainText('Open: Client to act by 18/12/2026 · raised by Sam Supervisor');
  await expect(card).toContainText('1 open.');
  // Measured once the toast has gone (the pointer moves on, as a hand does: a hovered toast waits).
  await page.mouse.move(0, 0);
  await expect(page.getByText('Issue raised')).toHaveCount(0);
  expect(await smallTargets(page, 'issues card'), 'issues card').toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('site-issue-open.png'), fullPage: true });

  await issue.getByRole('button', { name: 'Resolve: Plant flow temperature below 70 °C at peak' }).click();
  const resolve = page.getByRole('dialog', { name: 'Resolve the issue' });
  await resolve.getByLabel('How it was put right').fill('Plant set-point raised to 75 °C');
  await resolve.getByRole('button', { name: 'Resolve issue' }).click();
  await expect(issue).toContainText('✓ Resolved: Plant set-point raised to 75 °C (Sam Supervisor,');
  await expect(card).toContainText('None open.');

  const clientPage = await pageFor(client);
  await clientPage.goto(`/dashboard/${site.id}`);
  const seen = clientPage.getByRole('region', { name: 'Network-wide issues' });
  await expect(seen.getByTestId('site-issue')).toContainText('Resolved: Plant set-point raised to 75 °C');
  await expect(seen.getByRole('button', { name: 'Raise an issue' })).toHaveCount(0);
  expect(await violations(clientPage), 'client dashboard').toEqual([]);
});
