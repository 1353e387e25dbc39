import { defaultDesignParameters, type Property, type Site } from '@hiu/domain';
import { expect, test, unique } from './fixtures';
import { smallTargets, violations } from './page-checks';
import { submitThroughApi } from './report-files';

// docs/product.md#dashboard: each flat's reading is drawn against its own property type's range; where the types'
// ranges differ, a chart per range, named by its types, so no flat is drawn against another type's limit.
test("the dashboard draws a chart per property type's range at 390x844 and on a desktop", async ({
  pageFor,
  createUser,
  adminApi,
}, testInfo) => {
  test.setTimeout(180_000);
  // The site's heating primary return is 50-60 °C; its 3b5p flats are held to at most 55 °C.
  const made = await adminApi.post('/api/sites', {
    data: {
      name: `Types ${unique('site')}`,
      location: 'Leeds',
      designParameters: {
        ...defaultDesignParameters(),
        byPropertyType: { '3b5p': { heating: { primaryReturnTempMax: '55' } } },
      },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const site = (await made.json()) as Site;
  const flats: Property[] = [];
  for (const [address, propertyType] of [
    ['Flat 1', '1b2p'],
    ['Flat 2', '3b5p'],
    ['Flat 3', '3b5p'],
  ] as const) {
    const res = await adminApi.post('/api/properties', { data: { siteId: site.id, address, propertyType } });
    expect(res.status()).toBe(201);
    flats.push((await res.json()) as Property);
  }
  const eng = await pageFor(await createUser());
  // 58 °C passes a 1b2p flat and fails a 3b5p one; 52 °C passes both.
  await submitThroughApi(eng, site, flats[0]!, 4, { heatingMode: { primaryReturn: '58' } });
  await submitThroughApi(eng, site, flats[1]!, 3, { heatingMode: { primaryReturn: '52' } });
  await submitThroughApi(eng, site, flats[2]!, 2, { heatingMode: { primaryReturn: '58' } });

  const supervisor = await createUser({ role: 'supervisor' });
  expect((await adminApi.put(`/api/sites/${site.id}/members/${supervisor.id}`)).status()).toBe(201);
  const page = await pageFor(supervisor);
  await page.goto(`/dashboard/${site.id}`);
  const small = page.getByRole('region', { name: 'Heating primary return: 1b2p', exact: true });
  const large = page.getByRole('region', { name: 'Heating primary return: 3b5p', exact: true });
  await expect(small).toContainText('1 flat, 1 in range 50-60 °C');
  await expect(large).toContainText('2 flats, 1 in range 50-55 °C');
  await expect(large.getByRole('img', { name: /Heating primary return: 3b5p/ })).toBeVisible();
  // A reading every type holds to the same range keeps one chart, under its own name.
  await expect(page.getByRole('region', { name: 'DHW primary return', exact: true })).toContainText('3 flats');
  await large.getByRole('button', { name: 'Show table' }).click();
  await expect(large.getByRole('table')).toContainText('Flats');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.waitForLoadState('networkidle');
  expect(await violations(page), 'dashboard').toEqual([]);
  expect(await smallTargets(page, 'dashboard'), 'dashboard').toEqual([]);
  await large.getByRole('button', { name: 'Show chart' }).click();
  await small.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('dashboard-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await small.scrollIntoViewIfNeeded();
  await expect(large.locator('canvas')).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('dashboard-desktop.png') });
});
