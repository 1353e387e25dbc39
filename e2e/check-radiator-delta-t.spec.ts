import type { Page } from '@playwright/test';
import { PASSING_CP1 } from '@hiu/domain/testing';
import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';
import { smallTargets, violations } from './page-checks';

// The meter, the unit's own set-points and the baseline reading set: what step 1 asks under version 3.
const STEP_1 = [
  'meterMake',
  'meterModel',
  'meterSerial',
  'dhwSetPoint',
  'dhwSetPointTolerance',
  'heatingSetPoint',
].concat(
  ['Energy', 'Volume', 'Flow', 'Power', 'FlowTemp', 'ReturnTemp'].map((k) => `baseline${k}`),
) as (keyof typeof PASSING_CP1)[];

async function fillStep1(page: Page) {
  for (const key of STEP_1) await page.getByTestId(`cp1.${key}`).fill(String(PASSING_CP1[key]));
}

// docs/product.md#test-packs: ΔT per radiator on step 4 and underfloor zone flows on step 5, at 390 x 844.
test('CP1/TS1: each radiator’s flow and return give its ΔT on step 4; a hotter return is named; zones on step 5', async ({
  engineerPage: page,
  createSite,
  adminApi,
}, testInfo) => {
  const { site, properties } = await createSite({
    properties: [{ address: '7 Oak Close, Leeds', propertyType: '1b2p' }],
  });
  expect((await adminApi.patch(`/api/sites/${site.id}`, { data: { testPack: 'cp1-ts1' } })).status()).toBe(200);
  const check = new CheckJourney(page);
  await check.start(site, properties[0]!);
  await check.basicInfo({ model: 'Evo 40', serial: 'SN-DELTA' });
  await fillStep1(page);
  await check.yesNo('Heat meter accessible to the occupant').yes.click();
  await check.next('Save and Continue');
  await page.goto('/check/radiators');
  await check.expectStep(4, 'Tertiary System Checks');

  const flow = page.getByLabel('Hall radiator flow');
  const ret = page.getByLabel('Hall radiator return');
  await expect(flow).toHaveAttribute('inputmode', 'decimal');
  await flow.fill('55');
  await ret.fill('45');
  await expect(page.getByTestId('radiator-delta-t-Hall')).toHaveText('✓ ΔT 10 K (return not above flow)');

  await ret.fill('55.5');
  await expect(page.getByTestId('radiator-delta-t-Hall')).toHaveText('✗ ΔT -0.5 K (return above flow)');
  await expect(
    page.getByText(
      'Hall radiator return (55.5 °C) is hotter than its flow (55 °C): the probes may be on the wrong pipes.',
    ),
  ).toBeVisible();
  await check.radiators({ Hall: '2', 'Living Room': '2', Kitchen: '2', 'Bedroom 1': '2' });
  const next = check.button('Next');
  await expect(next).toHaveAccessibleDescription('Still needed: Hall radiator return');
  await page.screenshot({ path: testInfo.outputPath('step-4-delta-t.png') });
  // Screen readers and fingers: no axe violation, no tap target under 44 px.
  expect(await violations(page)).toEqual([]);
  expect(await smallTargets(page, 'step 4 with radiator temperatures')).toEqual([]);

  await ret.fill('40');
  await expect(page.getByTestId('radiator-delta-t-Hall')).toHaveText('✓ ΔT 15 K (return not above flow)');
  await check.next();

  await check.expectStep(5, 'Heating Checks');
  await check.button('Add a zone').click();
  await expect(page.getByLabel('Zone 1 name')).toHaveValue('Zone 1');
  await page.getByLabel('Zone 1 name').fill('Bathroom');
  const zoneFlow = page.getByLabel('Zone 1 flow');
  await expect(zoneFlow).toHaveAttribute('inputmode', 'decimal');
  await zoneFlow.fill('2.5');
  await expect(page.getByText('0 to 60 L/min')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  expect(await smallTargets(page, 'step 5 with a zone')).toEqual([]);
  await page.reload();
  await check.expectStep(5, 'Heating Checks');
  await expect(page.getByLabel('Zone 1 flow')).toHaveValue('2.5');
  // A zone with a flow read asks before it goes.
  await check.button('Remove zone 1').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Zone 1 flow')).toHaveValue('2.5');
  await page.goto('/check/radiators');
  await expect(page.getByLabel('Hall radiator return')).toHaveValue('40');
});
