import { request } from '@playwright/test';
import { expect, signInWithForm, test } from './fixtures';
import { CheckJourney, reportsFor } from './check-journey';
import { BASE_URL } from './fixtures/env';
import { openWithServiceWorker } from './fixtures/offline-ready';

test.describe('signing out', () => {
  test('with work not yet sent it asks first; Stay signed in keeps the engineer in', async ({
    engineerPage: page,
    engineer,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    // The dialog's code comes from the service worker once the phone is offline, as on a phone used before.
    await openWithServiceWorker(page);
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.walkToReview();
    await check.submitWithoutSignal();
    const waiting = (await page.getByTestId('outbox-link').innerText()).match(/(\d+) items? waiting/)![1]!;

    await page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out?' });
    await expect(dialog).toContainText(`${waiting} item`);
    await expect(dialog).toContainText('sent only once you sign in again');
    await expect(dialog).toContainText('This phone has no connection, so you cannot sign in again until it has one.');
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(engineer.name)).toBeVisible();

    // Once everything has gone, Sign out asks nothing.
    await page.context().setOffline(false);
    await expect(page.getByText('Report Submitted')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('outbox-link')).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('with no connection it signs out for good: the server is told when the connection returns', async ({
    engineerPage: page,
    engineer,
  }) => {
    // The service worker keeps the app's code for when there is no signal.
    await openWithServiceWorker(page);
    await expect(page.getByText(engineer.name)).toBeVisible();
    const session = (await page.context().cookies()).find((c) => c.httpOnly)!;
    const meWith = async (cookie: string) => {
      const api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { cookie } });
      const status = (await api.get('/api/auth/me')).status();
      await api.dispose();
      return status;
    };
    expect(await meWith(`${session.name}=${session.value}`)).toBe(200);

    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out?' });
    await expect(dialog).toContainText('This phone has no connection');
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

    // Back in signal, the cookie the server still honoured must not sign the engineer back in.
    await page.context().setOffline(false);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect.poll(() => meWith(`${session.name}=${session.value}`)).toBe(401);
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText(engineer.name)).toHaveCount(0);
  });

  test("on a shared phone the next engineer is told another's work waits; it goes when its engineer signs in again", async ({
    engineerPage: page,
    engineer,
    createUser,
    createSite,
    adminApi,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const next = await createUser();
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.walkToReview();
    await check.submitWithoutSignal();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('alertdialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();

    await page.context().setOffline(false);
    await signInWithForm(page, next);
    await expect(page.getByText(next.name)).toBeVisible();
    await expect(page.getByTestId('others-work')).toContainText(
      /Another engineer's work is also kept on this phone \(\d+ items?\)\./,
    );
    await expect(page.getByTestId('queued-reports')).toHaveCount(0);
    expect(await reportsFor(adminApi, site.name)).toHaveLength(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInWithForm(page, engineer);
    await expect(page.getByText('Report Submitted')).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await reportsFor(adminApi, site.name)).length).toBe(1);
    await expect(page.getByTestId('others-work')).toHaveCount(0);
  });
});
