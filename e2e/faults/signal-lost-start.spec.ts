import type { APIRequestContext, Page } from '@playwright/test';
import type { Property, Site } from '@hiu/domain';
import { expect, test, type TestUser } from '../fixtures';
import { CheckJourney } from '../check-journey';
import { saveDraft } from '../progress-model';
import { openWithServiceWorker } from '../fixtures/offline-ready';
import { keptCounts } from './kept-copy';

/*
 * The signal goes while the app is open (docs/product.md#offline): home was loaded online, then
 * the phone walks into the plant room. Every way into a check starts it from what the phone holds, at once; what
 * it does not hold is said at once.
 */

const myFlat = (page: Page, address: string) => page.getByTestId('my-flat').filter({ hasText: address });
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A site of three flats, all assigned to the engineer, who is a member of it. */
async function assignedSite(
  createSite: (input?: { properties?: number }) => Promise<{ site: Site; properties: Property[] }>,
  adminApi: APIRequestContext,
  engineer: TestUser,
) {
  const made = await createSite({ properties: 3 });
  // 200 when the engineer is a member already.
  expect([200, 201]).toContain((await adminApi.put(`/api/sites/${made.site.id}/members/${engineer.id}`)).status());
  const assigned = await adminApi.post(`/api/sites/${made.site.id}/assignments`, {
    data: { engineerId: engineer.id, propertyIds: made.properties.map((p) => p.id) },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  return made;
}

/** Home online (the app's code on the phone) until the phone keeps the engineer's copy (their site, flats and drafts); then the signal goes. */
async function homeThenSignalLost(page: Page, draft: boolean) {
  await openWithServiceWorker(page);
  await expect(page.getByRole('heading', { name: 'My flats' })).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(
      async () => {
        const kept = await keptCounts(page);
        return kept.sites > 0 && kept.assignments === 3 && (!draft || kept.drafts === 1);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.context().setOffline(true);
}

/** Step 1 of the flat, from the phone's copy, without waiting for a signal. */
async function expectStarted(page: Page, flat: Property) {
  const check = new CheckJourney(page);
  await check.expectStep(1, 'Basic Information');
  await expect(page.getByLabel('Address')).toHaveValue(flat.address);
  await expect(page.getByText('Starting check...')).toHaveCount(0);
}

const START_PATHS: {
  path: string;
  /** Saved on the server before home opens. */
  draft?: boolean;
  /** Done online first, before home is loaded. */
  before?(page: Page, site: Site, flats: Property[]): Promise<void>;
  start(page: Page, site: Site, flats: Property[]): Promise<Property>;
}[] = [
  {
    path: 'Start New Check on home',
    async start(page, site, flats) {
      const flat = flats[0]!;
      await page.getByLabel('Site', { exact: true }).selectOption({ label: `${site.name} - ${site.location}` });
      await page.getByRole('combobox', { name: 'Property' }).fill(flat.address.slice(0, 6));
      await page.getByRole('option', { name: new RegExp(escape(flat.address)) }).click();
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      return flat;
    },
  },
  {
    path: 'Start on My flats',
    async start(page, _site, flats) {
      const flat = flats[1]!;
      await myFlat(page, flat.address)
        .getByRole('button', { name: `Start ${flat.address}` })
        .click();
      return flat;
    },
  },
  {
    path: 'Resume in Resume Drafts',
    draft: true,
    async start(page, _site, flats) {
      const flat = flats[2]!;
      await page
        .getByRole('region', { name: 'Today' })
        .getByRole('listitem')
        .filter({ hasText: flat.address })
        .getByRole('link', { name: /Resume/ })
        .click();
      await new CheckJourney(page).expectStep(2, 'Initial Checks');
      await new CheckJourney(page).button('Back').click();
      return flat;
    },
  },
  {
    path: 'Start another flat while a check is kept on the phone',
    async before(page, site, flats) {
      await new CheckJourney(page).start(site, flats[0]!);
      await page.getByLabel('HIU Model').fill('Kept Model');
    },
    async start(page, _site, flats) {
      await expect(page.getByTestId('unsaved-work')).toContainText(flats[0]!.address);
      const flat = flats[1]!;
      await myFlat(page, flat.address)
        .getByRole('button', { name: `Start ${flat.address}` })
        .click();
      return flat;
    },
  },
];

// A mid-range phone (1x) and a slow one (4x CPU, CDP Emulation.setCPUThrottlingRate) from the moment the signal goes.
for (const rate of [1, 4])
  for (const way of START_PATHS) {
    test(`${rate}x CPU, signal lost after home loaded: ${way.path} starts at once from the phone's copy`, async ({
      engineer,
      engineerPage: page,
      createSite,
      adminApi,
    }) => {
      test.setTimeout(180_000);
      const { site, properties } = await assignedSite(createSite, adminApi, engineer);
      if (way.draft) await saveDraft(page, site, properties[2]!);
      await way.before?.(page, site, properties);
      await homeThenSignalLost(page, Boolean(way.draft));
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const flat = await way.start(page, site, properties);
      await expectStarted(page, flat);
    });
  }

test("signal lost after home loaded, the flat's site never kept: said at once, with the way home", async ({
  engineer,
  engineerPage: page,
  createSite,
  adminApi,
}, testInfo) => {
  const { site, properties } = await assignedSite(createSite, adminApi, engineer);
  // The phone's copy is never made: its reads of the site fail, so the sync keeps nothing.
  await page.route(`**/api/sites/${site.id}`, (route) => route.abort('connectionreset'));
  await openWithServiceWorker(page);
  const flat = properties[0]!;
  await expect(myFlat(page, flat.address)).toBeVisible();
  await page.context().setOffline(true);
  await myFlat(page, flat.address)
    .getByRole('button', { name: `Start ${flat.address}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Could not start the check' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    "This flat's site has not been downloaded to this phone yet. Start it when you have signal.",
  );
  await page.screenshot({ path: testInfo.outputPath('not-downloaded.png') });
  await page.getByRole('link', { name: 'Return to home' }).click();
  await expect(myFlat(page, flat.address)).toBeVisible();
});
