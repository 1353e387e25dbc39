import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { smallTargets, violations } from './page-checks';
import { submitThroughApi as submit } from './report-files';

async function usable(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  // The pointer moves on, as a hand does: a toast under it waits while it is hovered.
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  expect(await violations(page), screen).toEqual([]);
  expect(await smallTargets(page, screen), screen).toEqual([]);
}

test('a client sees only approved reports of their site; a supervisor corrects a value into a new revision; admins read every history', async ({
  pageFor,
  createUser,
  createSite,
  adminApi,
  adminPage,
}, testInfo) => {
  test.setTimeout(180_000);
  const { site, properties } = await createSite({
    properties: [
      { address: 'Flat 1, Larch House', propertyType: '1b2p' },
      { address: 'Flat 2, Larch House', propertyType: '1b2p' },
      { address: 'Flat 3, Larch House', propertyType: '3b5p' },
      { address: 'Flat 4, Larch House', propertyType: '3b5p' },
    ],
  });
  const engineer = await createUser();
  const supervisor = await createUser({ role: 'supervisor' });
  const client = await createUser({ role: 'client' });
  for (const who of [supervisor, client])
    expect((await adminApi.put(`/api/sites/${site.id}/members/${who.id}`)).status()).toBe(201);
  const eng = await pageFor(engineer);
  const approved = await submit(eng, site, properties[0]!, 3);
  const waiting = await submit(eng, site, properties[1]!, 2);
  expect((await adminApi.post(`/api/reports/${approved.id}/review`, { data: { decision: 'approve' } })).status()).toBe(
    200,
  );

  await test.step('the client: progress and the approved report with its PDF, nothing else', async () => {
    const page = await pageFor(client);
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Approved reports' });
    await expect(card).toContainText(properties[0]!.address);
    await expect(card).not.toContainText(properties[1]!.address);
    await expect(page.getByRole('heading', { name: 'Start New Check' })).toHaveCount(0);
    const pdf = await page.request.get(
      (await card.getByRole('link', { name: `PDF of ${properties[0]!.address}` }).getAttribute('href'))!,
    );
    expect(pdf.status()).toBe(200);
    expect((await page.request.get(`/api/reports/${waiting.id}/pdf`)).status()).toBe(404);
    await usable(page, "client's home");
    await page.screenshot({ path: testInfo.outputPath('client-home.png'), fullPage: true });
  });

  await test.step('the supervisor corrects a value: revision 2, revision 1 kept with its PDF', async () => {
    const page = await pageFor(supervisor);
    await page.goto(`/review/reports/${waiting.id}`);
    await page.getByRole('button', { name: 'Correct a value' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct a recorded value' });
    await dialog.getByLabel('Value', { exact: true }).selectOption({ label: 'Basic Information: HIU serial' });
    await dialog.getByLabel('Corrected value').fill('SN-PLATE-42');
    await dialog.getByLabel('Reason').fill('Serial read from the plate again');
    await usable(page, 'correction dialog');
    await dialog.getByRole('button', { name: 'Correct' }).click();
    await expect(page.getByText('Corrected: revision 2')).toBeVisible();
    const revisions = page.getByRole('region', { name: 'Revisions' });
    await expect(revisions).toContainText('Basic Information: HIU serial');
    await expect(revisions).toContainText('SN-PLATE-42');
    const first = await page.request.get(
      (await revisions.getByRole('link', { name: 'PDF of revision 1' }).getAttribute('href'))!,
    );
    expect(first.status()).toBe(200);
    await usable(page, 'report after a correction');
  });

  await test.step('the supervisor assigns every flat of one type, and is not offered a decision on their own report', async () => {
    const page = await pageFor(supervisor);
    await page.goto(`/review/sites/${site.id}/flats`);
    await page.getByLabel('Engineer').selectOption({ label: engineer.name });
    await page.getByLabel('Property type').selectOption('3b5p');
    const table = page.getByRole('list', { name: 'Flats' });
    await expect(table).toContainText(properties[2]!.address);
    await expect(table).not.toContainText(properties[0]!.address);
    await page.getByRole('button', { name: 'Assign all 2 matching' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Assign all 2 flats?' });
    await expect(confirm).toContainText('of type 3b5p');
    await confirm.getByRole('button', { name: 'Assign all' }).click();
    await expect(table.getByRole('listitem').filter({ hasText: properties[3]!.address })).toContainText(engineer.name);
    const mine = (await (await eng.request.get('/api/me/assignments')).json()) as { address: string }[];
    expect(mine.map((a) => a.address).sort()).toEqual([properties[2]!.address, properties[3]!.address]);
    await usable(page, 'assign flats by type');
    await page.screenshot({ path: testInfo.outputPath('assign-by-type.png'), fullPage: true });

    const own = await submit(page, site, properties[2]!, 2);
    await page.goto(`/review/reports/${own.id}`);
    await expect(
      page.getByText('Your own report: another supervisor or an admin reviews and corrects it.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send back' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Correct a value' })).toHaveCount(0);
  });

  await test.step("the admin reads a property's and the whole history, and downloads it as CSV", async () => {
    const page = adminPage;
    await page.goto(`/admin/properties?site=${site.id}`);
    await page.getByRole('button', { name: `History of ${properties[0]!.address}` }).click();
    const dialog = page.getByRole('dialog', { name: `History of ${properties[0]!.address}` });
    await expect(dialog.getByTestId('history-entry').first()).toContainText('Report approved');
    await expect(dialog).toContainText('Report submitted');
    await expect(dialog).toContainText('Created');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    await page.goto('/admin/history');
    await page.getByLabel('Action').selectOption({ label: 'Value corrected' });
    await expect(page.getByTestId('history-entry').first()).toContainText('Value corrected');
    await expect(page.getByTestId('history-entry').first()).toContainText('Serial read from the plate again');
    await usable(page, 'admin history');
    await page.screenshot({ path: testInfo.outputPath('admin-history.png'), fullPage: true });
    const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    expect(href).toContain('action=corrected');
    const csv = await page.request.get(href!);
    expect(csv.headers()['content-disposition']).toMatch(/history-\d{4}-\d{2}-\d{2}\.csv/);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toContain('"When (UTC)"');
    expect(text).toContain('Serial read from the plate again');
  });
});
