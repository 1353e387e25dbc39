import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { CheckJourney } from '../check-journey';
import { checkPlan, deviceFiles, expectStoredOnce } from './check-plan';

/**
 * The page goes at the worst moment of step 7: the instant the signature's stroke ends, and right after a
 * photo was added. Each is a case; the server must then hold one report with every value as entered and
 * every file with the phone's bytes.
 */
const FAULTS: { kind: string; replace: (page: Page) => Promise<Page> }[] = [
  {
    kind: 'reload',
    async replace(page) {
      await page.reload();
      return page;
    },
  },
  {
    kind: 'closed and reopened tab',
    async replace(page) {
      const context = page.context();
      await page.close({ runBeforeUnload: false });
      const next = await context.newPage();
      await next.goto('/');
      await next.getByTestId('unsaved-work').getByRole('button', { name: 'Continue Check' }).click();
      return next;
    },
  },
];

/** The values after which the page goes: a photo added (and labelled), the signature's stroke ended. */
const STRIKE_AFTER = ['photo 2 label', 'signature'];

for (const fault of FAULTS) {
  test(`${fault.kind} right after adding a photo and right after signing: nothing lost, nothing stored twice`, async ({
    engineerPage: page,
    createSite,
    adminApi,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { site, properties } = await createSite({ properties: 1 });
    const plan = checkPlan(`right-after-${fault.kind.replace(/\W+/g, '-')}`);
    await page.goto('/');
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    let check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    let cases = 0;
    for (const step of plan) {
      await test.step(`${step.name}`, async () => {
        await check.expectStep(step.number, step.name);
        const entered = [];
        for (const v of [...step.first, ...step.second]) {
          await v.enter(check);
          entered.push(v);
          if (!STRIKE_AFTER.includes(v.name)) continue;
          // No waiting: the page goes the moment the value is on screen.
          check = new CheckJourney(await fault.replace(check.page));
          cases++;
          await check.expectStep(step.number, step.name);
          for (const shown of entered) await shown.expectShown(check);
        }
        if (step.next) await check.next(step.next);
      });
    }
    const onDevice = await deviceFiles(check.page);
    await check.button('Submit Report').click();
    await expect(check.page.getByText('Report Submitted')).toBeVisible({ timeout: 30_000 });
    const values = await expectStoredOnce(adminApi, site.name, plan, onDevice);
    expect(cases).toBe(STRIKE_AFTER.length);
    testInfo.annotations.push({
      type: 'fault-injection',
      description: JSON.stringify({ fault: `${fault.kind} right after photo / signature`, cases, values }),
    });
  });
}
