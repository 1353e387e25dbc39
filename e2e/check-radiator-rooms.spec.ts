import { expect, test } from './fixtures';
import { CheckJourney, reportsFor } from './check-journey';

// docs/product.md#steps, step 4: a site with no room settings asks for the rooms the flat has, not invented ones.
test.describe('step 4 on a site with no room settings', () => {
  test('a one-bed flat gets a one-bed flat’s rooms: one added, one not applicable, submitted', async ({
    engineerPage: page,
    createSite,
    adminApi,
  }) => {
    const { site, properties } = await createSite({
      properties: [{ address: '4 Ash Row, Leeds', propertyType: '1b2p' }],
    });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.walkToStandby();
    await check.standby();
    await check.next();
    await check.expectStep(4, 'Tertiary System Checks');
    await expect(page.getByText('This site sets no radiator settings for 1b2p')).toBeVisible();
    for (const room of ['Hall', 'Living Room', 'Kitchen', 'Bedroom 1']) await expect(check.room(room)).toBeVisible();
    await expect(check.room('Bedroom 2')).toHaveCount(0);
    await expect(page.getByText('No expected setting: the setting found is recorded').first()).toBeVisible();

    const next = check.button('Next');
    const name = page.getByLabel(/^Add a room/);
    await name.fill(' kitchen ');
    await check.button('Add').click();
    await expect(page.getByText('This flat already has a room called Kitchen')).toBeVisible();
    await name.fill('Bathroom');
    await name.press('Enter');
    await expect(check.room('Bathroom')).toBeVisible();
    await expect(name).toHaveValue('');

    await check.button('Living Room not applicable').click();
    await expect(next).toBeDisabled();
    // In screen order: the room not applicable asks for its reason where its setting was.
    await expect(next).toHaveAccessibleDescription(
      'Still needed: Hall, Why Living Room is not applicable, Kitchen and 2 more',
    );
    await check.radiators({ Hall: '2', Kitchen: '2.5', 'Bedroom 1': '3', Bathroom: '1.5' });
    await expect(next).toHaveAccessibleDescription('Still needed: Why Living Room is not applicable');
    await page.getByLabel(/^Why Living Room is not applicable/).fill('Radiator removed for decorating');
    const box = await check.button('Remove Bathroom').boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: test.info().outputPath('step-4-one-bed.png'), fullPage: true });
    await check.next();

    await check.expectStep(5, 'Heating Checks');
    await check.heating();
    await check.next();
    await check.dhw();
    await check.next();
    await check.photosSignature({ photo: false });
    await check.next('Review & Submit');
    await check.expectStep(8, 'Review & Submit');
    const radiators = check.section('Tertiary System Checks');
    await expect(check.badge('Tertiary System Checks', 'Pass')).toBeVisible();
    await expect(radiators).toContainText('Not applicable: Radiator removed for decorating');
    await expect(radiators).toContainText('Bathroom');
    await check.button('Submit Report').click();
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(async () => (await reportsFor(adminApi, site.name)).map((r) => r.overallStatus))
      .toEqual(['PASS']);
  });

  test('a flat of a type the rule book cannot read starts with no rooms: the engineer adds and removes them', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({
      buildingTypes: ['Type A'],
      properties: [{ address: '9 Elm Yard, Leeds', propertyType: 'Type A' }],
    });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.walkToStandby();
    await check.standby();
    await check.next();
    await check.expectStep(4, 'Tertiary System Checks');
    await expect(page.getByText('This site sets no radiator settings for Type A. Add each room')).toBeVisible();
    const next = check.button('Next');
    await expect(next).toHaveAccessibleDescription('Still needed: Add a room');
    const name = page.getByLabel(/^Add a room/);
    await check.button('Add').click();
    await expect(page.getByText("Enter the room's name")).toBeVisible();
    for (const room of ['Lounge', 'Bedroom', 'Store']) {
      await name.fill(room);
      await check.button('Add').click();
    }
    await check.button('Remove Store').click();
    await expect(check.room('Store')).toHaveCount(0);
    await check.radiators({ Lounge: '2', Bedroom: '3' });
    // Removing a room that has a setting asks first.
    await check.button('Remove Bedroom').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(check.room('Bedroom')).toHaveValue('3');
    await check.next();
    await check.expectStep(5, 'Heating Checks');
  });
});
