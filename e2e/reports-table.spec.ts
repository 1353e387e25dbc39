import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Property, ReportSummary, Site } from '@hiu/domain';
import { passingCheck } from '@hiu/domain/testing';
import { digitsOf, typeDate } from './date-entry';
import { expect, test } from './fixtures';
import { uploadPhotoAndSignature } from './report-files';
import { minutesAgo } from './progress-model';

const londonDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(ms);

/** Submits a check through the API as the engineer's phone does; `tertiaryFlow` out of range fails it. */
async function submit(page: Page, site: Site, flat: Property, at: string, serial: string, tertiaryFlow = '52') {
  const { photo, signature } = await uploadPhotoAndSignature(page);
  const wizardData = passingCheck({
    site,
    propertyId: flat.id,
    address: flat.address,
    dwellingType: flat.propertyType,
    hiuSerial: serial,
    photoId: photo,
    signatureId: signature,
    heatingMode: { tertiaryFlow },
    startTime: new Date(Date.parse(at) - 20_000).toISOString(),
  });
  const res = await page.request.post('/api/reports', {
    data: { id: randomUUID(), wizardData, notes: tertiaryFlow === '52' ? '' : 'Too hot', completedAt: at },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ReportSummary;
}

/** 55 flats (two pages of 50): flat 01 failed then passed on re-test, flat 02 failed, flat 03 passed. */
async function siteWithReports(
  engineerPage: Page,
  createSite: (i: object) => Promise<{ site: Site; properties: Property[] }>,
) {
  const { site, properties } = await createSite({
    properties: Array.from({ length: 55 }, (_, i) => ({
      address: `Flat ${String(i + 1).padStart(2, '0')}`,
      propertyType: '1b2p',
    })),
  });
  // Within the last minutes: a report may be at most a few minutes older than its site (decision 120).
  await submit(engineerPage, site, properties[0]!, minutesAgo(4), 'RETEST1', '58');
  await submit(engineerPage, site, properties[0]!, minutesAgo(2), 'RETEST1');
  await submit(engineerPage, site, properties[1]!, minutesAgo(3), 'HOT2', '58');
  await submit(engineerPage, site, properties[2]!, minutesAgo(1), 'OK3');
  return site;
}

async function openSite(page: Page, site: Site) {
  await page.goto('/admin/reports');
  await expect(page.getByTestId('site-reports').first()).toBeVisible();
  const find = page.getByRole('searchbox', { name: 'Find a site' });
  if (await find.isVisible()) await find.fill(site.name);
  const section = page.getByTestId('site-reports').filter({ has: page.getByRole('heading', { name: site.name }) });
  await section.getByRole('button', { name: new RegExp(site.name) }).click();
  await expect(section.getByRole('table')).toBeVisible();
  return section;
}

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test.describe(`reports table on a ${name} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport });
    // 55 flats and four submits through the API before the screen opens.
    test.setTimeout(180_000);

    test('counts flats by current result, filters, sorts, searches and pages, with failure reasons and values', async ({
      engineer,
      engineerPage,
      adminPage: page,
      createSite,
    }, testInfo) => {
      const site = await siteWithReports(engineerPage, createSite);
      const section = await openSite(page, site);
      const rows = section.getByTestId('report-row');
      const table = section.getByRole('table');

      await test.step('a failure superseded by a pass counts as passed', async () => {
        const counts = section.getByTestId('site-counts');
        await expect(counts).toContainText('55 flats:');
        await expect(counts).toContainText('1 failed');
        await expect(counts).toContainText('2 passed');
        await expect(counts).toContainText('52 not tested');
        await expect(rows).toHaveCount(50);
        await expect(rows.nth(0)).toContainText('Flat 01');
        await expect(rows.nth(0)).toContainText('Passed');
        await expect(rows.nth(0).getByRole('button', { name: '1 earlier report of Flat 01' })).toBeVisible();
      });

      await test.step('the failed flat shows why, with the reading and the range', async () => {
        const failed = rows.filter({ hasText: 'Flat 02' });
        await expect(failed).toContainText('Failed');
        await expect(failed.getByRole('list', { name: 'Why it failed' })).toContainText(
          'Tertiary Flow Temperature out of range: 58 °C (expected 50-55 °C)',
        );
        await expect(failed).toContainText(engineer.name);
        await expect(failed).toContainText('Evo 40 · HOT2');
        await failed.scrollIntoViewIfNeeded();
        await page.screenshot({ path: testInfo.outputPath(`reports-table-${name}.png`) });
        await page.screenshot({ path: testInfo.outputPath(`reports-table-${name}-page.png`), fullPage: true });
      });

      await test.step('Next page and Previous page walk the flats by keyset', async () => {
        await expect(section.getByText('Flats 1–50 of 55')).toBeVisible();
        await section.getByRole('button', { name: 'Next page' }).click();
        await expect(section.getByText('Flats 51–55 of 55')).toBeVisible();
        await expect(rows).toHaveCount(5);
        await expect(rows.nth(0)).toContainText('Flat 51');
        await expect(section.getByRole('button', { name: 'Next page' })).toBeDisabled();
        await section.getByRole('button', { name: 'Previous page' }).click();
        await expect(rows.nth(0)).toContainText('Flat 01');
      });

      await test.step('sorting by Result puts failed flats first and says so', async () => {
        const result = table.getByRole('columnheader', { name: 'Result' });
        await expect(result).toHaveAttribute('aria-sort', 'none');
        await result.getByRole('button').click();
        await expect(result).toHaveAttribute('aria-sort', 'ascending');
        await expect(table.getByRole('columnheader', { name: 'Flat' })).toHaveAttribute('aria-sort', 'none');
        await expect(rows.nth(0)).toContainText('Flat 02');
        await result.getByRole('button').click();
        await expect(result).toHaveAttribute('aria-sort', 'descending');
        await expect(rows.nth(0)).toContainText('Not tested');
      });

      await test.step('filters: result, engineer, dates', async () => {
        await section.getByLabel('Result', { exact: true }).selectOption('failed');
        await expect(rows).toHaveCount(1);
        await expect(rows.nth(0)).toContainText('Flat 02');
        await expect(section.getByText('Flats 1–1 of 1')).toBeVisible();
        await section.getByLabel('Result', { exact: true }).selectOption('');
        await section.getByLabel('Engineer').selectOption(engineer.name);
        await expect(rows).toHaveCount(3);
        // The filters take London days; the reports were all completed today.
        const today = londonDay(Date.now());
        await typeDate(page, section, 'Completed from', digitsOf(londonDay(Date.now() + 86_400_000)));
        await expect(section.getByText('No flat matches these filters.')).toBeVisible();
        await typeDate(page, section, 'Completed from', digitsOf(today));
        await expect(rows).toHaveCount(3);
        await typeDate(page, section, 'Completed from', '');
        await typeDate(page, section, 'Completed to', digitsOf(londonDay(Date.now() - 86_400_000)));
        await expect(section.getByText('No flat matches these filters.')).toBeVisible();
        await typeDate(page, section, 'Completed to', digitsOf(today));
        await expect(rows).toHaveCount(3);
        await typeDate(page, section, 'Completed from', '');
        await typeDate(page, section, 'Completed to', '');
        await section.getByLabel('Engineer').selectOption('');
      });

      await test.step('search by HIU serial or address', async () => {
        await section.getByRole('searchbox', { name: 'Search' }).fill('ok3');
        await expect(rows).toHaveCount(1);
        await expect(rows.nth(0)).toContainText('Flat 03');
        await section.getByRole('searchbox', { name: 'Search' }).fill('Flat 5');
        await expect(rows).toHaveCount(6);
        await section.getByRole('searchbox', { name: 'Search' }).fill('nothing like this');
        await expect(section.getByText('No flat matches these filters.')).toBeVisible();
      });

      await test.step('no screen-reader or contrast problems (axe, WCAG 2.1 AA)', async () => {
        await section.getByRole('searchbox', { name: 'Search' }).fill('');
        await expect(rows).toHaveCount(50);
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        await page.screenshot({ path: testInfo.outputPath(`reports-table-${name}-full.png`), fullPage: true });
      });
    });
  });
}
