import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';

test.describe('the app open in two tabs of one phone', () => {
  test("typing in a tab left behind keeps the other tab's readings", async ({ engineerPage: page, createSite }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const first = new CheckJourney(page);
    await first.start(site, properties[0]!);
    await first.basicInfo();
    await first.button('Save and Continue').click();
    await first.expectStep(2, 'Initial Checks');

    // A second tab opens the same check at step 1, then waits behind while the first one goes on.
    const other = await page.context().newPage();
    const second = new CheckJourney(other);
    await other.goto('/check/basic-info');
    await second.expectStep(1, 'Basic Information');
    await expect(other.getByLabel('HIU Serial')).toHaveValue('SN-1001');

    await page.bringToFront();
    await first.initialChecks({}, '1.4');
    await first.next();
    await first.expectStep(3, 'Standby Mode');
    // Its last change: back on step 1, the model is corrected.
    await first.button('Back').click();
    await first.button('Back').click();
    await first.expectStep(1, 'Basic Information');
    await page.getByLabel('HIU Model').fill('Vital 2');

    // Back in the second tab: it has taken up all of the first tab's work (the model it shows is the last
    // change there), says so, and one more field is corrected there.
    await other.bringToFront();
    await expect(other.getByLabel('HIU Model')).toHaveValue('Vital 2');
    await expect(other.getByText('Updated from another tab').first()).toBeVisible();
    await other.getByLabel('HIU Serial').fill('SN-1002');
    await other.getByRole('button', { name: 'Save and Continue' }).click();
    await second.expectStep(2, 'Initial Checks');
    await expect(second.yesNo('Strainer clean').yes).toHaveAttribute('aria-checked', 'true');
    await expect(other.getByLabel('System Pressure')).toHaveValue('1.4');
    await other.close();

    // The first tab, reopened, has both: the correction made in the second tab and its own step 2.
    await page.bringToFront();
    await page.reload();
    await first.expectStep(1, 'Basic Information');
    await expect(page.getByLabel('HIU Serial')).toHaveValue('SN-1002');
    await expect(page.getByLabel('HIU Model')).toHaveValue('Vital 2');
    await first.button('Save and Continue').click();
    await first.expectStep(2, 'Initial Checks');
    await expect(first.yesNo('Strainer clean').yes).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByLabel('System Pressure')).toHaveValue('1.4');
  });
});
