import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';
import type { Draft } from '@hiu/domain';

test.describe('drafts, resume and reloads', () => {
  test("the review's notes are saved with the draft: resumed on another phone, they are there", async ({
    engineer,
    engineerPage: page,
    pageFor,
    createSite,
  }) => {
    const { site, properties } = await createSite({
      properties: [{ address: '9 Lock Lane, York', propertyType: '1b2p' }],
    });
    // The page's clock, so the autosave's wait after typing (30 s) can be skipped.
    await page.clock.install();
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.walkToReview();
    const notes = 'Isolation valve stiff; tenant asked for a call before the next visit.';
    await page.getByLabel('Notes').fill(notes);
    // The autosave after typing carries the notes to the server.
    await page.clock.fastForward('00:31');
    await expect
      .poll(async () => ((await (await page.request.get('/api/drafts')).json()) as Draft[]).map((d) => d.notes))
      .toEqual([notes]);

    const other = await pageFor(engineer);
    await other.goto('/');
    const item = other
      .getByRole('region', { name: 'Today' })
      .getByRole('listitem')
      .filter({ hasText: '9 Lock Lane, York' });
    await item.getByRole('link', { name: /Resume/ }).click();
    await new CheckJourney(other).expectStep(8, 'Review & Submit');
    await expect(other.getByLabel('Notes')).toHaveValue(notes);
  });

  test('resume from the Today list on another phone, and the Unsaved Work banner on this one', async ({
    engineer,
    engineerPage: page,
    pageFor,
    createSite,
  }) => {
    const { site, properties } = await createSite({
      properties: [{ address: '7 Canal Walk, York', propertyType: '1b2p' }],
    });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.basicInfo({ model: 'Resume Model', serial: 'R-42' });
    await check.next('Save and Continue');
    await check.expectStep(2, 'Initial Checks');
    await check.yesNo('Bypass valve closed').yes.click();

    // Save and Continue saved a draft whose current step is the next step's name.
    await expect
      .poll(async () => ((await (await page.request.get('/api/drafts')).json()) as Draft[]).map((d) => d.currentStep))
      .toEqual(['Initial Checks']);

    await test.step('this phone: Unsaved Work Found goes back to the step the engineer was on', async () => {
      await page.goto('/');
      const banner = page.getByTestId('unsaved-work');
      await expect(banner.getByRole('heading', { name: 'Unsaved Work Found' })).toBeVisible();
      await banner.getByRole('button', { name: 'Continue Check' }).click();
      await check.expectStep(2, 'Initial Checks');
      await expect(check.yesNo('Bypass valve closed').yes).toHaveAttribute('aria-checked', 'true');
    });

    await test.step('another phone: Today lists the draft and Resume restores it', async () => {
      const other = await pageFor(engineer);
      await other.goto('/');
      const today = other.getByRole('region', { name: 'Today' });
      const item = today.getByRole('listitem').filter({ hasText: '7 Canal Walk, York' });
      await expect(item).toContainText('Initial Checks');
      await expect(item).toContainText('Saved less than a minute ago');
      await item.getByRole('link', { name: /Resume/ }).click();
      await expect(
        other.getByText('Loading draft...').or(other.getByRole('heading', { name: 'Initial Checks' })),
      ).toBeVisible();
      const resumed = new CheckJourney(other);
      await resumed.expectStep(2, 'Initial Checks');
      await expect(other).toHaveURL(/\/check\/initial-checks$/);
      await resumed.button('Back').click();
      await resumed.expectStep(1, 'Basic Information');
      await expect(other.getByLabel('HIU Model')).toHaveValue('Resume Model');
      await expect(other.getByLabel('HIU Serial')).toHaveValue('R-42');
    });

    await test.step('an unknown draft shows Draft not found', async () => {
      await page.goto('/check/resume/00000000-0000-4000-8000-000000000000');
      await expect(page.getByRole('heading', { name: 'Draft not found' })).toBeVisible();
      await page.getByRole('link', { name: 'Return to home' }).click();
      await expect(page).toHaveURL(/\/$/);
    });

    await test.step('Discard asks first, then clears the check from the phone', async () => {
      const banner = page.getByTestId('unsaved-work');
      await banner.getByRole('button', { name: 'Discard' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Discard this check?' });
      await dialog.getByRole('button', { name: 'Discard' }).click();
      await expect(banner).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Start New Check' })).toBeVisible();
      await expect(page.getByTestId('unsaved-work')).toHaveCount(0);
    });
  });

  test('a reload in the middle of every step loses nothing', async ({ engineerPage: page, createSite }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);

    await check.basicInfo({ model: 'Reload Model', serial: 'RL-1', meterStart: '99.5' });
    await page.reload();
    await check.expectStep(1, 'Basic Information');
    await expect(page.getByLabel('HIU Model')).toHaveValue('Reload Model');
    await expect(page.getByLabel('HIU Serial')).toHaveValue('RL-1');
    await expect(page.getByLabel('Meter Start Reading')).toHaveValue('99.5');
    await check.next('Save and Continue');

    await check.initialChecks({ 'Meter OK': false }, '1.3');
    await page.reload();
    await check.expectStep(2, 'Initial Checks');
    await expect(check.yesNo('Meter OK').no).toHaveAttribute('aria-checked', 'true');
    await expect(check.yesNo('Strainer clean').yes).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByLabel('System Pressure')).toHaveValue('1.3');
    await check.yesNo('Meter OK').yes.click();
    await check.next();

    await check.standby({ flow: '47', ret: '42', rate: '2.2' });
    await page.reload();
    await check.expectStep(3, 'Standby Mode');
    await expect(page.getByLabel('Flow Temperature')).toHaveValue('47');
    await expect(page.getByLabel('Return Temperature')).toHaveValue('42');
    await expect(page.getByLabel('Flow Rate')).toHaveValue('2.2');
    await check.next();

    await check.radiators({ Hall: '1.5', Kitchen: '2' });
    await page.reload();
    await check.expectStep(4, 'Tertiary System Checks');
    await expect(check.room('Hall')).toHaveValue('1.5');
    await expect(check.room('Kitchen')).toHaveValue('2');
    await check.radiators({ 'Living Room': '2', 'Bedroom 1': '2' });
    await check.next();

    await check.heating();
    await page.reload();
    await check.expectStep(5, 'Heating Checks');
    await expect(page.getByLabel('Power Consumption')).toHaveValue('10');
    await expect(page.getByLabel('Primary Return Temperature')).toHaveValue('55');
    await check.next();

    await check.dhw();
    await page.reload();
    await check.expectStep(6, 'DHW Checks');
    await expect(check.yesNo('DHW reached 45°C within 45 seconds').yes).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByLabel('DHW Power Consumption')).toHaveValue('15');
    await expect(page.getByLabel('CWS Temperature')).toHaveValue('12');
    await check.next();

    await check.photosSignature();
    // Everything is stored once Review & Submit is enabled (the signature is saved a moment after drawing).
    await expect(check.button('Review & Submit')).toBeEnabled();
    await page.reload();
    await check.expectStep(7, 'Photos & Signature');
    await expect(page.getByRole('img', { name: 'HIU front' })).toBeVisible();
    await expect(page.getByLabel('Label for photo 1')).toHaveValue('HIU front');
    await expect(page.getByText('Signature captured')).toBeVisible();
    await expect(page.getByLabel('Remote Cut Off Valve Serial')).toHaveValue('12345');
    await expect(page.getByLabel('Meter End Reading')).toHaveValue('1240.2');
    await check.next('Review & Submit');

    await page.getByLabel('Notes').fill('Customer asked for a copy of the report.');
    await page.reload();
    await check.expectStep(8, 'Review & Submit');
    await expect(page.getByLabel('Notes')).toHaveValue('Customer asked for a copy of the report.');
    await expect(check.section('Standby Mode')).toContainText('47 °C');
    await expect(check.section('Basic Information')).toContainText('Reload Model');
  });
});
