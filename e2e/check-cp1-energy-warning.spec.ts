import type { Page } from '@playwright/test';
import { PASSING_CP1 } from '@hiu/domain/testing';
import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';

// The meter, the unit's own set-points (version 3 on) and the baseline reading set.
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
  const values = { ...PASSING_CP1, baselinePower: '5' };
  for (const key of STEP_1) await page.getByTestId(`cp1.${key}`).fill(String(values[key]));
}

test('step 7 warns in words, under the final energy reading, when the meter counted more than its power could deliver; Next is not held by it', async ({
  engineerPage: page,
  createSite,
  adminApi,
}, testInfo) => {
  const { site, properties } = await createSite({ properties: 1 });
  expect((await adminApi.patch(`/api/sites/${site.id}`, { data: { testPack: 'cp1-ts1' } })).status()).toBe(200);
  const check = new CheckJourney(page);
  await check.start(site, properties[0]!);
  await check.basicInfo({ model: 'Evo 40', serial: 'SN-ENERGY' });
  // The baseline reads 1520.4 kWh with the meter showing 5 kW: minutes later, a kWh or two at most.
  await fillStep1(page);
  // Version 3 of the pack asks it on step 1 too.
  await check.yesNo('Heat meter accessible to the occupant').yes.click();
  await check.next('Save and Continue');
  await page.goto('/check/photos-signature');
  await check.expectStep(7, 'Photos & Signature');

  const final = page.getByTestId('cp1.finalEnergy');
  await final.fill('1521');
  await expect(page.getByText(/The heat meter counted/)).toHaveCount(0);

  await final.fill('2020.4');
  const warning = page.getByRole('status').filter({ hasText: 'The heat meter counted 500 kWh between the baseline' });
  await expect(warning).toBeVisible();
  // The time is the check's own so far (seconds on a quick machine, longer on a loaded one).
  await expect(warning).toContainText(
    /more than its highest power \(5 kW\) could deliver in the time of the check \([^:]+: [\d.]+ kWh with the last digit\)/,
  );
  await expect(warning).toContainText('Check the final energy reading and the power readings.');
  // A warning, not an error: the field is not marked invalid and the list of what stops Next leaves it out.
  await expect(final).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Still needed:/)).not.toContainText('Final heat meter energy reading');
  await warning.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('energy-warning.png') });
});
