import fs from 'node:fs';
import { expect, test, unique } from './fixtures';
import { csvFile, expectAdminChrome, expectToast, searchSites, siteCard } from './admin-model';

const HEADER = 'site_name,site_location,property_address,property_type';

test.describe('Sites tab', () => {
  test('add, search, edit and delete a site; bad input is refused', async ({ adminPage: page, adminApi }) => {
    const name = unique('Oak Court');
    const location = unique('Leeds');

    await page.goto('/admin/sites');
    await expectAdminChrome(page, 'Sites');

    await test.step('Add Site with empty fields: Error / Please fill in all fields', async () => {
      await page.getByRole('button', { name: 'Add Site' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Site' });
      await dialog.getByRole('button', { name: 'Add Site' }).click();
      await expectToast(page, 'Error', 'Please fill in all fields');
      await expect(dialog.getByLabel('Site Name')).toHaveAttribute('aria-invalid', 'true');
      // The error stands beside its field, read with it, and focus is on the first field to fix.
      await expect(dialog.getByLabel('Site Name')).toHaveAccessibleDescription('Please fill in all fields');
      await expect(dialog.getByLabel('Site Name')).toBeFocused();
      await dialog.getByLabel('Site Name').fill(name);
      await dialog.getByRole('button', { name: 'Add Site' }).click();
      await expectToast(page, 'Error', 'Please fill in all fields');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Location')).toBeFocused();
    });

    await test.step('Add Site: Site added, and the list shows it', async () => {
      const dialog = page.getByRole('dialog', { name: 'Add Site' });
      await dialog.getByLabel('Location').fill(location);
      await dialog.getByRole('button', { name: 'Add Site' }).click();
      await expect(dialog).toBeHidden();
      await expectToast(page, 'Site added');
      await searchSites(page, name);
      await expect(siteCard(page, name)).toContainText(location);
      await expect(siteCard(page, name)).toContainText('0 properties · Types: 1b2p, 2b4p, 3b5p');
    });

    await test.step('a second site with the same name is refused, whatever its case', async () => {
      await page.getByRole('button', { name: 'Add Site' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Site' });
      await dialog.getByLabel('Site Name').fill(name.toUpperCase());
      await dialog.getByLabel('Location').fill(location);
      await dialog.getByRole('button', { name: 'Add Site' }).click();
      await expectToast(page, 'Error', 'A site with this name already exists: site names are unique');
      await expect(dialog.getByRole('alert')).toContainText('A site with this name already exists');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(siteCard(page, name)).toHaveCount(1);
    });

    await test.step('search finds it by location, case-insensitively, and not by other text', async () => {
      await searchSites(page, location.toUpperCase());
      await expect(siteCard(page, name)).toBeVisible();
      await searchSites(page, unique('nowhere'));
      await expect(page.getByText(/^No sites match/)).toBeVisible();
    });

    await test.step('Edit: Site updated, blank name refused', async () => {
      await searchSites(page, name);
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
      await expect(dialog.getByLabel('Site Name')).toHaveValue(name);
      await dialog.getByLabel('Site Name').fill('  ');
      await dialog.getByRole('button', { name: 'Save Site' }).click();
      await expectToast(page, 'Error', 'Please fill in all fields');
      await dialog.getByLabel('Site Name').fill(name);
      await dialog.getByLabel('Location').fill(`${location} North`);
      await dialog.getByRole('button', { name: 'Save Site' }).click();
      await expect(dialog).toBeHidden();
      await expectToast(page, 'Site updated');
      await expect(siteCard(page, name)).toContainText(`${location} North`);
    });

    await test.step('Delete names what goes, keeps reports, and can be cancelled', async () => {
      const site = (await (await adminApi.get(`/api/sites?q=${encodeURIComponent(name)}`)).json()).items[0];
      const property = await (
        await adminApi.post('/api/properties', { data: { siteId: site.id, address: 'Flat 1', propertyType: '1b2p' } })
      ).json();
      await adminApi.post('/api/properties', { data: { siteId: site.id, address: 'Flat 2', propertyType: '2b4p' } });
      const draft = await adminApi.post('/api/drafts', {
        data: { siteId: site.id, propertyId: property.id, currentStep: 'Initial Checks', wizardData: {} },
      });
      expect(draft.ok()).toBe(true);
      await page.reload();
      await searchSites(page, name);
      await expect(siteCard(page, name)).toContainText('2 properties');

      await page.getByRole('button', { name: `Delete ${name}` }).click();
      const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` });
      await expect(confirm).toContainText('This permanently deletes the site, its 2 properties and 1 draft');
      await expect(confirm).toContainText('Submitted reports are kept.');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(siteCard(page, name)).toBeVisible();

      await page.getByRole('button', { name: `Delete ${name}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Site' }).click();
      await expectToast(page, 'Site deleted', 'Site has been removed');
      await expect(siteCard(page, name)).toHaveCount(0);
      await expect(page.getByText(/^No sites match/)).toBeVisible();
      expect((await adminApi.get(`/api/sites/${site.id}`)).status()).toBe(404);
    });
  });

  test('pages through many sites on the server', async ({ adminPage: page, createSite }) => {
    const prefix = unique('Paged');
    for (let i = 0; i < 27; i++) await createSite({ name: `${prefix} ${String(i).padStart(2, '0')}` });
    await page.goto('/admin/sites');
    await searchSites(page, prefix);
    const pager = page.getByRole('navigation', { name: 'sites pages' });
    await expect(pager).toContainText('1-25 of 27 sites');
    await expect(page.getByRole('list', { name: 'Sites' }).getByRole('listitem')).toHaveCount(25);
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText('26-27 of 27 sites');
    await expect(siteCard(page, `${prefix} 26`)).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  test('Download Template saves site-upload-template.csv; a failure says so', async ({ adminPage: page }) => {
    await page.goto('/admin/sites');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('site-upload-template.csv');
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe(HEADER);
    await expectToast(page, 'Template Downloaded');

    await page.route('**/api/sites/bulk/template', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.getByRole('button', { name: 'Download Template' }).click();
    await expectToast(page, 'Error', 'Failed to download template');
  });

  test("a dialog's code comes as a finger or focus reaches its button, not with the list", async ({
    adminPage: page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto('/admin/sites');
    const button = page.getByRole('button', { name: 'Bulk Upload CSV' });
    await expect(button).toBeVisible();
    expect(fetched.filter((p) => /bulk-upload-dialog/.test(p))).toEqual([]);

    // Reached by the keyboard (a finger's touch does the same): the code is on its way before the tap.
    const code = page.waitForRequest(/\/assets\/bulk-upload-dialog-[^/]+\.js$/);
    await button.focus();
    await code;
    await button.click();
    await expect(page.getByRole('dialog', { name: 'Bulk Upload CSV' })).toBeVisible();
  });

  test('Bulk Upload CSV: no file, wrong file, errors create nothing, closing clears, success', async ({
    adminPage: page,
    createSite,
  }) => {
    const a = unique('Bulk A');
    const b = unique('Bulk B');
    const { site: existing } = await createSite({
      name: unique('Bulk Existing'),
      location: 'Hull',
      properties: [{ address: 'Flat 1', propertyType: '1b2p' }],
    });
    await page.goto('/admin/sites');
    const open = async () => {
      await page.getByRole('button', { name: 'Bulk Upload CSV' }).click();
      return page.getByRole('dialog', { name: 'Bulk Upload CSV' });
    };

    let dialog = await open();
    await test.step('no file: No File Selected', async () => {
      await expect(dialog.getByLabel('CSV file')).toHaveAttribute('accept', '.csv,text/csv');
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await expectToast(page, 'No File Selected', 'Please select a CSV file to upload');
    });

    await test.step('a file that is not .csv is refused', async () => {
      await dialog.getByLabel('CSV file').setInputFiles(csvFile('hello', 'notes.txt'));
      await expect(dialog.getByRole('alert')).toContainText('Only .csv files can be uploaded');
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await expectToast(page, 'No File Selected');
    });

    await test.step('a file with errors: Upload Completed with Errors, the list, nothing created', async () => {
      const csv = [
        HEADER,
        `${a},Leeds,Flat 1,1b2p`,
        ',Leeds,Flat 2,1b2p',
        `${a},Leeds,Flat 3,`,
        `${existing.name},Hull,Flat 1,1b2p`,
      ].join('\n');
      await dialog.getByLabel('CSV file').setInputFiles(csvFile(csv));
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await expectToast(page, 'Upload Completed with Errors', '2 errors, 2 warnings. Check details below.');
      const summary = dialog.getByRole('region', { name: 'Upload summary' });
      await expect(summary).toContainText('Sites created0');
      await expect(summary).toContainText('Properties created0');
      await expect(summary).toContainText('Errors2');
      await expect(summary).toContainText('Warnings2');
      await expect(summary).toContainText('Nothing was created. Fix the errors and upload the file again.');
      const rows = summary.getByRole('list', { name: 'Upload details' }).getByRole('listitem');
      await expect(rows).toHaveCount(4);
      await expect(rows.nth(0)).toContainText('Row 3, site_name');
      await expect(rows.nth(0)).toContainText('Error');
      await expect(rows.nth(0)).toContainText('Site name is required');
      await expect(rows.nth(1)).toContainText('Row 4, property_type');
      await expect(rows.nth(1)).toContainText('Property type is required');
      await expect(rows.nth(2)).toContainText('Row 5, site_name');
      await expect(rows.nth(2)).toContainText('Warning');
      await expect(rows.nth(2)).toContainText(
        `Site ${existing.name} already exists; its new properties are added to it`,
      );
      await expect(rows.nth(3)).toContainText('Already exists at this site; skipped');
    });

    await test.step('closing clears the file and the result', async () => {
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await searchSites(page, a);
      await expect(page.getByText(/^No sites match/)).toBeVisible();
      dialog = await open();
      await expect(dialog.getByRole('region', { name: 'Upload summary' })).toHaveCount(0);
      await expect(dialog.getByLabel('CSV file')).toHaveValue('');
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await expectToast(page, 'No File Selected', 'Please select a CSV file to upload');
    });

    await test.step('a good file: Upload Successful, sites and properties created, the list refreshed', async () => {
      const csv = [
        HEADER,
        `${a},Leeds,"Flat 1, Block A",1b2p`,
        `${a},Leeds,Flat 2,2b4p`,
        `${a},Leeds,flat 2,2b4p`,
        `${b},York,Flat 9,3b5p`,
      ].join('\r\n');
      await dialog.getByLabel('CSV file').setInputFiles(csvFile(csv));
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await expectToast(page, 'Upload Successful', 'Created 2 sites and 3 properties with 1 warnings');
      await expect(dialog.getByRole('region', { name: 'Upload summary' })).toContainText('Sites created2');
      await expect(dialog.getByRole('list', { name: 'Upload details' })).toContainText('Row 4, property_address');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await searchSites(page, a);
      await expect(siteCard(page, a)).toContainText('2 properties');
      await searchSites(page, b);
      await expect(siteCard(page, b)).toContainText('1 property');
    });

    await test.step('a failed request: Upload Failed', async () => {
      await page.route('**/api/sites/bulk', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"error":{"code":"internal","message":"Something went wrong on the server"}}',
        }),
      );
      dialog = await open();
      await dialog
        .getByLabel('CSV file')
        .setInputFiles(csvFile([HEADER, `${unique('Never')},Leeds,Flat 1,1b2p`].join('\n')));
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await expectToast(page, 'Upload Failed', 'Failed to process CSV file');
      await expect(dialog.getByRole('alert')).toContainText('Something went wrong on the server');
    });
  });

  test('engineers are refused the admin area', async ({ engineerPage }) => {
    for (const path of ['/admin/sites', '/admin/properties', '/admin/design-parameters']) {
      await engineerPage.goto(path);
      await expect(engineerPage.getByRole('heading', { name: 'Admins only' })).toBeVisible();
      await expect(engineerPage.getByRole('heading', { name: 'Admin Panel' })).toHaveCount(0);
    }
  });
});
