import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';

test.describe('a measurement box', () => {
  test('a pasted reading keeps its number; a reading in another unit or a word is refused, and says why', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.walkToStandby();

    const paste = async (label: string, text: string) => {
      await page.evaluate((t) => navigator.clipboard.writeText(t), text);
      await page.getByLabel(label).focus();
      await page.keyboard.press('ControlOrMeta+V');
    };
    const flow = page.getByLabel('Flow Temperature');
    await paste('Flow Temperature', ' 46.2 °C');
    await expect(flow).toHaveValue('46.2');

    const ret = page.getByLabel('Return Temperature');
    await paste('Return Temperature', '2 bar');
    await expect(page.getByText('"2 bar" is not in °C, which this box takes.')).toBeVisible();
    await expect(ret).toHaveValue('');
    await ret.pressSequentially('41');
    await expect(ret).toHaveValue('41');
    await expect(page.getByText('"2 bar" is not in °C, which this box takes.')).toHaveCount(0);

    const rate = page.getByLabel('Flow Rate');
    await paste('Flow Rate', '2,5 L/min');
    await expect(rate).toHaveValue('2.5');
    await rate.pressSequentially('x');
    await expect(page.getByText('Only numbers can go in this box.')).toBeVisible();
    await expect(rate).toHaveValue('2.5');

    // The pasted values are kept like typed ones.
    await check.next();
    await check.expectStep(4, 'Tertiary System Checks');
    await check.button('Back').click();
    await expect(flow).toHaveValue('46.2');
    await expect(rate).toHaveValue('2.5');
  });
});
