import type { Page } from '@playwright/test';
import type { Draft, Property } from '@hiu/domain';
import { expect, test } from '../fixtures';
import { CheckJourney } from '../check-journey';
import { openWithServiceWorker } from '../fixtures/offline-ready';

/*
 * Cancel means cancelled (docs/product.md#drafts): a check cancelled or discarded with no signal is not sent
 * later as a draft; once the signal is back the server holds none of it, and Resume Drafts lists the flat once at
 * most.
 */

/** The engineer's drafts on the server (the API, not the phone), for one flat. */
async function serverDrafts(page: Page, flat: Property): Promise<Draft[]> {
  const all = (await (await page.request.get('/api/drafts')).json()) as Draft[];
  return all.filter((d) => d.propertyId === flat.id);
}

/** Resume Drafts' rows for the flat on home, read afresh from the server. */
async function resumeRows(page: Page, flat: Property) {
  await page.goto('/');
  const today = page.getByRole('region', { name: 'Today' });
  await expect(today.getByRole('status', { name: 'Loading drafts' })).toHaveCount(0);
  return today.getByRole('listitem').filter({ hasText: flat.address });
}

async function signalBack(page: Page) {
  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

test('an offline Cancel Check, the flat started again, then signal back: one draft, the new one, one row', async ({
  engineerPage: page,
  createSite,
}) => {
  test.setTimeout(120_000);
  const { site, properties } = await createSite({ properties: 1 });
  const flat = properties[0]!;
  const check = new CheckJourney(page);
  await openWithServiceWorker(page);

  await test.step('started and saved online: the server holds its draft', async () => {
    await check.start(site, flat);
    await check.basicInfo({ model: 'First Model' });
    await check.next('Save and Continue');
    await check.expectStep(2, 'Initial Checks');
    await expect.poll(async () => (await serverDrafts(page, flat)).length, { timeout: 20_000 }).toBe(1);
  });

  await page.context().setOffline(true);
  await test.step('offline: more saved, then Cancel Check', async () => {
    await check.initialChecks();
    await check.next();
    await check.expectStep(3, 'Standby Mode');
    await check.button('Cancel').click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this check?' });
    await dialog.getByRole('button', { name: 'Cancel Check' }).click();
    await expect(page.getByRole('heading', { name: 'HIU Commissioning', level: 1 })).toBeVisible();
    await expect(page.getByTestId('unsaved-work')).toHaveCount(0);
  });

  await test.step('the same flat started again offline and saved', async () => {
    await page.getByLabel('Site', { exact: true }).selectOption({ label: `${site.name} - ${site.location}` });
    await page.getByRole('combobox', { name: 'Property' }).fill(flat.address.slice(0, 6));
    await page.getByRole('option', { name: new RegExp(flat.address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await check.expectStep(1, 'Basic Information');
    await expect(page.getByLabel('HIU Model')).toHaveValue('');
    await check.basicInfo({ model: 'Second Model' });
    await check.next('Save and Continue');
    await check.expectStep(2, 'Initial Checks');
  });

  await signalBack(page);
  await expect
    .poll(async () => (await serverDrafts(page, flat)).map((d) => d.wizardData.hiuModel), { timeout: 30_000 })
    .toEqual(['Second Model']);
  await expect(await resumeRows(page, flat)).toHaveCount(1);
});

test('Discard on Unsaved Work Found with no signal withdraws the queued and the saved draft', async ({
  engineerPage: page,
  createSite,
}) => {
  test.setTimeout(120_000);
  const { site, properties } = await createSite({ properties: 1 });
  const flat = properties[0]!;
  const check = new CheckJourney(page);
  await openWithServiceWorker(page);
  await check.start(site, flat);
  await check.basicInfo();
  await check.next('Save and Continue');
  await check.expectStep(2, 'Initial Checks');
  await expect.poll(async () => (await serverDrafts(page, flat)).length, { timeout: 20_000 }).toBe(1);

  await page.context().setOffline(true);
  await check.initialChecks();
  await check.next();
  await check.expectStep(3, 'Standby Mode');
  await page.goto('/');
  const banner = page.getByTestId('unsaved-work');
  await expect(banner).toContainText(flat.address);
  await banner.getByRole('button', { name: 'Discard' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Discard this check?' });
  await expect(dialog).toContainText('its draft removed from the cloud');
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(banner).toHaveCount(0);

  await signalBack(page);
  await expect.poll(async () => (await serverDrafts(page, flat)).length, { timeout: 30_000 }).toBe(0);
  await expect(await resumeRows(page, flat)).toHaveCount(0);
});
