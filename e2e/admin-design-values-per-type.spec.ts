import type { Page } from '@playwright/test';
import { expect, test, unique } from './fixtures';
import { expectToast } from './admin-model';
import { CheckJourney } from './check-journey';

// Design values per property type (docs/product.md#values-per-property-type), at the phone's 390x844.
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const save = (page: Page) => page.getByRole('button', { name: 'Save Changes' });
const valuesFor = (page: Page) => page.getByRole('combobox', { name: 'Values for' });

test.describe('Design Parameters: values per property type', () => {
  test("an admin gives 2b4p flats their own standby return; an engineer's check of a 2b4p flat is held to it", async ({
    adminPage: page,
    adminApi,
    createSite,
    engineerPage,
  }, testInfo) => {
    const { site, properties } = await createSite({
      name: unique('Per Type Court'),
      properties: [{ address: 'Flat 1, Per Type House', propertyType: '2b4p' }],
    });
    await page.goto(`/admin/design-parameters?site=${site.id}`);
    await tab(page, 'Standby').click();

    await test.step("a type's boxes start empty, showing the site's value they take", async () => {
      await expect(valuesFor(page)).toHaveValue('');
      await valuesFor(page).selectOption({ label: '2b4p only' });
      const max = page.getByRole('textbox', { name: 'Return Temperature Max for 2b4p (°C)' });
      await expect(max).toHaveValue('');
      await expect(max).toHaveAttribute('placeholder', '43');
      await expect(max).toHaveAttribute('inputmode', 'decimal');
      await expect(page.getByText("2b4p has no values of its own; an empty box takes the site's value")).toBeVisible();
    });

    await test.step('a min above the max the type ends up with is answered on its box and blocks Save', async () => {
      const min = page.getByRole('textbox', { name: 'Return Temperature Min for 2b4p (°C)' });
      await min.fill('43.5');
      await expect(min).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('Min must not be above max')).toBeVisible();
      await expect(save(page)).toBeDisabled();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Fix the values marked in red before saving (Standby).' }),
      ).toBeVisible();
      await min.fill('');
      await expect(page.getByText('Min must not be above max')).toHaveCount(0);
    });

    await test.step('a value of its own is saved for that type only', async () => {
      await page.getByRole('textbox', { name: 'Return Temperature Max for 2b4p (°C)' }).fill('48');
      await expect(page.getByText('2b4p has 1 value of its own')).toBeVisible();
      await valuesFor(page).selectOption({ label: 'The site (all property types)' });
      await expect(page.getByRole('textbox', { name: 'Return Temperature Max (°C)' })).toHaveValue('43');
      await save(page).click();
      await expectToast(page, 'Changes saved', `Settings for ${site.name} have been updated`);
      const stored = await (await adminApi.get(`/api/sites/${site.id}`)).json();
      expect(stored.designParameters.byPropertyType).toEqual({ '2b4p': { standby: { returnTempMax: '48' } } });
      expect(stored.designParameters.standby.returnTempMax).toBe('43');
      await tab(page, 'Overview').click();
      const perType = page.getByRole('region', { name: 'Values per Property Type' });
      await expect(perType).toContainText('2b4p');
      await expect(perType).toContainText('Standby Return Temperature 40-48 °C');
      await page.screenshot({ path: testInfo.outputPath('values-per-type.png'), fullPage: true });
    });

    await test.step("the engineer's step 3 on a 2b4p flat judges the return by 2b4p's range", async () => {
      const check = new CheckJourney(engineerPage);
      await check.start(site, properties[0]!);
      await check.walkToStandby();
      await engineerPage.getByLabel('Return Temperature').fill('45');
      await expect(engineerPage.getByText('In range (40-48 °C)')).toBeVisible();
      await engineerPage.getByLabel('Return Temperature').fill('48.1');
      await expect(engineerPage.getByText('Out of range (40-48 °C)')).toBeVisible();
    });
  });

  test('on a CP1/TS1 site a return is judged at most: the tab says so and warns, without refusing, at a minimum', async ({
    adminPage: page,
    adminApi,
    createSite,
  }) => {
    const { site } = await createSite({ name: unique('Low Return Court') });
    expect((await adminApi.patch(`/api/sites/${site.id}`, { data: { testPack: 'cp1-ts1' } })).status()).toBe(200);
    await page.goto(`/admin/design-parameters?site=${site.id}`);
    await tab(page, 'Standby').click();
    await valuesFor(page).selectOption({ label: '3b5p only' });
    const returnGroup = page.getByRole('group', { name: 'Return Temperature (°C)', exact: true });
    await expect(returnGroup).toContainText('On this CP1/TS1 site a return is judged as at most the maximum');
    await expect(returnGroup.getByRole('status')).toHaveCount(0);
    await returnGroup.getByRole('textbox', { name: 'Return Temperature Min for 3b5p (°C)' }).fill('30');
    await expect(returnGroup.getByRole('status')).toContainText('The minimum is not used on a CP1/TS1 site');
    // A warning, not a refusal: the flow temperature, not a return, has no such note.
    await expect(page.getByRole('group', { name: 'Flow Temperature (°C)', exact: true })).not.toContainText(
      'judged as at most',
    );
    await expect(save(page)).toBeEnabled();
    await save(page).click();
    await expectToast(page, 'Changes saved', `Settings for ${site.name} have been updated`);
    const stored = await (await adminApi.get(`/api/sites/${site.id}`)).json();
    expect(stored.designParameters.byPropertyType['3b5p']).toEqual({ standby: { returnTempMin: '30' } });
  });

  test('an admin gives 3b5p flats the set-points a check starts with; one no unit has is refused on its box', async ({
    adminPage: page,
    adminApi,
    createSite,
  }, testInfo) => {
    const { site } = await createSite({ name: unique('Set Point Court') });
    await page.goto(`/admin/design-parameters?site=${site.id}`);
    await tab(page, 'CP1/TS1').click();
    await valuesFor(page).selectOption({ label: '3b5p only' });
    const dhw = page.getByRole('textbox', { name: 'Hot-water set-point for 3b5p (°C)' });
    await expect(dhw).toHaveAttribute('inputmode', 'decimal');
    await dhw.fill('81');
    await expect(page.getByText('Enter 30 to 80 °C')).toBeVisible();
    await expect(save(page)).toBeDisabled();
    await dhw.fill('60');
    await page.getByRole('textbox', { name: 'Heating flow set-point for 3b5p (°C)' }).fill('70');
    await expect(page.getByText('Enter 30 to 80 °C')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('cp1-set-points-per-type.png'), fullPage: true });
    await save(page).click();
    await expectToast(page, 'Changes saved', `Settings for ${site.name} have been updated`);
    const stored = await (await adminApi.get(`/api/sites/${site.id}`)).json();
    expect(stored.designParameters.byPropertyType).toEqual({
      '3b5p': { cp1: { dhwSetPoint: '60', heatingSetPoint: '70' } },
    });
    expect(stored.designParameters.cp1.dhwSetPoint).toBe('');
  });
});
