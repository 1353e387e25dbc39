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
