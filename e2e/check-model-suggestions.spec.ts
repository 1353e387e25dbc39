import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';

/** A check in progress elsewhere on the site, saved as a draft by another engineer. */
async function draftWithModel(page: Page, site: { id: string }, property: { id: string }, hiuModel: string) {
  const res = await page.request.post('/api/drafts', {
    data: {
      id: randomUUID(),
      siteId: site.id,
      propertyId: property.id,
      currentStep: 'Initial Checks',
      wizardData: { siteId: site.id, propertyId: property.id, hiuModel },
    },
  });
  expect(res.ok()).toBe(true);
}

test.describe('one-tap repeats on a site', () => {
  test("the HIU model field offers the site's models, most frequent first, and one tap fills it", async ({
    engineerPage: page,
    createSite,
    createUser,
    pageFor,
  }, testInfo) => {
    const { site, properties } = await createSite({ properties: 4 });
    const other = await pageFor(await createUser());
    await draftWithModel(other, site, properties[1]!, 'Flatstation 2');
    await draftWithModel(other, site, properties[2]!, 'Evo Compact 40');
    await draftWithModel(other, site, properties[3]!, 'Evo Compact 40');

    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    const group = page.getByRole('group', { name: 'Models on this site (tap to use):' });
    const chips = group.getByRole('button');
    await expect(chips).toHaveCount(2);
    await expect(chips.nth(0)).toHaveAccessibleName('Evo Compact 40, recorded 2 times on this site');
    await expect(chips.nth(1)).toHaveAccessibleName('Flatstation 2, recorded once on this site');
    await expect(chips.nth(0)).toContainText('×2');
    await page.screenshot({ path: testInfo.outputPath('model-suggestions.png') });

    await chips.first().click();
    await expect(page.getByLabel('HIU Model')).toHaveValue('Evo Compact 40');
    await expect(chips.first()).toHaveAttribute('aria-pressed', 'true');
  });

  test("a new check starts blank: the previous check's meter and controller answers are not copied", async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 2 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.basicInfo({ model: 'Evo Compact 40', serial: 'SN-1', meterStart: '1500.5' });
    await check.next('Save and Continue');
    await check.initialChecks();
    await check.next();
    await page.goto('/check/photos-signature');
    await page.getByLabel('Meter End Reading').fill('1510.1');
    await check.yesNo('Heating controller set correctly').yes.click();

    // The next flat: its own check, nothing carried over except what the site offers to tap.
    await check.start(site, properties[1]!);
    await expect(page.getByLabel('Meter Start Reading')).toHaveValue('');
    await expect(page.getByLabel('HIU Serial')).toHaveValue('');
    await expect(page.getByLabel('HIU Model')).toHaveValue('');
    await page.goto('/check/initial-checks');
    for (const label of ['Bypass valve closed', 'Strainer clean', 'Transit clips removed', 'Meter OK']) {
      await expect(check.yesNo(label).yes).toHaveAttribute('aria-checked', 'false');
      await expect(check.yesNo(label).no).toHaveAttribute('aria-checked', 'false');
    }
    await page.goto('/check/photos-signature');
    await expect(page.getByLabel('Meter End Reading')).toHaveValue('');
    await expect(check.yesNo('Heating controller set correctly').yes).toHaveAttribute('aria-checked', 'false');
  });
});
