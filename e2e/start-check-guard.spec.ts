import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';

test.describe('starting a flat that already has a check', () => {
  test("another engineer's check is named with its step and time before starting alongside; my own is offered to resume or start over", async ({
    engineerPage: page,
    createSite,
    createUser,
    pageFor,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const flat = properties[0]!;
    const sam = await createUser({ name: `Sam Smith ${randomUUID().slice(0, 4)}` });
    const samPage = await pageFor(sam);
    const saved = await samPage.request.post('/api/drafts', {
      data: {
        id: randomUUID(),
        siteId: site.id,
        propertyId: flat.id,
        currentStep: 'Standby Mode',
        wizardData: { siteId: site.id, propertyId: flat.id, siteName: site.name, address: flat.address },
        version: 1,
      },
    });
    expect(saved.status()).toBe(200);

    const choose = async () => {
      await page.goto('/');
      await page.getByLabel('Site', { exact: true }).selectOption({ label: `${site.name} - ${site.location}` });
      await page.getByRole('combobox', { name: 'Property' }).fill(flat.address.slice(0, 6));
      await page.getByRole('option', { name: new RegExp(flat.address) }).click();
      await page.getByRole('button', { name: 'Start', exact: true }).click();
    };
    const check = new CheckJourney(page);

    await test.step("Sam's check is named, with its step and time; Cancel stays home", async () => {
      await choose();
      const dialog = page.getByRole('dialog', { name: 'This flat is in progress' });
      await expect(dialog.getByTestId('others-work-on-flat')).toContainText(
        new RegExp(`In progress by ${sam.name}: Step 3 of 8, Standby Mode, since \\d{2}/\\d{2}/\\d{4}`),
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('heading', { name: 'Start New Check' })).toBeVisible();
    });

    await test.step('Start anyway begins my check; I save it at step 2', async () => {
      await choose();
      await page
        .getByRole('dialog', { name: 'This flat is in progress' })
        .getByRole('button', { name: 'Start anyway' })
        .click();
      await check.expectStep(1, 'Basic Information');
      await check.basicInfo({ serial: 'SN-MINE-1' });
      await check.next('Save and Continue');
      await check.expectStep(2, 'Initial Checks');
    });

    await test.step('starting the flat again offers my check to resume', async () => {
      await choose();
      const dialog = page.getByRole('dialog', { name: 'You have a check of this flat in progress' });
      await expect(dialog.getByTestId('my-draft')).toContainText('Step 2 of 8, Initial Checks');
      await dialog.getByRole('button', { name: 'Resume' }).click();
      await check.expectStep(2, 'Initial Checks');
    });

    await test.step('start over asks first, deletes my check, then still names Sam’s', async () => {
      await choose();
      await page
        .getByRole('dialog', { name: 'You have a check of this flat in progress' })
        .getByRole('button', { name: 'Start over' })
        .click();
      await page
        .getByRole('alertdialog', { name: 'Start over?' })
        .getByRole('button', { name: 'Delete and start over' })
        .click();
      await expect(page.getByRole('dialog', { name: 'This flat is in progress' })).toBeVisible();
      const mine = await (await page.request.get('/api/drafts')).json();
      expect(mine.filter((d: { propertyId: string }) => d.propertyId === flat.id)).toEqual([]);
      await page
        .getByRole('dialog', { name: 'This flat is in progress' })
        .getByRole('button', { name: 'Start anyway' })
        .click();
      await check.expectStep(1, 'Basic Information');
      await expect(page.getByLabel('HIU Serial')).toHaveValue('');
    });
  });
});
