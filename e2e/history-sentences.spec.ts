import type { ReportDetail } from '@hiu/domain';
import { expect, test } from './fixtures';
import { smallTargets, violations } from './page-checks';
import { submitThroughApi as submit } from './report-files';

test("a supervisor reads a site's History as sentences naming the flat, the report and the engineer", async ({
  pageFor,
  createUser,
  createSite,
  adminApi,
  adminPage,
}, testInfo) => {
  const { site, properties } = await createSite({
    properties: [{ address: 'Flat 7, Rowan House', propertyType: '1b2p' }],
  });
  const flat = properties[0]!;
  const engineer = await createUser({ name: 'Erin Engineer' });
  const supervisor = await createUser({ role: 'supervisor', name: 'Sam Supervisor' });
  for (const who of [supervisor, engineer]) await adminApi.put(`/api/sites/${site.id}/members/${who.id}`);
  const boss = await pageFor(supervisor);
  const assigned = await boss.request.post(`/api/sites/${site.id}/assignments`, {
    data: { engineerId: engineer.id, propertyIds: [flat.id] },
  });
  expect(assigned.status()).toBe(200);
  const eng = await pageFor(engineer);
  const report = await submit(eng, site, flat, 2);
  const back = await boss.request.post(`/api/reports/${report.id}/review`, {
    data: { decision: 'send_back', reason: 'Serial unreadable on the photo', fields: ['hiuSerial'] },
  });
  expect(back.status()).toBe(200);
  const { reference } = (await (await boss.request.get(`/api/reports/${report.id}`)).json()) as ReportDetail;
  const at = `${flat.address} at ${site.name}`;

  await test.step("the site's History, on a phone", async () => {
    await boss.goto(`/review/sites/${site.id}/history`);
    const entries = boss.getByTestId('history-entry');
    await expect(entries.first()).toContainText(`Sam Supervisor sent back report ${reference} for ${at}.`);
    await expect(entries.first()).toContainText('Review: Awaiting review → Sent back');
    await expect(entries.first()).toContainText('Marked for the engineer: Basic Information: HIU serial');
    await expect(entries.first()).toContainText('Reason: Serial unreadable on the photo');
    await expect(entries.nth(1)).toContainText(`Erin Engineer submitted report ${reference} for ${at}.`);
    await expect(entries.nth(1)).toContainText('Verdict: Pass');
    await expect(entries.nth(2)).toContainText(`Sam Supervisor assigned ${at} to Erin Engineer.`);
    // No ids, keys or JSON where a person reads.
    const text = (await boss.getByRole('region', { name: 'Site history' }).textContent()) ?? '';
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|reviewState|engineerId|hiuSerial|\{"/);
    await boss.waitForLoadState('networkidle');
    expect(await violations(boss), 'site history').toEqual([]);
    expect(await smallTargets(boss, 'site history'), 'site history').toEqual([]);
    await boss.screenshot({ path: testInfo.outputPath('site-history-390x844.png'), fullPage: true });
  });

  await test.step("the admin's History filters by every kind of action", async () => {
    await adminPage.goto('/admin/history');
    const action = adminPage.getByLabel('Action');
    for (const kind of ['Evidence pack requested', 'Witness recorded', 'Site signed off', 'API token revoked'])
      await expect(action.locator('option', { hasText: kind })).toHaveCount(1);
    await action.selectOption({ label: 'Report sent back' });
    await expect(adminPage.getByTestId('history-entry').first()).toContainText(
      `Sam Supervisor sent back report ${reference} for ${at}.`,
    );
  });
});
