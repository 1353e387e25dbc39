import { expect, test } from './fixtures';
import { violations } from './page-checks';
import { submitThroughApi as submit } from './report-files';

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

// docs/product.md#screens: every office screen reads on a phone without the page scrolling sideways (a wide
// table scrolls inside its own box), and passes axe's WCAG 2.1 AA rules at a phone's and a desktop's size.
test('every office screen at 390x844 and 1280x800: no sideways scroll of the page, no axe violation', async ({
  adminPage: page,
  pageFor,
  createUser,
  createSite,
}) => {
  test.setTimeout(300_000);
  const { site, properties } = await createSite({
    properties: [1, 2].map((n) => ({
      address: `Flat ${n}, Montgomery House, 14 Long Harbour Road`,
      propertyType: '2b4p',
    })),
  });
  const eng = await pageFor(await createUser());
  const report = await submit(eng, site, properties[0]!, 2, { standbyMode: { flowTemp: '99' } });
  await submit(eng, site, properties[1]!, 1);

  const screens: [string, RegExp | string][] = [
    ['/admin/sites', 'Admin Panel'],
    ['/admin/properties', 'Admin Panel'],
    ['/admin/design-parameters', 'Admin Panel'],
    ['/admin/users', 'Admin Panel'],
    ['/admin/history', 'Admin Panel'],
    ['/admin/integrations', 'Admin Panel'],
    ['/admin/reports', 'Reports'],
    [`/dashboard/${site.id}`, site.name],
    [`/review/sites/${site.id}`, site.name],
    [`/review/sites/${site.id}/flats`, site.name],
    [`/review/sites/${site.id}/history`, site.name],
    [`/review/reports/${report.id}`, properties[0]!.address],
  ];
  const wide: Record<string, number> = {};
  const found: Record<string, string[]> = {};
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > size.width) wide[`${path} at ${size.width}`] = width;
      const v = await violations(page);
      if (v.length) found[`${path} at ${size.width}`] = v;
    }
  }
  expect(wide).toEqual({});
  expect(found).toEqual({});
});
