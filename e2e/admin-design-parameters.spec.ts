import type { Page } from '@playwright/test';
import { expect, test, unique } from './fixtures';
import { chooseSite, expectAdminChrome, expectToast } from './admin-model';

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const panel = (page: Page) => page.getByRole('tabpanel');
const roomCard = (page: Page, type: string) => page.getByRole('region', { name: `${type} Room Configuration` });
const save = (page: Page) => page.getByRole('button', { name: 'Save Changes' });

test.describe('Design Parameters tab', () => {
  test('choose a site, see the overview, edit ranges with inline errors, save', async ({
    adminPage: page,
    adminApi,
    createSite,
  }) => {
    const { site } = await createSite({ name: unique('Config Court') });
    await page.goto('/admin/design-parameters');
    await expectAdminChrome(page, 'Design Parameters');

    await test.step('before a site is chosen', async () => {
      await expect(page.getByText('Please select a site to view and edit its configuration.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Site Configuration' })).toHaveCount(0);
    });

    await test.step('Overview lists every range and says there are no radiator configurations', async () => {
      await chooseSite(page, site);
      await expect(page.getByRole('heading', { name: 'Site Configuration' })).toBeVisible();
      await expect(save(page)).toBeEnabled();
      await expect(tab(page, 'Overview')).toHaveAttribute('aria-selected', 'true');
      for (const name of ['Overview', 'Property Types', 'Standby', 'Heating', 'DHW', 'Radiators'])
        await expect(tab(page, name)).toBeVisible();
      const overview = panel(page);
      const standby = overview.getByRole('region', { name: 'Standby' });
      await expect(standby).toContainText('Flow Temperature45-48 °C');
      await expect(standby).toContainText('Flow Rate2-3 L/min');
      await expect(standby).toContainText('Return Temperature40-43 °C');
      await expect(overview.getByRole('region', { name: 'Heating' })).toContainText('Flow Rate5-8 L/min');
      await expect(overview.getByRole('region', { name: 'Heating' })).toContainText('Power Consumption5-15 kW');
      await expect(overview.getByRole('region', { name: 'DHW' })).toContainText('Temperature55-60 °C');
      await expect(overview.getByRole('region', { name: 'DHW' })).toContainText('DHW at Kitchen Tap45-50 °C');
      await expect(overview.getByRole('region', { name: 'Tertiary System' })).toContainText(
        'Tertiary System Pressure1-1.5 bar',
      );
      await expect(overview).toContainText(
        'No radiator configurations yet. Add property types to configure radiators.',
      );
    });

    await test.step('the tab row answers the keyboard: arrows move and show, wrapping; Home and End jump', async () => {
      await tab(page, 'Overview').focus();
      await page.keyboard.press('ArrowRight');
      await expect(tab(page, 'Property Types')).toBeFocused();
      await expect(tab(page, 'Property Types')).toHaveAttribute('aria-selected', 'true');
      await expect(panel(page)).toHaveAccessibleName('Property Types');
      await page.keyboard.press('End');
      await expect(tab(page, 'CP1/TS1')).toBeFocused();
      await expect(tab(page, 'CP1/TS1')).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowRight');
      await expect(tab(page, 'Overview')).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(tab(page, 'CP1/TS1')).toBeFocused();
      await page.keyboard.press('Home');
      await expect(tab(page, 'Overview')).toBeFocused();
      await expect(tab(page, 'Overview')).toHaveAttribute('aria-selected', 'true');
      await expect(panel(page)).toHaveAccessibleName('Overview');
      await expect(page.getByRole('tab', { selected: true })).toHaveCount(1);
    });

    await test.step('Standby: decimal keypad with units; min above max and a blank value are inline errors that block Save', async () => {
      await tab(page, 'Standby').click();
      const min = page.getByRole('textbox', { name: 'Flow Temperature Min (°C)' });
      await expect(min).toHaveAttribute('inputmode', 'decimal');
      await expect(min).toHaveValue('45');
      await expect(page.getByRole('group', { name: 'Flow Rate (L/min)', exact: true })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Flow Temperature (°C)', exact: true })).toContainText(
        'Judges step 3: Flow Temperature',
      );
      await min.fill('48.5');
      await expect(page.getByText('Max must not be below min')).toBeVisible();
      await expect(save(page)).toBeDisabled();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Fix the values marked in red before saving (Standby).' }),
      ).toBeVisible();
      await min.fill('44.5');
      await expect(page.getByText('Max must not be below min')).toHaveCount(0);
      const rateMax = page.getByRole('textbox', { name: 'Flow Rate Max (L/min)' });
      await rateMax.fill('');
      await expect(page.getByText('Enter a number')).toBeVisible();
      await expect(save(page)).toBeDisabled();
      await rateMax.fill('abc');
      await expect(rateMax).toHaveValue('');
      await rateMax.fill('3.5');
      await expect(save(page)).toBeEnabled();
      await expect(page.getByText('Unsaved changes')).toBeVisible();
    });

    await test.step('Heating and DHW show every judged range, including the ones ruling 5 adds', async () => {
      await tab(page, 'Heating').click();
      for (const group of [
        'Flow Temperature (°C)',
        'Return Temperature (°C)',
        'Flow Rate (L/min)',
        'Tertiary System Pressure (bar)',
        'Primary Flow Temperature (°C)',
        'Primary Return Temperature (°C)',
        'Power Consumption (kW)',
      ]) {
        await expect(page.getByRole('group', { name: group, exact: true })).toBeVisible();
      }
      await expect(page.getByRole('group', { name: 'Flow Rate (L/min)', exact: true })).toContainText(
        'Kept for reference; no check is judged against it',
      );
      await page.getByRole('textbox', { name: 'Power Consumption Max (kW)' }).fill('16');
      await tab(page, 'DHW').click();
      for (const group of [
        'Temperature (°C)',
        'Flow Temperature (°C)',
        'Return Temperature (°C)',
        'Flow Rate (L/min)',
        'DHW at Kitchen Tap (°C)',
        'Primary Flow Temperature (°C)',
        'Primary Return Temperature (°C)',
        'DHW Power Consumption (kW)',
      ]) {
        await expect(page.getByRole('group', { name: group, exact: true })).toBeVisible();
      }
      await page.getByRole('textbox', { name: 'DHW at Kitchen Tap Min (°C)' }).fill('46');
    });

    await test.step('edits stay local until Save Changes', async () => {
      const stored = await (await adminApi.get(`/api/sites/${site.id}`)).json();
      expect(stored.designParameters.standby.flowTempMin).toBe('45');
    });

    await test.step('Save Changes shows Saving..., then Changes saved / Settings for {site} have been updated', async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/api/sites/${site.id}`, async (route) => {
        if (route.request().method() === 'PATCH') await held;
        await route.continue();
      });
      await save(page).click();
      await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
      release();
      await expectToast(page, 'Changes saved', `Settings for ${site.name} have been updated`);
      await expect(page.getByText('Unsaved changes')).toHaveCount(0);
      const stored = await (await adminApi.get(`/api/sites/${site.id}`)).json();
      expect(stored.designParameters.standby).toMatchObject({ flowTempMin: '44.5', flowRateMax: '3.5' });
      expect(stored.designParameters.heating.powerMax).toBe('16');
      expect(stored.designParameters.dhw.kitchenTapTempMin).toBe('46');
      await page.reload();
      await expect(panel(page).getByRole('region', { name: 'Standby' })).toContainText('Flow Temperature44.5-48 °C');
    });

    await test.step('unsaved edits are discarded only after asking', async () => {
      const other = (await createSite({ name: unique('Other Court') })).site;
      await tab(page, 'Standby').click();
      await page.getByRole('textbox', { name: 'Return Temperature Min (°C)' }).fill('39');
      await chooseSite(page, other);
      const confirm = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
      await confirm.getByRole('button', { name: 'Discard changes' }).click();
      await expect(page.getByRole('region', { name: 'Site Configuration' })).toContainText(other.name);
      const stored = await (await adminApi.get(`/api/sites/${site.id}`)).json();
      expect(stored.designParameters.standby.returnTempMin).toBe('40');
    });
  });

  test('property types and radiator rooms', async ({ adminPage: page, adminApi, createSite }) => {
    const { site } = await createSite({ name: unique('Rooms Court') });
    await page.goto(`/admin/design-parameters?site=${site.id}`);
    await expect(page.getByRole('heading', { name: 'Site Configuration' })).toBeVisible();

    await test.step('Property Types: add with Enter (trimmed) and with Add; blank ignored; Duplicate refused', async () => {
      await tab(page, 'Property Types').click();
      const input = page.getByRole('textbox', { name: 'New property type' });
      await expect(input).toHaveAttribute('placeholder', 'e.g. 1b2p, 2b4p, 3b5p');
      const list = page.getByRole('list', { name: 'Property types' });
      await expect(list.getByRole('listitem')).toHaveText([/1b2p/, /2b4p/, /3b5p/]);
      await input.fill('  4b6p  ');
      await input.press('Enter');
      await expect(list.getByRole('listitem')).toHaveCount(4);
      await expect(list.getByRole('listitem').nth(3)).toContainText('4b6p');
      await expect(input).toHaveValue('');
      await input.fill('   ');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(list.getByRole('listitem')).toHaveCount(4);
      await input.fill('1B2P');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expectToast(page, 'Duplicate', 'This property type already exists');
      await expect(list.getByRole('listitem')).toHaveCount(4);
      await input.fill('studio');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(list.getByRole('listitem')).toHaveCount(5);
    });

    await test.step('a new type starts with Hall, Living Room, Kitchen and Bedroom 1 at 2.5', async () => {
      await tab(page, 'Radiators').click();
      const card = roomCard(page, '4b6p');
      await expect(card.getByRole('list', { name: '4b6p rooms' }).getByRole('listitem')).toHaveCount(4);
      for (const room of ['Hall', 'Living Room', 'Kitchen', 'Bedroom 1']) {
        await expect(card.getByRole('textbox', { name: `${room} expected valve setting` })).toHaveValue('2.5');
      }
      await expect(roomCard(page, '1b2p')).toContainText(
        'No rooms configured. Use a template, copy from another type, or add rooms manually.',
      );
    });

    await test.step('Apply Room Template adds the missing rooms and keeps the rest', async () => {
      const card = roomCard(page, '4b6p');
      await card.getByRole('textbox', { name: 'Hall expected valve setting' }).fill('3');
      await expect(card.getByLabel('Apply Room Template').getByRole('option')).toHaveText([
        'Choose a template',
        'Studio (2 rooms)',
        '1-Bed (4 rooms)',
        '2-Bed (6 rooms)',
        '3-Bed (8 rooms)',
      ]);
      await card.getByLabel('Apply Room Template').selectOption('2-Bed');
      const rooms = card.getByRole('list', { name: '4b6p rooms' }).getByRole('listitem');
      await expect(rooms).toHaveCount(6);
      await expect(card.getByRole('textbox', { name: 'Hall expected valve setting' })).toHaveValue('3');
      await expect(card.getByRole('textbox', { name: 'Bathroom expected valve setting' })).toHaveValue('2.5');
    });

    await test.step('comma-separated rooms: Enter adds, trimmed, duplicates skipped, input cleared; remove a room', async () => {
      const card = roomCard(page, '1b2p');
      const input = card.getByRole('textbox', { name: 'Add rooms' });
      await input.fill(' Hall , ,Bedroom 1,Hall ');
      await input.press('Enter');
      await expect(input).toHaveValue('');
      const rooms = card.getByRole('list', { name: '1b2p rooms' }).getByRole('listitem');
      await expect(rooms).toHaveText([/Hall/, /Bedroom 1/]);
      await input.fill('Hall, Study, Loft');
      await card.getByRole('button', { name: 'Add rooms to 1b2p' }).click();
      await expect(rooms).toHaveText([/Hall/, /Bedroom 1/, /Study/, /Loft/]);
      await input.fill(' , ');
      await input.press('Enter');
      await expect(rooms).toHaveCount(4);
      await card.getByRole('button', { name: 'Remove Loft from 1b2p' }).click();
      await expect(rooms).toHaveText([/Hall/, /Bedroom 1/, /Study/]);
    });

    await test.step('Copy from another type shows room counts and replaces the rooms', async () => {
      const card = roomCard(page, '2b4p');
      const copy = card.getByLabel('Copy from another type');
      await expect(copy.getByRole('option')).toHaveText([
        'Choose a type',
        '1b2p (3 rooms)',
        '4b6p (6 rooms)',
        'studio (4 rooms)',
      ]);
      await copy.selectOption('1b2p');
      await expect(card.getByRole('list', { name: '2b4p rooms' }).getByRole('listitem')).toHaveText([
        /Hall/,
        /Bedroom 1/,
        /Study/,
      ]);
    });

    await test.step('a valve setting that is not a number blocks Save', async () => {
      const valve = roomCard(page, '2b4p').getByRole('textbox', { name: 'Study expected valve setting' });
      await valve.fill('');
      await expect(roomCard(page, '2b4p').getByText('Enter a number')).toBeVisible();
      await expect(save(page)).toBeDisabled();
      await valve.fill('1.5');
      await expect(save(page)).toBeEnabled();
    });

    await test.step('removing a type removes its rooms; the overview lists the rest', async () => {
      await tab(page, 'Property Types').click();
      await page.getByRole('button', { name: 'Remove studio' }).click();
      await tab(page, 'Radiators').click();
      await expect(roomCard(page, 'studio')).toHaveCount(0);
      await tab(page, 'Overview').click();
      const radiators = panel(page).getByRole('region', { name: 'Radiator Room Configuration' });
      await expect(radiators).toContainText('Hall (2.5), Bedroom 1 (2.5), Study (2.5)');
      await expect(radiators).toContainText('Study (1.5)');
      await expect(radiators).not.toContainText('studio');
    });

    await test.step('Save Changes stores the types and rooms', async () => {
      await save(page).click();
      await expectToast(page, 'Changes saved', `Settings for ${site.name} have been updated`);
      const stored = await (await adminApi.get(`/api/sites/${site.id}`)).json();
      expect(stored.availableBuildingTypes).toEqual(['1b2p', '2b4p', '3b5p', '4b6p']);
      expect(Object.keys(stored.designParameters.radiators['4b6p'])).toEqual([
        'Hall',
        'Living Room',
        'Kitchen',
        'Bedroom 1',
        'Bedroom 2',
        'Bathroom',
      ]);
      expect(stored.designParameters.radiators['4b6p'].Hall).toEqual({ expectedValveSetting: '3' });
      expect(stored.designParameters.radiators['2b4p'].Study).toEqual({ expectedValveSetting: '1.5' });
    });

    await test.step('with no property types, both empty texts show', async () => {
      await tab(page, 'Property Types').click();
      for (const type of ['1b2p', '2b4p', '3b5p', '4b6p'])
        await page.getByRole('button', { name: `Remove ${type}` }).click();
      await expect(panel(page)).toContainText('No property types configured. Add some to get started.');
      await tab(page, 'Radiators').click();
      await expect(panel(page)).toContainText(
        'No property types configured. Add property types in the "Property Types" tab first.',
      );
      await tab(page, 'Overview').click();
      await expect(panel(page)).toContainText(
        'No radiator configurations yet. Add property types to configure radiators.',
      );
    });

    await test.step('a type still used by properties cannot be removed: the server says which', async () => {
      await adminApi.post('/api/properties', { data: { siteId: site.id, address: 'Flat 1', propertyType: '1b2p' } });
      await save(page).click();
      await expectToast(
        page,
        'Error',
        'Property type 1b2p (1 property) is still used. Change or delete those properties first.',
      );
      await expect(tab(page, 'Property Types')).toHaveAttribute('aria-selected', 'true');
      await expect(panel(page).getByRole('alert')).toContainText('Property type 1b2p (1 property) is still used');
      const stored = await (await adminApi.get(`/api/sites/${site.id}`)).json();
      expect(stored.availableBuildingTypes).toEqual(['1b2p', '2b4p', '3b5p', '4b6p']);
    });
  });

  test('warns when property types have no radiator rooms, before engineers record settings with nothing to check against', async ({
    adminPage: page,
    createSite,
  }, testInfo) => {
    const { site } = await createSite({ name: unique('Bare Rooms') });
    await page.goto(`/admin/design-parameters?site=${site.id}`);
    const warning = page.getByRole('status').filter({ hasText: 'no radiator rooms' });
    await expect(warning).toContainText('1b2p, 2b4p, 3b5p have no radiator rooms');
    await expect(warning).toContainText('with no expected valve setting to check against');
    await page.screenshot({ path: testInfo.outputPath('rooms-warning.png'), fullPage: true });

    await tab(page, 'Radiators').click();
    await roomCard(page, '1b2p').getByLabel('Apply Room Template').selectOption('1-Bed');
    await expect(warning).toContainText('2b4p, 3b5p have no radiator rooms');
    for (const type of ['2b4p', '3b5p']) {
      await roomCard(page, type).getByLabel('Apply Room Template').selectOption('2-Bed');
    }
    await expect(warning).toBeHidden();
  });
});
