import type { Page } from '@playwright/test';
import { PASSING_CP1 } from '@hiu/domain/testing';
import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';
import { smallTargets, violations } from './page-checks';

async function fillPack(page: Page, keys: (keyof typeof PASSING_CP1)[]) {
  for (const key of keys) await page.getByTestId(`cp1.${key}`).fill(String(PASSING_CP1[key]));
}

const baseline = ['Energy', 'Volume', 'Flow', 'Power', 'FlowTemp', 'ReturnTemp'].map(
  (k) => `baseline${k}`,
) as (keyof typeof PASSING_CP1)[];

// Issue 39 item 4 (docs/product.md#test-packs, decision 213): each answer of the pack shows its verdict on the
// step, and an answer that raises an issue waits for who must act and a due date.
test("CP1/TS1 answers judged on step 2 at the phone viewport: an open issue's owner and due date, a fail of the HIU", async ({
  engineerPage: page,
  createSite,
  adminApi,
}, testInfo) => {
  test.setTimeout(120_000);
  const { site, properties } = await createSite({
    properties: [{ address: '11 Foundry Row, Sheffield', propertyType: '2b4p' }],
  });
  expect((await adminApi.patch(`/api/sites/${site.id}`, { data: { testPack: 'cp1-ts1' } })).status()).toBe(200);
  const check = new CheckJourney(page);
  await check.start(site, properties[0]!);
  await check.basicInfo({ model: 'Evo 40', serial: 'SN-CP1-ANS' });
  // The unit's own set-points, which version 3's peak readings are held to, then the meter's baseline.
  await fillPack(page, [
    'meterMake',
    'meterModel',
    'meterSerial',
    'dhwSetPoint',
    'dhwSetPointTolerance',
    'heatingSetPoint',
    ...baseline,
  ]);
  await check.yesNo('Heat meter accessible to the occupant').yes.click();
  await check.next('Save and Continue');

  await check.expectStep(2, 'Initial Checks');
  await check.initialChecks();
  await fillPack(page, ['staticFlowPressure', 'staticReturnPressure', 'differentialPressure', 'dpcvSetting']);
  await check.yesNo('System flushed').yes.click();
  await expect(page.getByTestId('verdict-flushed')).toHaveText('✓ Pass');
  await page.getByTestId('cp1.strainerCondition').selectOption('Clear');
  await check.yesNo('Primary differential pressure test points present').yes.click();
  await check.yesNo('Chemical cleanse carried out').yes.click();
  await page.getByTestId('cp1.flushingBypass').selectOption('Not fitted');
  await check.yesNo('Electrical supply from a fused spur').yes.click();

  await test.step('water sample not taken: an open issue that needs a due date before Next', async () => {
    await check.yesNo('Water sample taken').no.click();
    const verdict = page.getByTestId('verdict-waterSample');
    await expect(verdict).toContainText('Open issue: Water sample not taken. Still needed before sending: a due date.');
    await expect(verdict.getByLabel('Who must act')).toHaveValue('installer');
    await expect(check.button('Next')).toBeDisabled();
    await expect(page.getByText('Still needed: Water sample not taken: a due date')).toBeVisible();
    expect(await violations(page), 'step 2 with an open issue').toEqual([]);
    expect(await smallTargets(page, 'step 2 with an open issue')).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('cp1-answer-issue.png'), fullPage: true });
    await verdict.getByLabel('Who must act').selectOption('client');
    await verdict.getByLabel('Due date').fill('2026-12-15');
    await expect(verdict).toContainText('Open issue: Water sample not taken. Listed with the issues on step 7.');
    await expect(check.button('Next')).toBeEnabled();
  });

  await test.step('sample taken after all: the issue is taken off', async () => {
    await check.yesNo('Water sample taken').yes.click();
    await expect(page.getByTestId('verdict-waterSample')).toHaveText('✓ Pass');
    await check.yesNo('Water sample taken').no.click();
    await expect(page.getByTestId('verdict-waterSample')).toContainText('Still needed before sending: a due date.');
    await page.getByTestId('verdict-waterSample').getByLabel('Due date').fill('2026-12-15');
  });

  await test.step('a blocked strainer fails the HIU, named on the step and in the failure dialog', async () => {
    await page.getByTestId('cp1.strainerCondition').selectOption('Blocked');
    await expect(page.getByTestId('verdict-strainerCondition')).toHaveText('✕ Fails the HIU: Strainer blocked');
    await expect(page.getByText('Any No here fails the HIU: Strainer blocked.')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('cp1-answer-fail.png'), fullPage: true });
    await check.next();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm Device Failure' });
    await expect(dialog).toContainText('Strainer blocked');
    expect(await violations(page), 'device failure for an answer').toEqual([]);
  });
});
