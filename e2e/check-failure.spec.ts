import { execFileSync } from 'node:child_process';
import { expect, signInWithForm, test } from './fixtures';
import { CheckJourney, reportsFor } from './check-journey';
import { goOffline } from './fixtures/offline-ready';

test.describe('a device that fails', () => {
  test('step 2: a No asks to confirm, then the Failed page and a FAIL report', async ({
    engineerPage: page,
    createSite,
    adminApi,
  }) => {
    const { site, properties } = await createSite({
      properties: [{ address: '3 Dock Street, Hull', propertyType: '2b4p' }],
    });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.basicInfo({ model: 'Heatbox 9', serial: 'HB-77' });
    await check.next('Save and Continue');
    await check.expectStep(2, 'Initial Checks');
    await check.initialChecks({ 'Strainer clean': false });

    await test.step('Cancel in the dialog keeps the engineer on the step', async () => {
      await check.next();
      const dialog = page.getByRole('alertdialog', { name: 'Confirm Device Failure' });
      await expect(dialog).toContainText('This HIU is about to be failed for failing basic checks. Is this correct?');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await check.expectStep(2, 'Initial Checks');
    });

    await test.step('Confirm Failure asks for evidence; the report waits for the signature', async () => {
      await check.next();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Failure' }).click();
      await expect(check.heading('Record the Failure')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Failure Reasons' })).toContainText('Strainer not clean');
      await expect(check.button('File Failure Report')).toBeDisabled();
      await expect(check.button('File Failure Report')).toHaveAccessibleDescription(
        'Sign above to file the failure report.',
      );
      expect(await reportsFor(adminApi, site.name)).toHaveLength(0);
    });

    await test.step('photo with caption, notes and signature, then the report is filed', async () => {
      await check.fileFailure({
        photoCaption: 'Strainer full of debris',
        notes: 'Strainer blocked, told site manager.',
      });
      await expect(page).toHaveURL(/\/check\/failed$/);
      await expect(page.getByRole('heading', { name: 'Failed at Step 2' })).toBeVisible();
      await expect(page.getByText('Initial Checks', { exact: true })).toBeVisible();
      await expect(page.getByText('Strainer not clean')).toBeVisible();
      const recorded = page.getByRole('region', { name: 'Recorded Details' });
      for (const text of [site.name, '3 Dock Street, Hull', '2b4p', 'Heatbox 9', 'HB-77'])
        await expect(recorded).toContainText(text);
      const nextSteps = page.getByRole('region', { name: 'Next Steps' });
      await expect(nextSteps).toContainText('Clean the strainer.');
      for (const other of ['bypass', 'transit clips', 'meter']) await expect(nextSteps).not.toContainText(other);
      await expect(page.getByText('The failure report has been saved.')).toBeVisible();
    });

    await test.step('the FAIL report is stored with its reason', async () => {
      const reports = await reportsFor(adminApi, site.name);
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatchObject({
        overallStatus: 'FAIL',
        failedStep: 2,
        failureReasons: ['Strainer not clean'],
        hiuSerial: 'HB-77',
      });
      const full = await adminApi.get(`/api/reports/${reports[0]!.id}`);
      const body = (await full.json()) as {
        notes: string;
        wizardData: { photosSignature: { photos: { label: string }[]; signature: string } };
      };
      expect(body.notes).toBe('Strainer blocked, told site manager.');
      expect(body.wizardData.photosSignature.photos.map((p) => p.label)).toEqual(['Strainer full of debris']);
      expect(body.wizardData.photosSignature.signature).toMatch(/^\/api\/files\//);
    });

    await test.step('the report PDF can be made on the phone, with the network off', async () => {
      await goOffline(page);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      await page.context().setOffline(false);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`_3-Dock-Street-Hull_HB-77_\\d{4}-\\d{2}-\\d{2}_FAIL\\.pdf$`),
      );
      const text = execFileSync('pdftotext', [await download.path(), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain('HIU COMMISSIONING REPORT');
      expect(text).toContain('FAIL');
      expect(text).toContain('Strainer not clean');
      expect(text).toContain('3 Dock Street, Hull');
    });

    await test.step('a failed check is terminal: its steps lead back to the Failed page', async () => {
      await page.goto('/check/standby-mode');
      await expect(page).toHaveURL(/\/check\/failed$/);
    });

    await test.step('Start New Check clears it and goes home', async () => {
      await page.getByRole('button', { name: 'Start New Check' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('unsaved-work')).toHaveCount(0);
      await page.goto('/check/initial-checks');
      await expect(page).toHaveURL(/\/$/);
    });
  });

  test('the failure screen keeps a signature when the page reloads the instant its stroke ends', async ({
    engineerPage: page,
    createSite,
    adminApi,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    let check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.basicInfo();
    await check.next('Save and Continue');
    await check.initialChecks({ 'Strainer clean': false });
    await check.next();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Failure' }).click();
    await expect(check.heading('Record the Failure')).toBeVisible();
    await check.sign();
    // No waiting: the page goes the moment the stroke is on screen.
    await page.reload();
    check = new CheckJourney(page);
    await expect(check.heading('Record the Failure')).toBeVisible();
    await expect(page.getByText('Signature captured')).toBeVisible();
    await check.next('File Failure Report');
    await expect(page.getByText('The failure report has been saved.')).toBeVisible();
    const [report] = await reportsFor(adminApi, site.name);
    const full = (await (await adminApi.get(`/api/reports/${report!.id}`)).json()) as {
      wizardData: { photosSignature: { signature: string } };
    };
    expect(full.wizardData.photosSignature.signature).toMatch(/^\/api\/files\//);
  });

  test('step 3: a value out of range asks first, naming the value and the range; Re-measure keeps the step', async ({
    engineerPage: page,
    createSite,
    adminApi,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.walkToStandby();
    await check.standby({ flow: '60' });
    await expect(page.getByText('Out of range (45-48 °C)')).toBeVisible();
    await expect(page.getByText('In range (40-43 °C)')).toBeVisible();

    await test.step('a typo: Re-measure goes back to the reading, nothing is filed', async () => {
      await check.next();
      const dialog = page.getByRole('alertdialog', { name: 'Reading Out of Range' });
      await expect(dialog).toContainText('60 °C is outside 45-48 °C: re-measure, or record the HIU as failed?');
      await dialog.getByRole('button', { name: 'Re-measure' }).click();
      await expect(dialog).toBeHidden();
      await check.expectStep(3, 'Standby Mode');
      expect(await reportsFor(adminApi, site.name)).toHaveLength(0);
      await page.getByLabel('Flow Temperature').fill('46');
      await check.next();
      await check.expectStep(4, 'Tertiary System Checks');
      await page.getByRole('button', { name: 'Back' }).click();
      await check.expectStep(3, 'Standby Mode');
    });

    await test.step('a real fault: Record as Failed files the failure', async () => {
      await page.getByLabel('Flow Temperature').fill('50');
      await check.next();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Record as Failed' }).click();
      await check.fileFailure();
      await expect(page.getByRole('region', { name: 'Next Steps' })).toContainText(
        'Find why the standby Flow Temperature reads 50 °C (expected 45-48 °C)',
      );
      await expect(page.getByRole('heading', { name: 'Failed at Step 3' })).toBeVisible();
      await expect(page.getByText('Standby Mode', { exact: true })).toBeVisible();
      await expect(page.getByText('Standby Flow Temperature out of range (50 °C, expected 45-48 °C)')).toBeVisible();
      await expect(page.getByText('The failure report has been saved.')).toBeVisible();
      const reports = await reportsFor(adminApi, site.name);
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatchObject({ overallStatus: 'FAIL', failedStep: 3 });
    });

    await page.getByRole('button', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('signed out: the Failed page says the report waits for sign-in, and Sign in to send sends it', async ({
    engineerPage: page,
    engineer,
    createSite,
    adminApi,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.basicInfo();
    await check.next('Save and Continue');
    await page.context().clearCookies();
    await check.initialChecks({ 'Strainer clean': false });
    await check.next();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Failure' }).click();
    await check.fileFailure();
    await expect(page.getByRole('heading', { name: 'Failed at Step 2' })).toBeVisible();
    await expect(
      page.getByText(
        'You were signed out. The failure report is stored on this phone and is sent once you sign in again.',
      ),
    ).toBeVisible({ timeout: 30_000 });
    expect(await reportsFor(adminApi, site.name)).toHaveLength(0);

    await page.getByRole('link', { name: 'Sign in to send' }).click();
    await signInWithForm(page, engineer);
    await expect(page.getByRole('heading', { name: 'Failed at Step 2' })).toBeVisible();
    await expect(page.getByText('✓ The failure report has been saved.')).toBeVisible({ timeout: 30_000 });
    const reports = await reportsFor(adminApi, site.name);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ overallStatus: 'FAIL', failedStep: 2, failureReasons: ['Strainer not clean'] });
  });
});
