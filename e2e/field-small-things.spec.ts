import { expect, test } from './fixtures';
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
});
