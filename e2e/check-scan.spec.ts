import type { Page } from '@playwright/test';
import type { Property, Site } from '@hiu/domain';
import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';
import { barcodePng, fakeCamera } from './fake-camera';

/** A new check on step 1 of a one-property site, with the phone's camera showing `camera`. */
async function checkWithCamera(
  page: Page,
  createSite: (input: { properties: number }) => Promise<{ site: Site; properties: Property[] }>,
  camera: Buffer | 'refused',
): Promise<CheckJourney> {
  const { site, properties } = await createSite({ properties: 1 });
  await fakeCamera(page, camera);
  const check = new CheckJourney(page);
  await check.start(site, properties[0]!);
  return check;
}

test.describe('scanning serials instead of typing them', () => {
  test('a Code 128 HIU serial is read from the camera, shown for confirmation, and fills the field on Use', async ({
    engineerPage: page,
    createSite,
  }, testInfo) => {
    await checkWithCamera(page, createSite, await barcodePng('HX-20931', 'Code128'));

    await page.getByRole('button', { name: 'Scan serial barcode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan HIU serial' });
    await expect(dialog.getByTestId('scanned-value')).toHaveText('HX-20931', { timeout: 20_000 });
    // Nothing is filled before the engineer confirms (the field sits behind the modal, hidden from the tree).
    await expect(page.getByRole('textbox', { name: 'HIU Serial', includeHidden: true })).toHaveValue('');
    await page.screenshot({ path: testInfo.outputPath('scanner-confirmation.png') });

    await dialog.getByRole('button', { name: 'Use this value' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('HIU Serial')).toHaveValue('HX-20931');
    // Typing still works beside the scanner.
    await page.getByLabel('HIU Serial').fill('HX-20931-B');
    await expect(page.getByLabel('HIU Serial')).toHaveValue('HX-20931-B');
  });

  test('the camera waits for the scanner window when its code is slow to arrive', async ({
    engineerPage: page,
    createSite,
  }) => {
    await checkWithCamera(page, createSite, await barcodePng('HX-555', 'Code128'));
    // The dialog's code loads on first open; on a slow link the camera is ready long before it.
    await page.route(/\/assets\/dialog-content-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Scan serial barcode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan HIU serial' });
    await expect(dialog.getByTestId('scanned-value')).toHaveText('HX-555', { timeout: 30_000 });
    await expect(dialog.getByRole('alert')).toHaveCount(0);
  });

  test('a QR code fills the HIU model; Scan again reads anew and Cancel leaves the field as it was', async ({
    engineerPage: page,
    createSite,
  }) => {
    await checkWithCamera(page, createSite, await barcodePng('Evo Compact 40', 'QRCode'));
    await page.getByLabel('HIU Model').fill('typed model');

    await page.getByRole('button', { name: 'Scan model barcode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan HIU model' });
    await expect(dialog.getByTestId('scanned-value')).toHaveText('Evo Compact 40', { timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Scan again' }).click();
    await expect(dialog.getByTestId('scanned-value')).toHaveText('Evo Compact 40', { timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('HIU Model')).toHaveValue('typed model');

    await page.getByRole('button', { name: 'Scan model barcode' }).click();
    await expect(dialog.getByTestId('scanned-value')).toHaveText('Evo Compact 40', { timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Use this value' }).click();
    await expect(page.getByLabel('HIU Model')).toHaveValue('Evo Compact 40');
  });

  test('a scanned valve serial must pass the serial rule before it can be used', async ({
    engineerPage: page,
    createSite,
  }) => {
    const check = await checkWithCamera(page, createSite, await barcodePng('VALVE-77', 'Code128'));
    await page.goto('/check/photos-signature');
    await check.expectStep(7, 'Photos & Signature');

    await page.getByRole('button', { name: 'Scan valve barcode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan remote cut off valve serial' });
    await expect(dialog.getByTestId('scanned-value')).toHaveText('VALVE-77', { timeout: 20_000 });
    await expect(dialog.getByRole('alert')).toHaveText('Invalid format. Enter numbers only or "NA"');
    await expect(dialog.getByRole('button', { name: 'Use this value' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByLabel('Remote Cut Off Valve Serial')).toHaveValue('');
  });

  test('a barcode reader that cannot load is told plainly, not as a program error', async ({
    engineerPage: page,
    createSite,
  }) => {
    await checkWithCamera(page, createSite, await barcodePng('HX-1', 'Code128'));
    // Chromium on Linux has no built-in barcode reader, so the scanner fetches its own: here it never arrives.
    await page.route(/\/assets\/polyfill-detector-[^/]*\.js$/, (route) => route.abort());
    await page.getByRole('button', { name: 'Scan serial barcode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan HIU serial' });
    await expect(dialog.getByRole('alert')).toHaveText('The barcode reader could not start. Type the value instead.');
    await dialog.getByRole('button', { name: 'Close and type it' }).click();
    await page.getByLabel('HIU Serial').fill('SN-2');
    await expect(page.getByLabel('HIU Serial')).toHaveValue('SN-2');
  });

  test('a refused camera is told plainly and the field can still be typed', async ({
    engineerPage: page,
    createSite,
  }) => {
    await checkWithCamera(page, createSite, 'refused');
    await page.getByRole('button', { name: 'Scan serial barcode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan HIU serial' });
    await expect(dialog.getByRole('alert')).toHaveText(
      'Camera access was refused. Allow the camera for this site in the browser settings, or type the value instead.',
    );
    await dialog.getByRole('button', { name: 'Close and type it' }).click();
    await page.getByLabel('HIU Serial').fill('SN-1');
    await expect(page.getByLabel('HIU Serial')).toHaveValue('SN-1');
  });

  test('a scanner whose code cannot be fetched says so and leaves the step as it was; the next tap opens it', async ({
    engineerPage: page,
    createSite,
  }) => {
    const scannerCode = /\/assets\/barcode-scanner-[^/]*\.js$/;
    await page.route(scannerCode, (route) => route.abort('internetdisconnected'));
    const check = await checkWithCamera(page, createSite, 'refused');
    await page.getByLabel('HIU Model').fill('Thermal X5');

    await page.getByRole('button', { name: 'Scan serial barcode' }).click();
    await expect(page.getByText('Could not open')).toBeVisible();
    await expect(page.getByText('Part of the app could not be loaded. Try again when you have signal.')).toBeVisible();
    await check.expectStep(1, 'Basic Information');
    await expect(page.getByLabel('HIU Model')).toHaveValue('Thermal X5');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.unroute(scannerCode);
    await page.getByRole('button', { name: 'Scan serial barcode' }).click();
    await expect(page.getByRole('dialog', { name: 'Scan HIU serial' })).toBeVisible();
  });
});
