import { expect, test } from './fixtures';

test('the reports screen downloads the analysis CSV of every site', async ({ adminPage: page, createSite }) => {
  await createSite({ properties: 1 });
  await page.goto('/admin/reports');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Analysis CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^all-sites-analysis-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(text).toString('utf8')).toMatch(/^"Reference","Site","Site Location"/);
});
