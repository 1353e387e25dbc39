import { request, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { ADMIN, expect, projectContextOptions, signIn, test } from '../fixtures';
import { createSite, createUser } from '../fixtures/api';
import type { RestartableApp } from '../fixtures/fresh-app';
import type { Property, Site } from '@hiu/domain';
import { CheckJourney } from '../check-journey';
import { checkPlan, deviceFiles, expectStoredOnce, type PlannedStep } from './check-plan';

/**
 * Fault injection (docs/product.md#robustness): one test per fault walks a whole check and injects the fault in the middle
 * of entering each of the 8 steps, then in the middle of submitting. Each injection is a case. Afterwards
 * the server must hold exactly one report with every value as typed and every photo with the phone's bytes.
 */
interface Fault {
  kind: string;
  /** The fault strikes after the first half of a step was entered; returns the page to carry on with. */
  duringEntry(page: Page, step: PlannedStep): Promise<Page>;
  /** After the step was left (its draft save went under the fault), or on the review after typing. */
  afterStep(page: Page, step: PlannedStep): Promise<void>;
  /** Submits under the fault and ends once the phone says the report reached the server. */
  duringSubmit(page: Page): Promise<Page>;
}

const CASES_PER_FAULT = 9;

/** The save badge never claims the cloud has what it has not: a save under a network fault stays local. */
async function expectKeptLocally(page: Page) {
  await expect(page.getByRole('link', { name: /^(Saved locally|\d+ waiting to send)$/ })).toBeVisible();
}

/** A fault that cuts the phone off the server, and heals after the step. */
function networkFault(
  kind: string,
  inject: (page: Page) => Promise<void>,
  heal: (page: Page) => Promise<void>,
  submitted: (page: Page) => Promise<void>,
): Fault {
  return {
    kind,
    async duringEntry(page) {
      await inject(page);
      return page;
    },
    async afterStep(page, step) {
      if (step.next) await expectKeptLocally(page);
      await heal(page);
    },
    async duringSubmit(page) {
      await inject(page);
      await new CheckJourney(page).button('Submit Report').click();
      await submitted(page);
      return page;
    },
  };
}

const offline = networkFault(
  'offline',
  (page) => page.context().setOffline(true),
  (page) => page.context().setOffline(false),
  async (page) => {
    await expect(page.getByTestId('queued-reports')).toContainText('Report kept on this phone.');
    await page.context().setOffline(false);
    await expect(page.getByText('Report Submitted')).toBeVisible({ timeout: 30_000 });
  },
);

const serverError = networkFault(
  'server answers 500',
  async (page) => {
    await page.route('**/api/**', (route) =>
      route.request().method() === 'GET'
        ? route.continue()
        : route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'internal', message: 'Internal Server Error' } }),
          }),
    );
  },
  (page) => page.unrouteAll({ behavior: 'ignoreErrors' }),
  async (page) => {
    await expect(page.getByText('Submission Failed').first()).toBeVisible();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    // Sent by itself on the next retry; nothing for the engineer to do.
    await expect(page.getByText('Report Submitted')).toBeVisible({ timeout: 30_000 });
  },
);

/** The app's server process is stopped, then started again on the same data (it boots while the engineer types). */
function serverStopped(app: RestartableApp): Fault {
  let starting: Promise<void> = Promise.resolve();
  const stop = async () => {
    await starting;
    await app.stopServer();
  };
  return networkFault(
    'server stopped',
    stop,
    async () => {
      starting = app.startServer();
    },
    async (page) => {
      await expect(page.getByText('Submission Failed').first()).toBeVisible();
      await app.startServer();
      // The engineer opens the outbox and sends at once instead of waiting for the next retry.
      await page.goto('/check/outbox');
      await page.getByRole('button', { name: 'Send now' }).click();
      await expect(page.getByTestId('outbox-status')).toHaveText(
        'Everything has been sent. Nothing is waiting on this phone.',
        { timeout: 30_000 },
      );
    },
  );
}

