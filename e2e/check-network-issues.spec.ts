import { randomUUID } from 'node:crypto';
import { checkUpToStep } from '@hiu/domain/testing';
import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';
import { filePassedCheck } from './progress-model';
import { smallTargets, violations } from './page-checks';

// docs/product.md#network-wide-issues: the engineer's check shows the site's open issues, read-only.
test("an engineer sees the site's open network-wide issue inside the check, with who acts and by when", async ({
  engineerPage: page,
  createSite,
  adminApi,
}, testInfo) => {
  test.setTimeout(120_000);
  const { site, properties } = await createSite({ properties: [{ address: '4 Larch Court', propertyType: '1b2p' }] });
  // The engineer works on every site they are given (the fixture makes them a member of each).
  const flat = properties[0]!;
  const raise = async (description: string) => {
    const res = await adminApi.put(`/api/sites/${site.id}/issues/${randomUUID()}`, {
      data: { description, owner: 'client', due: '2026-12-18' },
    });
    expect(res.status()).toBe(201);
    return (await res.json()) as { id: string };
  };
  await raise('Plant flow temperature below 70 °C at peak');
  const lagged = await raise('Riser insulation missing');
  const resolved = await adminApi.post(`/api/sites/${site.id}/issues/${lagged.id}/resolution`, {
    data: { closingComment: 'Riser lagged' },
  });
  expect(resolved.status()).toBe(200);

  // A check saved on step 7 (as the autosave leaves it), resumed from home.
  const draft = await page.request.post('/api/drafts', {
    data: {
      id: randomUUID(),
      siteId: site.id,
      propertyId: flat.id,
      currentStep: 'Photos & Signature',
      wizardData: checkUpToStep(6, {
        site,
        propertyId: flat.id,
        address: flat.address,
        dwellingType: flat.propertyType,
        startTime: new Date(Date.now() - 60_000).toISOString(),
      }),
    },
  });
  expect(draft.status(), await draft.text()).toBe(200);
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Today' })
    .getByRole('listitem')
    .filter({ hasText: '4 Larch Court' })
    .getByRole('link', { name: /Resume/ })
    .click();
  await new CheckJourney(page).expectStep(7, 'Photos & Signature');

  const card = page.getByRole('region', { name: 'Network-wide issues (1 open)' });
  await expect(card).toContainText('Plant flow temperature below 70 °C at peak');
  await expect(card).toContainText('Open: Client to act by 18/12/2026');
  await expect(card).toContainText('Applies to every flat');
  // Resolved by the office: not on the check. Read-only: nothing to type or press.
  await expect(card).not.toContainText('Riser insulation missing');
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(card.getByRole('textbox')).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  expect(await violations(page), 'step 7 with network-wide issues').toEqual([]);
  expect(await smallTargets(page, 'step 7'), 'step 7').toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('check-network-issues.png'), fullPage: true });
});

test('the office reads, on the report it reviews, the network-wide issue open when it was submitted', async ({
  engineerPage,
  adminPage: page,
  createSite,
  adminApi,
}) => {
  test.setTimeout(120_000);
  const { site, properties } = await createSite({ properties: [{ address: '5 Larch Court', propertyType: '1b2p' }] });
  const raised = await adminApi.put(`/api/sites/${site.id}/issues/${randomUUID()}`, {
    data: { description: 'Plant flow temperature below 70 °C at peak', owner: 'installer', due: '2026-12-18' },
  });
  expect(raised.status()).toBe(201);
  await expect.poll(() => Date.now()).toBeGreaterThan(Date.parse((await raised.json()).raisedAt));
  const report = await filePassedCheck(engineerPage, site, properties[0]!, new Date().toISOString());
  // Raised after the submit: not the report's.
  const later = await adminApi.put(`/api/sites/${site.id}/issues/${randomUUID()}`, {
    data: { description: 'Pump failed after the check', owner: 'client', due: '2026-12-20' },
  });
  expect(later.status()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/review/reports/${report.id}`);
  const stepSeven = page.getByRole('region', { name: /^Step 7:/ });
  await expect(stepSeven).toContainText('Network-wide issues open when it was submitted');
  await expect(stepSeven).toContainText(
    'Plant flow temperature below 70 °C at peak (Installer, due 18/12/2026, open; applies to every flat)',
  );
  await expect(stepSeven).not.toContainText('Pump failed after the check');
  expect(await violations(page), 'review with a network-wide issue').toEqual([]);
});
