import { expect, test } from './fixtures';
import { filePassedCheck, minutesAgo } from './progress-model';

/* My reports (docs/product.md#my-reports) says where the office has each report: a report sent back stands out. */

test("My reports shows each report's review state, a sent-back one as Sent back: re-test", async ({
  engineerPage: page,
  createSite,
  adminApi,
}, testInfo) => {
  const { site, properties } = await createSite({ properties: 2 });
  const [sent, waiting] = [properties[0]!, properties[1]!];
  const report = await filePassedCheck(page, site, sent, minutesAgo(2), 'SN-B1');
  await filePassedCheck(page, site, waiting, minutesAgo(1), 'SN-B2');
  const back = await adminApi.post(`/api/reports/${report.id}/review`, {
    data: { decision: 'send_back', reason: 'Photo missing.' },
  });
  expect(back.status(), await back.text()).toBe(200);

  await page.goto('/my-reports');
  const row = (address: string) => page.getByRole('listitem').filter({ hasText: address });
  await expect(row(sent.address)).toContainText('Sent back: re-test');
  await expect(row(waiting.address)).toContainText('Awaiting review');
  await page.screenshot({ path: testInfo.outputPath('my-reports.png') });
});

test('My reports finds a report by address, site or reference, by touch', async ({
  engineerPage: page,
  createSite,
}, testInfo) => {
  const { site, properties } = await createSite({
    properties: ['Flat 1, Rowan House', 'Flat 2, Rowan House'].map((address) => ({ address, propertyType: '1b2p' })),
  });
  const first = await filePassedCheck(page, site, properties[0]!, minutesAgo(2), 'SN-R1');
  await filePassedCheck(page, site, properties[1]!, minutesAgo(1), 'SN-R2');

  await page.goto('/my-reports');
  const rows = page.getByRole('main').getByRole('listitem');
  await expect(rows).toHaveCount(2);
  const search = page.getByRole('searchbox', { name: 'Search my reports' });
  await search.tap();
  await search.fill('flat 2, rowan');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(properties[1]!.address);

  await search.fill(first.reference);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(properties[0]!.address);

  await search.fill(site.name);
  await expect(rows).toHaveCount(2);

  await search.fill('no such flat');
  await expect(rows).toHaveCount(0);
  await expect(page.getByRole('main')).toContainText('No report of yours matches “no such flat”.');
  await page.screenshot({ path: testInfo.outputPath('my-reports-search.png') });
});