/** A fault that throws the page away (reload, closed tab): what was typed must be on screen again. */
function pageFault(kind: string, replace: (page: Page) => Promise<Page>): Fault {
  return {
    kind,
    async duringEntry(page, step) {
      const next = await replace(page);
      const check = new CheckJourney(next);
      if (next !== page) {
        await next.getByTestId('unsaved-work').getByRole('button', { name: 'Continue Check' }).click();
      }
      await check.expectStep(step.number, step.name);
      for (const v of step.first) await v.expectShown(check);
      return next;
    },
    async afterStep() {},
    async duringSubmit(page) {
      // The report is queued on the phone and its POST is on the way when the page goes.
      let holding = true;
      let arrived!: () => void;
      const posted = new Promise<void>((r) => (arrived = r));
      await page.route('**/api/reports', async (route) => {
        if (!holding || route.request().method() !== 'POST') return route.continue();
        arrived();
        await new Promise(() => {}); // never answered: the page goes first
      });
      await new CheckJourney(page).button('Submit Report').click();
      await posted;
      holding = false;
      const next = await replace(page);
      await expect(next.getByText('Report Submitted')).toBeVisible({ timeout: 30_000 });
      return next;
    },
  };
}

const reload = pageFault('reload', async (page) => {
  await page.reload();
  return page;
});

const reopenedTab = pageFault('closed and reopened tab', async (page) => {
  const context = page.context();
  await page.close({ runBeforeUnload: false });
  const next = await context.newPage();
  await next.goto('/');
  return next;
});

/** Walks the whole check with the fault in every step and at submit; checks the server; reports the counts. */
async function runFaultCheck(
  fault: Fault,
  page: Page,
  api: APIRequestContext,
  { site, properties }: { site: Site; properties: Property[] },
  testInfo: TestInfo,
) {
  const plan = checkPlan(fault.kind.replace(/\W+/g, '-'));
  // A phone that has opened the app before: its service worker holds the app's code, so each step's code
  // is there while the server is not. (On a first visit a step's code can fail to load with the signal;
  // check-screen-errors.spec.ts covers that screen.)
  await page.goto('/');
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  let check = new CheckJourney(page);
  await check.start(site, properties[0]!);
  for (const step of plan) {
    await test.step(`step ${step.number}: ${fault.kind} while entering ${step.name}`, async () => {
      await check.expectStep(step.number, step.name);
      for (const v of step.first) await v.enter(check);
      check = new CheckJourney(await fault.duringEntry(check.page, step));
      for (const v of step.second) await v.enter(check);
      if (step.next) await check.next(step.next);
      await fault.afterStep(check.page, step);
    });
  }
  const onDevice = await deviceFiles(check.page);
  await test.step(`${fault.kind} while submitting`, async () => {
    check = new CheckJourney(await fault.duringSubmit(check.page));
  });
  const values = await test.step('every value and photo is on the server exactly once', () =>
    expectStoredOnce(api, site.name, plan, onDevice));
  testInfo.annotations.push({
    type: 'fault-injection',
    description: JSON.stringify({ fault: fault.kind, cases: CASES_PER_FAULT, values }),
  });
  console.log(`fault injection, ${fault.kind}: ${CASES_PER_FAULT} cases, ${values} values checked on the server`);
}

test.describe('fault injection in every step and at submit', () => {
  // A whole check with a fault in each step: longer than one journey.
  test.describe.configure({ timeout: 300_000, mode: 'parallel' });

  for (const fault of [offline, serverError, reload, reopenedTab]) {
    test(`${fault.kind}: nothing lost, nothing stored twice`, async ({
      engineerPage,
      createSite: makeSite,
      adminApi,
    }, testInfo) => {
      await runFaultCheck(fault, engineerPage, adminApi, await makeSite({ properties: 1 }), testInfo);
    });
  }

  test('server stopped: nothing lost, nothing stored twice', async ({ restartableApp: app, browser }, testInfo) => {
    // The app of its own is empty: its first admin, an engineer and a site.
    const api = await request.newContext({ baseURL: app.baseURL });
    expect((await api.post('/api/auth/setup', { data: ADMIN })).status()).toBe(201);
    const engineer = await createUser(api);
    const made = await createSite(api, { properties: 1 });
    const context = await browser.newContext({ ...projectContextOptions(testInfo), baseURL: app.baseURL });
    const page = await context.newPage();
    await signIn(page, engineer);
    try {
      await runFaultCheck(serverStopped(app), page, api, made, testInfo);
    } finally {
      await context.close();
      await api.dispose();
    }
  });
});
