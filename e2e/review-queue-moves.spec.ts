import { expect, test } from './fixtures';
import { submitThroughApi as submit } from './report-files';

test('a supervisor works through a queue on a phone: bulk approve, a send-back marking an answer, the next report after each decision', async ({
  pageFor,
  createUser,
  createSite,
  adminApi,
}) => {
  test.setTimeout(180_000);
  const { site, properties } = await createSite({
    properties: [1, 2, 3, 4].map((n) => ({ address: `Flat ${n}, Alder House`, propertyType: '1b2p' })),
  });
  const engineer = await createUser();
  const supervisor = await createUser({ role: 'supervisor' });
  expect((await adminApi.put(`/api/sites/${site.id}/members/${supervisor.id}`)).status()).toBe(201);
  const eng = await pageFor(engineer);
  const [a, b, failing, last] = [
    await submit(eng, site, properties[0]!, 3),
    await submit(eng, site, properties[1]!, 2),
    await submit(eng, site, properties[2]!, 1),
    await submit(eng, site, properties[3]!, 0),
  ];
  const corrected = await adminApi.post(`/api/reports/${failing!.id}/corrections`, {
    data: { field: 'standbyFlowTemp', value: '99', reason: 'Read from the wrong gauge' },
  });
  expect(corrected.status()).toBe(200);

  const page = await pageFor(supervisor);
  await page.setViewportSize({ width: 390, height: 844 });

  await test.step('the queue names the failure kind and its reasons; only passing reports can be chosen', async () => {
    await page.goto(`/review/sites/${site.id}`);
    // The first screen of a fresh browser loads its code first.
    await expect(page.getByRole('heading', { name: /Awaiting review \(4\)/ })).toBeVisible({ timeout: 30_000 });
    const queue = page.getByRole('region', { name: /Awaiting review/ });
    await expect(queue).toContainText('Reading out of range');
    await expect(queue).toContainText('Flow Temperature out of range');
    await expect(page.getByRole('checkbox', { name: `Select ${properties[2]!.address} to approve` })).toHaveCount(0);
    const box = page.getByRole('checkbox', { name: `Select ${properties[0]!.address} to approve` });
    const target = await box.locator('xpath=..').boundingBox();
    expect(target!.width).toBeGreaterThanOrEqual(44);
    expect(target!.height).toBeGreaterThanOrEqual(44);
  });

  await test.step('bulk approve two passing reports, confirmed with the count', async () => {
    await page.getByRole('checkbox', { name: `Select ${properties[0]!.address} to approve` }).check();
    await page.getByRole('checkbox', { name: `Select ${properties[1]!.address} to approve` }).check();
    await page.getByRole('button', { name: 'Approve 2 passing reports' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: 'Approve 2 passing reports?' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Approve 2' }).click();
    await expect(page.getByRole('region', { name: /Awaiting review \(2\)/ })).toBeVisible();
    for (const r of [a, b])
      expect(await (await adminApi.get(`/api/reports/${r!.id}`)).json()).toMatchObject({ reviewState: 'approved' });
  });

  await test.step('send back the failing report, marking a yes/no answer: the next report opens', async () => {
    await page.getByRole('link', { name: new RegExp(properties[2]!.address) }).click();
    await expect(page.getByRole('heading', { name: properties[2]!.address })).toBeVisible();
    await page.getByRole('button', { name: 'Send back' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('The standby flow temperature needs reading again');
    // The failing reading is listed first and marked already; a yes/no answer can be marked too.
    const marks = dialog.getByRole('checkbox');
    await expect(marks.first()).toHaveAccessibleName(/Flow Temperature: 99 .*\(fails\)/);
    await expect(marks.first()).toBeChecked();
    const strainer = dialog.getByRole('checkbox', { name: /Initial Checks: Strainer clean: Yes/ });
    await strainer.check();
    const row = await strainer.locator('xpath=..').boundingBox();
    expect(row!.height).toBeGreaterThanOrEqual(44);
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await expect(page.getByRole('heading', { name: properties[3]!.address })).toBeVisible();
    const sentBack = await (await adminApi.get(`/api/reports/${failing!.id}`)).json();
    expect(sentBack).toMatchObject({ reviewState: 'sent_back' });
    expect([...sentBack.reviewFields].sort()).toEqual(['initialChecks.strainerClean', 'standbyFlowTemp']);
  });

  await test.step('approve the last one: the queue opens, saying nothing is left', async () => {
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(new RegExp(`/review/sites/${site.id}$`));
    await expect(page.getByText(`Nothing else on ${site.name} is waiting for review`)).toBeVisible();
    expect(await (await adminApi.get(`/api/reports/${last!.id}`)).json()).toMatchObject({ reviewState: 'approved' });
  });
});
