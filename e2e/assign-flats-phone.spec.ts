import { expect, test } from './fixtures';

// docs/product.md#assignment: on a phone each flat is a card whose status and due date show without
// scrolling sideways; a date that has passed is warned about; the form starts afresh after assigning.
test('Assign flats on a phone: cards with status and due date, a past date warned about, the form cleared', async ({
  pageFor,
  createUser,
  createSite,
  adminApi,
}) => {
  test.setTimeout(120_000);
  const { site, properties } = await createSite({
    properties: [1, 2, 3].map((n) => ({
      address: `Flat ${n}, Montgomery House, 14 Long Harbour Road`,
      propertyType: '2b4p',
    })),
  });
  const engineer = await createUser({ name: `Erin ${Date.now()}` });
  const supervisor = await createUser({ role: 'supervisor' });
  expect((await adminApi.put(`/api/sites/${site.id}/members/${supervisor.id}`)).status()).toBe(201);
  const page = await pageFor(supervisor);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/review/sites/${site.id}/flats`);
  await expect(page.getByRole('heading', { name: 'Assign flats' })).toBeVisible({ timeout: 30_000 });

  await page.getByLabel('Engineer').selectOption({ label: engineer.name });
  // The date reads and is typed as dd/mm/yyyy, on a numeric keypad, whatever the browser's own date format.
  const due = page.getByRole('group', { name: 'Due date (optional)' });
  await expect(due).toContainText('dd/mm/yyyy');
  const day = due.getByRole('spinbutton', { name: /^day/i });
  await expect(day).toHaveAttribute('inputmode', 'numeric');
  await day.tap();
  await page.keyboard.type('15012020');
  await expect(due).toContainText('15/01/2020');
  await expect(page.getByText('15/01/2020 has passed: the flats will show as overdue.')).toBeVisible();
  await day.tap();
  await page.keyboard.type('10072099');
  await expect(due).toContainText('10/07/2099');
  await expect(page.getByText(/has passed/)).toHaveCount(0);
  await page.getByRole('checkbox', { name: `Select ${properties[0]!.address}` }).check();
  await page.getByRole('checkbox', { name: `Select ${properties[1]!.address}` }).check();
  await page.getByRole('button', { name: 'Assign 2 selected' }).click();
  await expect(page.getByText(`2 flats assigned to ${engineer.name}`)).toBeVisible();
  // Afresh: no engineer or date carried over to the next assignment.
  await expect(page.getByLabel('Engineer')).toHaveValue('');
  await expect(due).toContainText('dd/mm/yyyy');

  const card = page
    .getByRole('list', { name: 'Flats' })
    .getByRole('listitem')
    .filter({ hasText: properties[0]!.address });
  await expect(card).toContainText(engineer.name);
  await expect(card).toContainText('due 10/07/2099');
  await expect(card).toContainText('Not started');
  // Status and due date are on the screen, not off to the side; the page does not scroll sideways.
  for (const text of ['Not started', 'due 10/07/2099']) {
    const box = await card.getByText(text).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const cardBox = await card.boundingBox();
  expect(cardBox!.height).toBeLessThan(844 / 4);
  await page.screenshot({ path: test.info().outputPath('assign-flats-390.png'), fullPage: true });
});
