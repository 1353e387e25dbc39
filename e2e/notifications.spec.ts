import { expect, test } from './fixtures';
import { submitThroughApi as submit } from './report-files';

test('an engineer is told on the phone that a report was sent back: the bell counts it, the list says why', async ({
  pageFor,
  createUser,
  createSite,
  adminApi,
}) => {
  test.setTimeout(120_000);
  const { site, properties } = await createSite({
    properties: [{ address: 'Flat 7, Rowan House', propertyType: '1b2p' }],
  });
  const engineer = await createUser({ name: `Nell Engineer ${Date.now()}` });
  const supervisor = await createUser({ role: 'supervisor', name: 'Sam Supervisor' });
  for (const who of [engineer, supervisor])
    expect((await adminApi.put(`/api/sites/${site.id}/members/${who.id}`)).status()).toBeLessThan(300);
  const page = await pageFor(engineer);
  await page.setViewportSize({ width: 390, height: 844 });
  const report = await submit(page, site, properties[0]!, 2);
  // The engineer was told their account was made: that one is read first, so the bell starts at none.
  expect((await page.request.post('/api/notifications/read-all', { data: {} })).status()).toBeLessThan(300);

  await page.goto('/');
  const bell = page.getByRole('link', { name: /^Notifications/ });
  // The first screen of a fresh browser loads its code first.
  await expect(bell).toHaveAccessibleName('Notifications, none unread', { timeout: 30_000 });

  const reviewer = await pageFor(supervisor);
  const sentBack = await reviewer.request.post(`/api/reports/${report.id}/review`, {
    data: { decision: 'send_back', reason: 'The plate photo is blurred' },
  });
  expect(sentBack.status()).toBe(200);

  await test.step('the bell counts it on the next screen, with a target big enough for a thumb', async () => {
    await page.getByRole('link', { name: 'My reports' }).first().click();
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(page.getByTestId('unread-count')).toHaveText('1');
    const box = await bell.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
  });

  await test.step('the list says who sent it back and why, marked unread; opening it leads to My flats', async () => {
    await bell.click();
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    // Newest first: the send-back, above the (read) notice of the account's creation.
    await expect(page.getByTestId('notification')).toHaveCount(2);
    const entry = page.getByTestId('notification').first();
    await expect(entry).toContainText('Sent back: Flat 7, Rowan House');
    await expect(entry).toContainText(`Sam Supervisor sent back your report ${report.reference}`);
    await expect(entry).toContainText('The plate photo is blurred');
    await expect(entry).toContainText('Unread');
    await entry.getByRole('button').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(bell).toHaveAccessibleName('Notifications, none unread');
    await bell.click();
    await expect(page.getByTestId('notification').first()).toContainText('Read');
    await expect(page.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
  });
});
