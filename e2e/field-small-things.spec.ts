import { randomUUID } from 'node:crypto';
import { expect, test, unique } from './fixtures';
import { CheckJourney } from './check-journey';
import { fileFailedCheck, minutesAgo } from './progress-model';

test.describe('small things a new user hit', () => {
  test('Edit from the review saves and returns to the review', async ({ engineerPage: page, createSite }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.walkToReview();
    await page.getByRole('link', { name: 'Edit Standby Mode' }).click();
    await check.expectStep(3, 'Standby Mode');
    await page.getByLabel('Flow Temperature').fill('47');
    await check.next();
    await check.expectStep(8, 'Review & Submit');
    await expect(check.section('Standby Mode')).toContainText('47 °C');
  });

  test('a long signed-in name is shown in full at 390 px, not cut off', async ({ createUser, pageFor }) => {
    const name = `Bartholomew Alexander Fitzwilliam-Montgomery ${unique('n')}`;
    const page = await pageFor(await createUser({ role: 'admin', name }));
    for (const path of ['/', '/admin']) {
      await page.goto(path);
      const shown = page.getByText(`${name} (admin)`);
      await expect(shown).toBeVisible();
      const fits = await shown.evaluate(
        (el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth,
      );
      expect(fits, `the whole name on ${path}`).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`long-name${path.replace('/', '-')}.png`) });
    }
  });

  test("home lists every one of today's drafts, 210 of them (past the server's 200 a request), a page at a time", async ({
    engineerPage: page,
  }) => {
    const saves = Array.from({ length: 210 }, (_, i) =>
      page.request.post('/api/drafts', {
        data: {
          id: randomUUID(),
          siteId: '',
          propertyId: '',
          currentStep: 'Initial Checks',
          wizardData: { address: `Draft flat ${i + 1}` },
        },
      }),
    );
    for (const res of await Promise.all(saves)) expect(res.ok()).toBe(true);
    await page.goto('/');
    const drafts = page.getByRole('region', { name: 'Today' });
    const resume = drafts.getByRole('link', { name: /^Resume Draft flat \d+$/ });
    await expect(resume.first()).toBeVisible();
    const more = drafts.getByRole('button', { name: 'Show more drafts' });
    while (await more.isVisible()) {
      const before = await resume.count();
      await more.click();
      await expect.poll(() => resume.count()).toBeGreaterThan(before);
    }
    await expect(resume).toHaveCount(210);
    for (const n of [1, 100, 101, 201, 210]) {
      await expect(drafts.getByRole('link', { name: `Resume Draft flat ${n}`, exact: true })).toBeVisible();
    }
  });

  test("a re-test starts with the HIU model and serial of the flat's last report", async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const flat = properties[0]!;
    await fileFailedCheck(page, site, flat, minutesAgo(2), 'SN-RETEST-9');
    const check = new CheckJourney(page);
    await check.start(site, flat);
    await expect(page.getByLabel('HIU Model')).toHaveValue('Evo 40');
    await expect(page.getByLabel('HIU Serial')).toHaveValue('SN-RETEST-9');
    await page.screenshot({ path: test.info().outputPath('retest-basic-info.png') });
  });

  test('a disabled Next says what is missing and takes the engineer to the first missing field', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    const next = check.button('Save and Continue');
    await expect(next).toBeDisabled();
    const hint = page.getByText(/^Still needed:/);
    await expect(hint).toHaveText('Still needed: HIU Model, HIU Serial, Meter Start Reading');
    await expect(next).toHaveAccessibleDescription('Still needed: HIU Model, HIU Serial, Meter Start Reading');
    const goTo = page.getByRole('button', { name: 'Go to first missing field' });
    await goTo.click();
    await expect(page.getByLabel('HIU Model')).toBeFocused();
    await page.keyboard.type('Evo 40');
    await expect(hint).toHaveText('Still needed: HIU Serial, Meter Start Reading');
    await goTo.click();
    await expect(page.getByLabel('HIU Serial')).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('next-missing-step-1.png') });
    await check.basicInfo();
    await expect(hint).toBeHidden();
    await check.next('Save and Continue');
    await check.expectStep(2, 'Initial Checks');
    await expect(hint).toContainText('Still needed: Bypass valve closed, Strainer clean, Transit clips removed and');
    await goTo.click();
    await expect(
      page.getByRole('radiogroup', { name: 'Bypass valve closed' }).getByRole('radio').first(),
    ).toBeFocused();
  });

  test('a failure report that reaches the server unsigned is refused, and the outbox says why', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    // As an old build would send it: the signature left out on the way to the server.
    await page.route('**/api/reports', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const body = route.request().postDataJSON() as { wizardData: { photosSignature: { signature: string } } };
      body.wizardData.photosSignature.signature = '';
      await route.continue({ postData: JSON.stringify(body) });
    });
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.basicInfo();
    await check.next('Save and Continue');
    await check.expectStep(2, 'Initial Checks');
    await check.initialChecks({ 'Strainer clean': false });
    await check.next();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Failure' }).click();
    await check.fileFailure();
    await expect(page.getByRole('heading', { name: 'Failed at Step 2' })).toBeVisible();
    await page.goto('/check/outbox');
    await expect(
      page.getByText("The server refused it (error 422): A failure report needs the engineer's signature"),
    ).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('outbox-unsigned-failure.png'), fullPage: true });
  });
});
