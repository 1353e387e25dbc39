import { expect, test } from '../fixtures';
import { CheckJourney } from '../check-journey';
import { checkPlan, deviceFiles, expectStoredOnce, type PlannedStep } from './check-plan';

test('online once, then a whole check with photos offline, reloaded offline, sent once when back online', async ({
  engineerPage: page,
  createSite,
  adminApi,
}, testInfo) => {
  const { site, properties } = await createSite({ properties: 1 });
  const plan = checkPlan('offline-start');

  await test.step('one online visit: the service worker installs and the check is started', async () => {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // From now on the page is served by the service worker, which keeps what a check reads.
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await new CheckJourney(page).start(site, properties[0]!);
  });

  await page.context().setOffline(true);
  let check = new CheckJourney(page);
  await test.step('the app opens with no network', async () => {
    await page.reload();
    await check.expectStep(1, 'Basic Information');
    await expect(page.getByLabel('Address')).toHaveValue(properties[0]!.address);
  });

  await walkOffline(check, plan);
  const onDevice = await deviceFiles(page);

  await test.step('submitted offline, reloaded offline: kept on the phone', async () => {
    await check.button('Submit Report').click();
    await expect(page.getByTestId('queued-reports')).toContainText('Report kept on this phone.');
    await page.reload();
    check = new CheckJourney(page);
    await expect(page.getByTestId('queued-reports')).toContainText('Report kept on this phone.');
    expect(await (await adminApi.get(`/api/reports?siteName=${encodeURIComponent(site.name)}`)).json()).toEqual([]);
  });

  await page.context().setOffline(false);
  await expect(page.getByText('Report Submitted')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('queued-reports')).toHaveCount(0);
  const values = await expectStoredOnce(adminApi, site.name, plan, onDevice);
  testInfo.annotations.push({
    type: 'fault-injection',
    description: JSON.stringify({ fault: 'offline from the start', cases: 1, values }),
  });
  console.log(`fault injection, offline from the start: 1 case, ${values} values checked on the server`);
});

test('first visit: a check started online goes on offline with no reload, every step on screen', async ({
  engineerPage: page,
  createSite,
  adminApi,
}) => {
  const { site, properties } = await createSite({ properties: 1 });
  const plan = checkPlan('first-visit');
  const check = new CheckJourney(page);

  await test.step('the first visit starts a check; the service worker installs meanwhile', async () => {
    await check.start(site, properties[0]!);
    // Once the worker holds the app, the page already open (not yet its client) finds the code cached too.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  });

  await page.context().setOffline(true);
  await walkOffline(check, plan);
  const onDevice = await deviceFiles(page);
  await check.button('Submit Report').click();
  await expect(page.getByTestId('queued-reports')).toContainText('Report kept on this phone.');

  await page.context().setOffline(false);
  await expect(page.getByText('Report Submitted')).toBeVisible({ timeout: 30_000 });
  await expectStoredOnce(adminApi, site.name, plan, onDevice);
});

/** Every step of the plan, each value entered, with no network. */
async function walkOffline(check: CheckJourney, plan: PlannedStep[]) {
  for (const step of plan) {
    await test.step(`offline: ${step.name}`, async () => {
      await check.expectStep(step.number, step.name);
      for (const v of [...step.first, ...step.second]) await v.enter(check);
      if (step.next) await check.next(step.next);
    });
  }
}
