import Papa from 'papaparse';
import { analysisCsvFilename } from '@hiu/domain';
import { expect, test } from './fixtures';
import { filePassedCheck, minutesAgo } from './progress-model';

test('the reports screen downloads the analysis CSV of every site', async ({ adminPage: page, createSite }) => {
  await createSite({ properties: 1 });
  await page.goto('/admin/reports');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Analysis CSV of every site' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^all-sites-analysis-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(text).toString('utf8')).toMatch(/^"Reference","Site","Site Location"/);
});

test("a site on the reports screen downloads that site's analysis CSV", async ({
  adminPage: page,
  engineerPage,
  createSite,
}, testInfo) => {
  const { site, properties } = await createSite({ properties: 1 });
  await filePassedCheck(engineerPage, site, properties[0]!, minutesAgo(1));
  const other = await createSite({ properties: 1 });
  await filePassedCheck(engineerPage, other.site, other.properties[0]!, minutesAgo(1));

  await page.goto('/admin/reports');
  const card = page.getByTestId('site-reports').filter({ has: page.getByRole('heading', { name: site.name }) });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Analysis CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(analysisCsvFilename(site.name, new Date()));
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  const rows = Papa.parse<string[]>(text.trimEnd()).data;
  expect(rows).toHaveLength(2);
  expect(rows[1]![1]).toBe(site.name);
  await page.screenshot({ path: testInfo.outputPath('reports-site-analysis.png'), fullPage: true });
});
