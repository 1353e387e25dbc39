import { expect, test, unique } from './fixtures';
import { CheckJourney } from './check-journey';

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
});
