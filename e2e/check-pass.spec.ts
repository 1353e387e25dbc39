import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CheckJourney, reportsFor, setRooms } from './check-journey';

test.describe('a check that passes', () => {
  test('all eight steps with a photo and a signature, submitted and stored', async ({
    engineer,
    engineerPage: page,
    createSite,
    adminApi,
  }) => {
    const { site } = await createSite({ properties: [{ address: '12 Mill Lane, Leeds', propertyType: '1b2p' }] });
    await setRooms(adminApi, site, '1b2p', { Hall: '2.5', Kitchen: '3' });
    const check = new CheckJourney(page);

    await test.step('home: site and property chosen with the keyboard, then Start', async () => {
      await page.goto('/');
      const start = page.getByRole('button', { name: 'Start', exact: true });
      await expect(start).toBeDisabled();
      // Admin buttons are for admins only.
      await expect(page.getByRole('link', { name: 'Reports', exact: true })).toHaveCount(0);
      await page.getByLabel('Site', { exact: true }).selectOption({ label: `${site.name} - ${site.location}` });
      const picker = page.getByRole('combobox', { name: 'Property' });
      await picker.fill('nothing like it');
      await expect(page.getByRole('listbox').getByText('No property found.')).toBeVisible();
      await picker.fill('Mill');
      await expect(picker).toHaveAttribute('aria-expanded', 'true');
      const option = page.getByRole('listbox').getByRole('option', { name: /12 Mill Lane, Leeds\s*1b2p/ });
      await expect(option).toBeVisible();
      await picker.press('ArrowDown');
      await expect(picker).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
      await picker.press('Enter');
      await expect(picker).toHaveAttribute('aria-expanded', 'false');
      await expect(picker).toHaveValue('12 Mill Lane, Leeds');
      await start.click();
      await check.expectStep(1, 'Basic Information');
      await expect(page).toHaveURL(/\/check\/basic-info/);
    });

    await test.step('1 Basic Information: auto-filled values are read-only', async () => {
      await expect(page.getByLabel('Site Name')).toHaveValue(site.name);
      await expect(page.getByLabel('Dwelling Type')).toHaveValue('1b2p');
      await expect(page.getByLabel('Engineer Name')).toHaveValue(engineer.name);
      await expect(page.getByLabel('Start Time')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
      for (const label of ['Site Name', 'Address', 'Dwelling Type', 'Engineer Name', 'Start Time']) {
        await expect(page.getByLabel(label)).not.toBeEditable();
      }
      await expect(page.getByLabel('Meter Start Reading')).toHaveAttribute('inputmode', 'decimal');
      await expect(check.button('Save and Continue')).toBeDisabled();
      await check.basicInfo();
      await check.next('Save and Continue');
    });

    await test.step('2 Initial Checks: pressure judged live', async () => {
      await check.expectStep(2, 'Initial Checks');
      // A new step starts at its top, with its heading focused so a screen reader announces it.
      await expect(check.heading('Initial Checks')).toBeFocused();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expect(check.button('Next')).toBeDisabled();
      await page.getByLabel('System Pressure').fill('1.8');
      await expect(page.getByText('Out of range (1-1.5 bar)')).toBeVisible();
      await check.initialChecks();
      await expect(page.getByText('In range (1-1.5 bar)')).toBeVisible();
      await expect(check.yesNo('Meter OK').yes).toHaveAttribute('aria-checked', 'true');
      await check.next();
    });

    await test.step('3 Standby Mode', async () => {
      await check.expectStep(3, 'Standby Mode');
      await check.standby();
      await expect(page.getByText('In range (45-48 °C)')).toBeVisible();
      await expect(page.getByText('In range (2-3 L/min)')).toBeVisible();
      await check.next();
    });

    await test.step('4 Tertiary System Checks: the rooms of the site design, valve settings compared', async () => {
      await check.expectStep(4, 'Tertiary System Checks');
      await expect(check.room('Hall')).toBeVisible();
      await expect(check.room('Kitchen')).toBeVisible();
      await expect(check.room('Bedroom 2')).toHaveCount(0);
      await check.radiators({ Hall: '2.5', Kitchen: '2' });
      await expect(page.getByText('Incorrect (expected 3)')).toBeVisible();
      await check.radiators({ Kitchen: '3' });
      await expect(page.getByText('Correct (expected 3)')).toBeVisible();
      await check.next();
    });

    await test.step('5 Heating Checks', async () => {
      await check.expectStep(5, 'Heating Checks');
      await check.heating();
      await expect(page.getByText('In range (5-15 kW)')).toBeVisible();
      await check.next();
    });

    await test.step('6 DHW Checks: CWS temperature is optional', async () => {
      await check.expectStep(6, 'DHW Checks');
      await check.dhw();
      await page.getByLabel('CWS Temperature').fill('');
      await expect(check.button('Next')).toBeEnabled();
      await check.next();
    });

    await test.step('7 Photos & Signature', async () => {
      await check.expectStep(7, 'Photos & Signature');
      await expect(check.button('Review & Submit')).toBeDisabled();
      await page.getByLabel('Remote Cut Off Valve Serial').fill('AB12');
      await page.getByLabel('Meter End Reading').focus();
      await expect(page.getByText('Invalid format. Enter numbers only or "NA"')).toBeVisible();
      await signaturePadKeepsInkThroughResize(page);
      await check.photosSignature();
      await expect(page.getByText('Invalid format. Enter numbers only or "NA"')).toHaveCount(0);
      await check.next('Review & Submit');
    });

    await test.step('8 Review & Submit: every section passes', async () => {
      await check.expectStep(8, 'Review & Submit');
      await expect(page.getByText('No issues found.')).toBeVisible();
      for (const title of [
        'Basic Information',
        'Initial Checks',
        'Standby Mode',
        'Tertiary System Checks',
        'Heating Checks',
        'DHW Checks',
        'Photos & Signature',
      ]) {
        await expect(check.badge(title, 'Pass')).toBeVisible();
      }
      await expect(check.section('Standby Mode')).toContainText('46 °C');
      await expect(check.section('Photos & Signature')).toContainText('1 photo');
      await expect(check.button('Submit Report')).toBeEnabled();
      await check.button('Submit Report').click();
    });

    await test.step('home with Report Submitted, and the report is stored as PASS', async () => {
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText('Report Submitted')).toBeVisible();
      await expect(page.getByTestId('unsaved-work')).toHaveCount(0);
      const reports = await reportsFor(adminApi, site.name);
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatchObject({
        overallStatus: 'PASS',
        hiuSerial: 'SN-1001',
        propertyAddress: '12 Mill Lane, Leeds',
        engineerName: engineer.name,
      });
      // The draft the steps saved is removed after the submit.
      await expect(page.getByText('No drafts saved today.')).toBeVisible();
    });
  });

  test('step 4 not applicable shows as n/a on the review, with its reason', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.walkToStandby();
    await check.standby();
    await check.next();
    await check.expectStep(4, 'Tertiary System Checks');
    // No design for the type: a one-bed flat's rooms.
    for (const room of ['Hall', 'Living Room', 'Kitchen', 'Bedroom 1']) await expect(check.room(room)).toBeVisible();
    await check.radiatorsNotApplicable('Heated by the communal corridor');
    await check.expectStep(5, 'Heating Checks');
    await check.heating();
    await check.next();
    await check.dhw();
    await check.next();
    await check.photosSignature({ photo: false });
    await check.next('Review & Submit');
    await check.expectStep(8, 'Review & Submit');
    const radiators = check.section('Tertiary System Checks');
    await expect(check.badge('Tertiary System Checks', 'N/A')).toBeVisible();
    await expect(radiators).toContainText('Step not applicable');
    await expect(radiators).toContainText('Heated by the communal corridor');
    // No photos is a warning, not a failure: the result still passes.
    await expect(page.getByText('No photos uploaded')).toBeVisible();
    await expect(check.badge('Overall Result', 'Pass')).toBeVisible();
  });

  test('a check opened from a link keeps its step on screen while it starts, and says why it cannot', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 2 });
    const check = new CheckJourney(page);
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(`**/api/sites/${site.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/check/basic-info?siteId=${site.id}&propertyId=${properties[0]!.id}`);
    await expect(page.getByRole('status').filter({ hasText: 'Starting check...' })).toBeVisible();
    await expect(check.heading('Basic Information')).toBeVisible();
    await expect(page.getByText('Step 1 of 8')).toBeVisible();
    answer();
    await expect(page.getByLabel('Address')).toHaveValue(properties[0]!.address);

    // A link to a site that is gone (another property: the one above is continued, not started again).
    await page.goto(`/check/basic-info?siteId=${crypto.randomUUID()}&propertyId=${crypto.randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Could not start the check' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      "This flat's site could not be found. It may have been removed; ask your supervisor.",
    );
    await page.getByRole('link', { name: 'Return to home' }).click();
    await expect(page.getByRole('heading', { name: 'HIU Commissioning', level: 1 })).toBeVisible();

    // Cancel while another property's check starts (its site's answer held back) leaves for home, and the
    // answer arriving later starts nothing: the phone still holds the first check.
    let release!: () => void;
    const heldAgain = new Promise<void>((resolve) => (release = resolve));
    await page.unroute(`**/api/sites/${site.id}`);
    await page.route(`**/api/sites/${site.id}`, async (route) => {
      await heldAgain;
      await route.continue();
    });
    await page.goto(`/check/basic-info?siteId=${site.id}&propertyId=${properties[1]!.id}`);
    await expect(page.getByRole('status').filter({ hasText: 'Starting check...' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'HIU Commissioning', level: 1 })).toBeVisible();
    const answered = page.waitForResponse(`**/api/sites/${site.id}`);
    release();
    await answered;
    // Nothing shows a start that did not happen; give one that did time to show.
    await page.waitForTimeout(1_000);
    await expect(page.getByTestId('unsaved-work')).toContainText(properties[0]!.address);
    await expect(page).toHaveURL(/\/$/);
  });
});

/** The pad: ink stays through a resize, a mark after it lands under the pointer, and Clear empties it. */
async function signaturePadKeepsInkThroughResize(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  // Whether the bitmap has ink near a point given as fractions of its width and height.
  const inked = (fx: number, fy: number) =>
    canvas.evaluate(
      (el, [fx, fy]) => {
        const c = el as HTMLCanvasElement;
        const x = Math.round(c.width * fx!);
        const y = Math.round(c.height * fy!);
        const pixels = c.getContext('2d')!.getImageData(x - 3, y - 3, 7, 7).data;
        return pixels.some((v, i) => i % 4 === 3 && v > 0);
      },
      [fx, fy],
    );
  const tap = async (fx: number, fy: number) => {
    await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
  };
  const size = page.viewportSize()!;
  await tap(0.25, 0.5);
  await expect(page.getByText('Signature captured')).toBeVisible();
  expect(await inked(0.25, 0.5)).toBe(true);
  await page.setViewportSize({ width: 320, height: size.height });
  expect(await inked(0.25, 0.5)).toBe(true);
  await tap(0.75, 0.5);
  expect(await inked(0.75, 0.5)).toBe(true);
  await page.setViewportSize(size);
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page.getByText('No signature yet')).toBeVisible();
  expect(await inked(0.25, 0.5)).toBe(false);
  expect(await inked(0.75, 0.5)).toBe(false);
}
