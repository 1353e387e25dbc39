import { expect, signInWithForm, test } from './fixtures';
import { CheckJourney, reportsFor } from './check-journey';

test('a submit that fails once keeps everything and succeeds on retry, stored once', async ({
  engineerPage: page,
  createSite,
  adminApi,
}) => {
  const { site, properties } = await createSite({ properties: 1 });
  const check = new CheckJourney(page);
  await check.start(site, properties[0]!);
  await check.walkToReview({ Hall: '2', 'Living Room': '2', Kitchen: '2', 'Bedroom 1': '2' });

  // The server answers 500 until the engineer tries again.
  let failing = true;
  let posts = 0;
  await page.route('**/api/reports', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts++;
    if (failing) {
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Internal Server Error' } }),
      });
    }
    return route.continue();
  });

  await check.button('Submit Report').click();
  await expect(page.getByText('Submission Failed').first()).toBeVisible();
  await check.expectStep(8, 'Review & Submit');
  expect(posts).toBeGreaterThanOrEqual(1);
  expect(await reportsFor(adminApi, site.name)).toHaveLength(0);
  // Nothing was lost: the review still shows the data.
  await expect(check.section('Basic Information')).toContainText('SN-1001');

  failing = false;
  await expect(check.button('Submit Report')).toBeEnabled();
  await check.button('Submit Report').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Report Submitted')).toBeVisible();
  const reports = await reportsFor(adminApi, site.name);
  expect(reports).toHaveLength(1);
  expect(reports[0]!.overallStatus).toBe('PASS');
});

test('a submit with no signal is kept on the phone, said so, and sent when the signal returns', async ({
  engineerPage: page,
  createSite,
  adminApi,
}) => {
  const { site, properties } = await createSite({ properties: 1 });
  const check = new CheckJourney(page);
  await check.start(site, properties[0]!);
  await check.walkToReview();

  await check.submitWithoutSignal();
  const notice = page.getByTestId('queued-reports');
  await expect(notice).toContainText('when the connection returns');
  await expect(page.getByTestId('unsaved-work')).toHaveCount(0);
  expect(await reportsFor(adminApi, site.name)).toHaveLength(0);

  await page.context().setOffline(false);
  await expect(page.getByText('Report Submitted')).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await reportsFor(adminApi, site.name)).length).toBe(1);
  await expect(notice).toHaveCount(0);
});

test('signed out during a check: Submit keeps the report, asks to sign in, and sends it after sign-in', async ({
  engineerPage: page,
  engineer,
  createSite,
  adminApi,
}) => {
  const { site, properties } = await createSite({ properties: 1 });
  const check = new CheckJourney(page);
  await check.start(site, properties[0]!);
  // The session ends (it expired, or was ended elsewhere) while the engineer works on.
  await page.context().clearCookies();
  await check.walkToReview();
  await check.button('Submit Report').click();

  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You were signed out' })).toHaveText(
    'You were signed out. Sign in again to send what is kept on this phone.',
  );
  await expect(page.getByText('Submission Failed')).toHaveCount(0);
  expect(await reportsFor(adminApi, site.name)).toHaveLength(0);

  await signInWithForm(page, engineer);
  await expect(page.getByRole('heading', { name: 'HIU Commissioning', level: 1 })).toBeVisible();
  await expect(page.getByText('Report Submitted')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('unsaved-work')).toHaveCount(0);
  const reports = await reportsFor(adminApi, site.name);
  expect(reports).toHaveLength(1);
  expect(reports[0]).toMatchObject({ hiuSerial: 'SN-1001', overallStatus: 'PASS' });
});
