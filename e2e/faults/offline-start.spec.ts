import type { Page } from '@playwright/test';
import type { Draft } from '@hiu/domain';
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

/** The engineer's kept copy on the phone (IndexedDB): when it was saved, or null while there is none. */
async function keptSince(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('hiu-field-cache');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    if (!db.objectStoreNames.contains('snapshots')) return (db.close(), null);
    const all = await new Promise<{ savedAt: string; drafts: unknown[] }[]>((resolve, reject) => {
      const req = db.transaction('snapshots').objectStore('snapshots').getAll();
      req.onsuccess = () => resolve(req.result as { savedAt: string; drafts: unknown[] }[]);
      req.onerror = () => reject(req.error);
    });
    db.close();
    return all[0] && all[0].drafts.length > 0 ? all[0].savedAt : null;
  });
}

/** Cuts the phone off the server the way each fault does; returns how to heal it. */
const COLD_START_FAULTS: {
  kind: string;
  cut(page: Page): Promise<void>;
  heal(page: Page): Promise<void>;
  /** What the phone says once Submit has kept the report for later. */
  kept: string;
}[] = [
  {
    kind: 'no signal',
    cut: (page) => page.context().setOffline(true),
    heal: (page) => page.context().setOffline(false),
    kept: 'Report kept on this phone.',
  },
  {
    kind: 'server down',
    cut: async (page) => {
      await page.context().route('**/api/**', (route) => route.abort('connectionrefused'));
    },
    heal: (page) => page.context().unrouteAll({ behavior: 'ignoreErrors' }),
    // The phone believes it is online, so Submit tries, waits and says the report failed for now.
    kept: 'Submission Failed',
  },
];

for (const fault of COLD_START_FAULTS) {
  test(`cold start with ${fault.kind}: home lists the kept sites, properties and drafts; a flat is started and sent once`, async ({
    engineer,
    engineerPage: page,
    pageFor,
    createSite,
    adminApi,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { site, properties } = await createSite({ properties: 3 });
    const plan = checkPlan(`cold-${fault.kind.replace(/\W+/g, '-')}`);
    const [fresh, drafted] = [properties[0]!, properties[1]!];

    await test.step('a draft saved on another phone earlier', async () => {
      const other = await pageFor(engineer);
      const check = new CheckJourney(other);
      await check.start(site, drafted);
      await check.basicInfo({ model: 'Cold Model', serial: 'COLD-1' });
      await check.next('Save and Continue');
      await check.expectStep(2, 'Initial Checks');
      await expect
        .poll(async () => ((await (await other.request.get('/api/drafts')).json()) as Draft[]).length)
        .toBe(1);
      await other.context().close();
    });

    await test.step('one online visit: home is kept on the phone', async () => {
      await page.goto('/');
      await page.evaluate(async () => void (await navigator.serviceWorker.ready));
      await page.reload();
      await expect(page.getByRole('region', { name: 'Today' })).toContainText(drafted.address);
      await expect(page.getByTestId('offline-as-of')).toHaveCount(0);
      await expect.poll(() => keptSince(page), { timeout: 20_000 }).not.toBeNull();
    });

    await fault.cut(page);
    await test.step('reloaded, then closed and reopened: home shows what the phone kept, as of when', async () => {
      await page.reload();
      await expect(page.getByTestId('offline-as-of')).toContainText(/Offline, as of \d\d:\d\d/);
      await expect(page.getByText(/Could not load|could not be loaded/)).toHaveCount(0);
      const context = page.context();
      await page.close({ runBeforeUnload: false });
      page = await context.newPage();
      await page.goto('/');
      await expect(page.getByTestId('offline-as-of')).toBeVisible();
      await expect(page.getByText(/Could not load|could not be loaded/)).toHaveCount(0);
      const item = page
        .getByRole('region', { name: 'Today' })
        .getByRole('listitem')
        .filter({ hasText: drafted.address });
      await expect(item).toContainText('Initial Checks');
    });

    await test.step('the draft resumes with its values', async () => {
      const item = page
        .getByRole('region', { name: 'Today' })
        .getByRole('listitem')
        .filter({ hasText: drafted.address });
      await item.getByRole('link', { name: /Resume/ }).click();
      const resumed = new CheckJourney(page);
      await resumed.expectStep(2, 'Initial Checks');
      await resumed.button('Back').click();
      await resumed.expectStep(1, 'Basic Information');
      await expect(page.getByLabel('HIU Model')).toHaveValue('Cold Model');
      await page.goto('/');
    });

    const check = new CheckJourney(page);
    await test.step('another flat is found by status and started', async () => {
      await page.getByLabel('Site', { exact: true }).selectOption({ label: `${site.name} - ${site.location}` });
      await expect(page.getByTestId('site-progress-text')).toHaveText('0 of 3 commissioned, 1 in progress');
      await page.getByRole('button', { name: 'Not started' }).click();
      const option = page.getByRole('option', {
        name: new RegExp(fresh.address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      });
      await expect(option).toContainText('Not started');
      await option.click();
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await check.expectStep(1, 'Basic Information');
      await expect(page.getByLabel('Address')).toHaveValue(fresh.address);
    });

    await walkOffline(check, plan);
    const onDevice = await deviceFiles(page);
    await check.button('Submit Report').click();
    await expect(page.getByText(fault.kept).first()).toBeVisible({ timeout: 60_000 });

    await fault.heal(page);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByText('Report Submitted')).toBeVisible({ timeout: 30_000 });
    const values = await expectStoredOnce(adminApi, site.name, plan, onDevice);
    testInfo.annotations.push({
      type: 'fault-injection',
      description: JSON.stringify({ fault: `cold start, ${fault.kind}`, cases: 3, values }),
    });
  });
}

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
