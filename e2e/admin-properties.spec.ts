import { expect, test, unique } from './fixtures';
import { chooseSite, expectAdminChrome, expectToast } from './admin-model';
import { saveDraft } from './progress-model';

const propertyList = (page: import('@playwright/test').Page) => page.getByRole('list', { name: 'Properties' });

test.describe('Properties tab', () => {
  test('needs a site first; then search, add, edit and delete properties', async ({
    adminPage: page,
    adminApi,
    createSite,
  }) => {
    const { site } = await createSite({
      name: unique('Maple House'),
      properties: [
        { address: 'Flat 1, High Street', propertyType: '1b2p' },
        { address: 'Flat 2, High Street', propertyType: '2b4p' },
        { address: '3 Mill Lane', propertyType: '3b5p' },
      ],
    });
    await page.goto('/admin/properties');
    await expectAdminChrome(page, 'Properties');

    await test.step('without a site: Error / Please select a site first', async () => {
      await expect(page.getByText('Choose a site to see its properties.')).toBeVisible();
      await page.getByRole('button', { name: 'Add Property' }).click();
      await expectToast(page, 'Error', 'Please select a site first');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      await expectToast(page, 'Error', 'Please select a site first');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    await test.step('choose the site and search its properties by address on the server', async () => {
      await chooseSite(page, site);
      await expect(page).toHaveURL(new RegExp(`site=${site.id}`));
      await expect(propertyList(page).getByRole('listitem')).toHaveCount(3);
      await expect(page.getByText(`3 properties at ${site.name}`)).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search properties' }).fill('high STREET');
      await expect(propertyList(page).getByRole('listitem')).toHaveCount(2);
      await page.getByRole('searchbox', { name: 'Search properties' }).fill('no such road');
      await expect(page.getByText('No properties match "no such road".')).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search properties' }).fill('');
      await expect(propertyList(page).getByRole('listitem')).toHaveCount(3);
    });

    await test.step('Add Property: empty fields refused, then Property added', async () => {
      await page.getByRole('button', { name: 'Add Property' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Property' });
      await expect(dialog).toContainText(`Site: ${site.name}`);
      await dialog.getByRole('button', { name: 'Add Property' }).click();
      await expectToast(page, 'Error', 'Please fill in all fields');
      await dialog.getByLabel('Address').fill('Flat 4, High Street');
      await dialog.getByRole('button', { name: 'Add Property' }).click();
      await expectToast(page, 'Error', 'Please fill in all fields');
      await expect(dialog.getByLabel('Property Type').getByRole('option')).toHaveText([
        'Choose a type',
        '1b2p',
        '2b4p',
        '3b5p',
      ]);
      await dialog.getByLabel('Property Type').selectOption('2b4p');
      await dialog.getByRole('button', { name: 'Add Property' }).click();
      await expect(dialog).toBeHidden();
      await expectToast(page, 'Property added');
      await expect(propertyList(page).getByRole('listitem').filter({ hasText: 'Flat 4, High Street' })).toContainText(
        'Type: 2b4p',
      );
    });

    await test.step('an address the site already has is refused', async () => {
      await page.getByRole('button', { name: 'Add Property' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Property' });
      await dialog.getByLabel('Address').fill('flat 4, high street');
      await dialog.getByLabel('Property Type').selectOption('1b2p');
      await dialog.getByRole('button', { name: 'Add Property' }).click();
      await expectToast(page, 'Error', 'A property with this address already exists at this site');
      await expect(dialog.getByLabel('Address')).toHaveAttribute('aria-invalid', 'true');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    });

    await test.step('Edit: Property updated', async () => {
      await page.getByRole('button', { name: 'Edit 3 Mill Lane' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Property' });
      await expect(dialog.getByLabel('Address')).toHaveValue('3 Mill Lane');
      await expect(dialog.getByLabel('Property Type')).toHaveValue('3b5p');
      await dialog.getByLabel('Address').fill('');
      await dialog.getByRole('button', { name: 'Save Property' }).click();
      await expectToast(page, 'Error', 'Please fill in all fields');
      await dialog.getByLabel('Address').fill('3A Mill Lane');
      await dialog.getByLabel('Property Type').selectOption('1b2p');
      await dialog.getByRole('button', { name: 'Save Property' }).click();
      await expect(dialog).toBeHidden();
      await expectToast(page, 'Property updated');
      await expect(propertyList(page).getByRole('listitem').filter({ hasText: '3A Mill Lane' })).toContainText(
        'Type: 1b2p',
      );
    });

    await test.step('Delete asks first, names its drafts, keeps reports: Property deleted', async () => {
      const target = (await (await adminApi.get(`/api/properties?siteId=${site.id}&q=3A`)).json()).items[0];
      await adminApi.post('/api/drafts', {
        data: { siteId: site.id, propertyId: target.id, currentStep: 'Initial Checks', wizardData: {} },
      });
      await page.getByRole('button', { name: 'Delete 3A Mill Lane' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete 3A Mill Lane?' });
      await expect(confirm).toContainText('This permanently deletes the property and its 1 draft');
      await expect(confirm).toContainText('Submitted reports are kept.');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(propertyList(page).getByText('3A Mill Lane')).toBeVisible();
      await page.getByRole('button', { name: 'Delete 3A Mill Lane' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Property' }).click();
      await expectToast(page, 'Property deleted');
      await expect(propertyList(page).getByText('3A Mill Lane')).toHaveCount(0);
      await expect(propertyList(page).getByRole('listitem')).toHaveCount(3);
    });
  });

  test('Import CSV: every bad input refused, any bad line imports nothing, then a good import', async ({
    adminPage: page,
    createSite,
  }) => {
    const { site } = await createSite({
      name: unique('Import Court'),
      properties: [{ address: 'Flat 9', propertyType: '1b2p' }],
    });
    await page.goto(`/admin/properties?site=${site.id}`);
    await expect(propertyList(page).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    const data = dialog.getByLabel('CSV data');
    const importButton = dialog.getByRole('button', { name: 'Import', exact: true });

    await test.step('empty: Error / Paste the CSV lines, or choose a CSV file', async () => {
      await importButton.click();
      await expectToast(page, 'Error', 'Paste the CSV lines, or choose a CSV file');
      await expect(data).toHaveAccessibleDescription(/Paste the CSV lines, or choose a CSV file/);
    });

    await test.step('a header alone: Error / No properties found, saying what to add', async () => {
      await data.fill('address,type\n\n');
      await importButton.click();
      await expectToast(
        page,
        'Error',
        'No properties found: add a line for each flat (address, type) under the header',
      );
    });

    await test.step('bad lines: CSV Parse Error, each listed with its number, nothing imported', async () => {
      await data.fill(
        [
          'address,type',
          '"Flat 1, Block A",1b2p',
          'Flat 2 without a type',
          'Flat 3, Block A, 2b4p',
          'Flat 4,9z9z',
          '"Flat 5,1b2p',
        ].join('\n'),
      );
      await importButton.click();
      await expectToast(page, 'CSV Parse Error', 'Invalid format in line: Flat 2 without a type');
      const lines = dialog.getByRole('list', { name: 'Lines to fix' }).getByRole('listitem');
      await expect(lines).toHaveCount(4);
      await expect(lines.nth(0)).toContainText('Line 3');
      await expect(lines.nth(0)).toContainText('Invalid format in line: Flat 2 without a type');
      await expect(lines.nth(1)).toContainText('Line 4');
      await expect(lines.nth(1)).toContainText('Put an address that contains commas in double quotes');
      await expect(lines.nth(2)).toContainText('Line 5');
      await expect(lines.nth(2)).toContainText(`"9z9z" is not one of this site's property types (1b2p, 2b4p, 3b5p)`);
      await expect(lines.nth(3)).toContainText('Line 6');
      await expect(dialog).toContainText('4 problems to fix. Nothing was imported.');
    });

    await test.step('a line the server refuses (address already there): Import failed, nothing imported', async () => {
      await data.fill('Flat 10,1b2p\nflat 9,2b4p');
      await importButton.click();
      await expectToast(page, 'Import failed', 'Nothing was imported: fix the lines listed, then import again');
      const lines = dialog.getByRole('list', { name: 'Lines to fix' }).getByRole('listitem');
      await expect(lines).toHaveCount(1);
      await expect(lines.first()).toContainText('Line 2');
      await expect(lines.first()).toContainText('A property with this address already exists at this site');
    });

    await test.step('engineers not yet on the site: named once, with where to add them', async () => {
      await data.fill(
        'address,type,assigned to\nFlat 20,1b2p,new.one@example.com\nFlat 21,1b2p,new.one@example.com\nFlat 22,1b2p,new.two@example.com',
      );
      await importButton.click();
      await expectToast(page, 'Import failed', 'Nothing was imported: fix the lines listed, then import again');
      const lines = dialog.getByRole('list', { name: 'Lines to fix' }).getByRole('listitem');
      await expect(lines).toHaveCount(1);
      await expect(lines.first()).toContainText(
        `new.one@example.com, new.two@example.com are not engineers of ${site.name}: add them under Users first`,
      );
      await expect(dialog).not.toContainText('Invalid format');
    });

    await test.step('a CSV file instead of pasted lines; a block named "Block A" reads once', async () => {
      await data.fill('');
      await dialog.getByLabel('Or choose a CSV file').setInputFiles({
        name: 'flats.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('address,type,block\nFlat 30,1b2p,Block A\n'),
      });
      await expect(dialog.getByText('flats.csv is read into the box above')).toBeVisible();
      await expect(data).toHaveValue('address,type,block\nFlat 30,1b2p,Block A\n');
      await importButton.click();
      await expectToast(page, 'Import successful', `1 properties imported to ${site.name}`);
      const flat = propertyList(page).getByRole('listitem').filter({ hasText: 'Flat 30' });
      await expect(flat).toContainText('Block A');
      await expect(flat).not.toContainText('Block Block');
    });

    await test.step('closing and reopening starts empty; a good import: Import successful', async () => {
      await expect(propertyList(page).getByRole('listitem')).toHaveCount(2);
      await page.getByRole('button', { name: 'Import CSV' }).click();
      await expect(data).toHaveValue('');
      await data.fill(
        'Address,Property Type\n"Flat 1, Block A",1b2p\n\nFlat 2 Block A , 2B4P\r\n"Flat 3, ""The Loft""",3b5p',
      );
      await importButton.click();
      await expectToast(page, 'Import successful', `3 properties imported to ${site.name}`);
      await expect(dialog).toBeHidden();
      const items = propertyList(page).getByRole('listitem');
      await expect(items).toHaveCount(5);
      await expect(items.filter({ hasText: 'Flat 1, Block A' })).toContainText('Type: 1b2p');
      await expect(items.filter({ hasText: 'Flat 2 Block A' })).toContainText('Type: 2b4p');
      await expect(items.filter({ hasText: 'Flat 3, "The Loft"' })).toContainText('Type: 3b5p');
    });
  });

  test('an abandoned check: the property shows In progress, its draft is listed and discarded after a confirm', async ({
    engineerPage,
    adminPage: page,
    createSite,
  }, testInfo) => {
    const { site, properties } = await createSite({
      properties: [
        { address: 'Flat 9, High Street', propertyType: '1b2p' },
        { address: 'Flat 10, High Street', propertyType: '1b2p' },
      ],
    });
    // Two checks of Flat 9 saved as drafts, as two tries on it would leave.
    await saveDraft(engineerPage, site, properties[0]!);
    await saveDraft(engineerPage, site, properties[0]!);
    const engineer = (await (await engineerPage.request.get('/api/auth/me')).json()) as { name: string };
    await page.goto(`/admin/properties?site=${site.id}`);
    const row = (address: string) => propertyList(page).getByRole('listitem').filter({ hasText: address });
    const drafts = page.getByRole('dialog', { name: 'Drafts of Flat 9, High Street' });

    await test.step('each property shows where it stands; only the one in progress offers its drafts', async () => {
      await expect(row('Flat 9, High Street')).toContainText('In progress');
      await expect(row('Flat 10, High Street')).toContainText('Not started');
      await expect(row('Flat 10, High Street').getByRole('button', { name: /Drafts/ })).toHaveCount(0);
      await row('Flat 9, High Street').scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath('property-in-progress.png') });
      await row('Flat 9, High Street').getByRole('button', { name: 'Drafts of Flat 9, High Street' }).click();
      await expect(drafts.getByRole('listitem')).toHaveCount(2);
      await expect(drafts.getByRole('listitem').first()).toContainText(engineer.name);
      await expect(drafts.getByRole('listitem').first()).toContainText('at Initial Checks');
      await page.screenshot({ path: testInfo.outputPath('property-drafts.png') });
    });

    await test.step('Discard asks first; Cancel keeps the draft', async () => {
      await drafts
        .getByRole('button', { name: /^Discard / })
        .first()
        .click();
      const confirm = page.getByRole('alertdialog', { name: 'Discard this draft?' });
      await expect(confirm).toContainText(`${engineer.name}'s check of Flat 9, High Street`);
      await expect(confirm).toContainText('Submitted reports are kept');
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(drafts.getByRole('listitem')).toHaveCount(2);
    });

    await test.step('Discard Draft: gone from the list; the other draft keeps the property in progress', async () => {
      await drafts
        .getByRole('button', { name: /^Discard / })
        .first()
        .click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Discard Draft' }).click();
      await expectToast(page, 'Draft discarded', `${engineer.name}'s check of Flat 9, High Street`);
      await expect(drafts.getByRole('listitem')).toHaveCount(1);
    });

    await test.step('a draft already gone (its engineer deleted it): Error, and the list catches up', async () => {
      const [left] = (await (await page.request.get(`/api/properties/${properties[0]!.id}/drafts`)).json()) as {
        id: string;
      }[];
      expect((await engineerPage.request.delete(`/api/drafts/${left!.id}`)).status()).toBe(204);
      await drafts.getByRole('button', { name: /^Discard / }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Discard Draft' }).click();
      await expectToast(page, 'Error', 'Draft not found');
      await expect(drafts).toContainText('This property has no drafts.');
      await drafts.getByRole('button', { name: 'Close' }).click();
      await expect(row('Flat 9, High Street')).toContainText('Not started');
      await expect(row('Flat 9, High Street').getByRole('button', { name: /Drafts/ })).toHaveCount(0);
    });
  });
});
