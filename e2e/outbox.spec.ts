import { expect, signInWithForm, test } from './fixtures';
import { CheckJourney, reportsFor } from './check-journey';

test('the outbox shows what waits and why, what was sent, and Send now sends at once', async ({
  engineerPage: page,
  createSite,
}) => {
  const { site, properties } = await createSite({ properties: 1 });
  const address = properties[0]!.address;
  const check = new CheckJourney(page);
  await check.start(site, properties[0]!);
  await check.basicInfo();

  // The server refuses draft saves for now (503): the phone keeps retrying with backoff.
  let failing = true;
  await page.route('**/api/drafts', (route) =>
    failing && route.request().method() === 'POST'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'unavailable', message: 'Service Unavailable' } }),
        })
      : route.continue(),
  );
  await check.next('Save and Continue');
  await check.expectStep(2, 'Initial Checks');
  // The badge opens the outbox (Saved locally, then All changes saved, then a "waiting to send" pill).
  await expect(page.getByRole('link', { name: 'Saved locally' })).toBeVisible();
  await page.getByRole('link', { name: /Saved locally|All changes saved|1 waiting to send/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  const status = page.getByTestId('outbox-status');
  await expect(status).toHaveText('1 item is waiting to send.');
  const waiting = page.getByRole('region', { name: 'Waiting to send' });
  const item = waiting.getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`Draft save — ${address}`);
  await expect(item).toContainText(/Waiting since \d\d:\d\d/);
  await expect(item).toContainText('The server could not take it (error 503). The app tries again by itself.');
  await expect(item.getByRole('button', { name: /Discard/ })).toHaveCount(0);

  // After three tries the next one is seconds away: Send now does not wait for it.
  await expect(item).toContainText(/tried (3|4) times/);
  failing = false;
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(status).toHaveText('Everything has been sent. Nothing is waiting on this phone.');
  await expect(waiting).toContainText('Nothing is waiting.');
  const sent = page.getByRole('region', { name: 'Sent recently' }).getByRole('listitem');
  await expect(sent.first()).toContainText(`Draft save — ${address}`);
  await expect(sent.first()).toContainText(/Sent at \d\d:\d\d/);

  await page.getByRole('button', { name: '← Back' }).click();
  await check.expectStep(2, 'Initial Checks');

  // No signal: a save waits for the connection, and goes by itself when it returns.
  await page.context().setOffline(true);
  await check.initialChecks();
  await check.next();
  await check.expectStep(3, 'Standby Mode');
  await page.getByRole('link', { name: /Saved locally|All changes saved|1 waiting to send/ }).click();
  await expect(status).toHaveText(
    'No connection. 1 item is waiting to send; they are sent when the connection returns.',
  );
  await expect(item).toContainText('Waits for a connection; it is sent by itself when one returns.');
  await page.context().setOffline(false);
  await expect(status).toHaveText('Everything has been sent. Nothing is waiting on this phone.');
});

test('a report the server refuses is discarded only after a dialog that says what is lost', async ({
  engineerPage: page,
  createSite,
  adminApi,
}) => {
  const { site, properties } = await createSite({ properties: 1 });
  const address = properties[0]!.address;
  const check = new CheckJourney(page);
  await check.start(site, properties[0]!);
  await check.walkToReview();
  await page.route('**/api/reports', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'validation_failed', message: 'The site no longer accepts reports' } }),
        })
      : route.continue(),
  );
  await check.button('Submit Report').click();
  await expect(page.getByText('Submission Failed').first()).toBeVisible();

  await page.goto('/');
  const link = page.getByTestId('outbox-link');
  await expect(link).toContainText('refused');
  await link.click();
  const status = page.getByTestId('outbox-status');
  await expect(status).toContainText('1 was refused by the server.');
  const report = page.getByRole('listitem').filter({ hasText: `Report — ${address}` });
  await expect(report).toContainText('The server refused it (error 422): The site no longer accepts reports');

  await report.getByRole('button', { name: 'Discard...' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Discard this report?' });
  await expect(dialog).toContainText(
    `The report for ${address} will be deleted from this phone and will never reach the server.`,
  );
  await expect(dialog).toContainText('Draft removal');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(report).toHaveCount(1);

  await report.getByRole('button', { name: 'Discard...' }).click();
  await dialog.getByRole('button', { name: 'Discard for good' }).click();
  await expect(status).toHaveText('Everything has been sent. Nothing is waiting on this phone.');
  expect(await reportsFor(adminApi, site.name)).toHaveLength(0);

  // The check is still on the phone, so it can be corrected and submitted again.
  await page.unroute('**/api/reports');
  await page.goto('/');
  await page.getByTestId('unsaved-work').getByRole('button', { name: 'Continue Check' }).click();
  await check.expectStep(8, 'Review & Submit');
  await check.button('Submit Report').click();
  await expect(page.getByText('Report Submitted')).toBeVisible();
  await expect.poll(async () => (await reportsFor(adminApi, site.name)).length).toBe(1);
});

test('signed out mid-check: the outbox says so and Sign in to send takes the engineer back with it all sent', async ({
  engineerPage: page,
  engineer,
  createSite,
}) => {
  const { site, properties } = await createSite({ properties: 1 });
  const check = new CheckJourney(page);
  await check.start(site, properties[0]!);
  await check.basicInfo();
  await page.context().clearCookies();
  await check.next('Save and Continue');
  await check.expectStep(2, 'Initial Checks');
  await check.initialChecks();
  await check.next();
  await check.expectStep(3, 'Standby Mode');
  // The save on Next could only stay on the phone, and the badge says why.
  await expect(page.getByRole('link', { name: 'Signed out: saved on phone' })).toBeVisible();

  // Once the status settles, the pill says why nothing goes.
  await page.getByRole('link', { name: /Signed out: \d+ waiting/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'You were signed out. Nothing can be sent until you sign in again; everything stays on this phone.',
  );
  await expect(page.getByRole('button', { name: 'Send now' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign in to send' }).click();

  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You were signed out' })).toHaveText(
    'You were signed out. Sign in again to send what is kept on this phone.',
  );
  await signInWithForm(page, engineer);
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page.getByTestId('outbox-status')).toHaveText(
    'Everything has been sent. Nothing is waiting on this phone.',
    { timeout: 30_000 },
  );
});
