import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import Papa from 'papaparse';
import type { Page } from '@playwright/test';
import {
  REPORT_CSV_COLUMNS,
  formatDateTime,
  reportsCsvFileColumns,
  formatDuration,
  reportsCsvFilename,
  type ReportSummary,
  type Site,
  type Property,
} from '@hiu/domain';
import { passingCheck } from '@hiu/domain/testing';
import { expect, test } from './fixtures';
import { expectToast } from './admin-model';
import { uploadPhotoAndSignature } from './report-files';

/** Uploads a photo and a signature as the engineer and submits a report through the API, as the wizard does. */
async function submit(page: Page, site: Site, property: Property, kind: 'pass' | 'fail' | 'pending') {
  // Begun and completed after the site was made (a moment ago) and not in the future (decision 120).
  const begun = Date.now() - 4 * 60_000;
  const { photo, signature } = await uploadPhotoAndSignature(page);
  const wizardData = passingCheck({
    site,
    propertyId: property.id,
    address: property.address,
    dwellingType: property.propertyType,
    hiuSerial: `SN${kind.toUpperCase()}7`,
    photoId: photo,
    signatureId: signature,
    // One value out of range fails the check; one left empty leaves it pending.
    heatingMode: kind === 'fail' ? { tertiaryFlow: '58' } : {},
    dhwChecks: kind === 'pending' ? { dhwPower: '' } : {},
    startTime: new Date(begun).toISOString(),
  });
  const res = await page.request.post('/api/reports', {
    data: {
      id: randomUUID(),
      wizardData,
      notes: kind === 'fail' ? 'Secondary flow "too hot", valve to be replaced' : '',
      failedStep: null,
      completedAt: new Date(begun + 60_000 * (kind === 'pass' ? 1 : kind === 'fail' ? 2 : 3)).toISOString(),
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as ReportSummary;
}

/** The site's section; other tests' sites share the screen, so use Find a site when the screen offers it. */
async function siteCard(page: Page, name: string) {
  await expect(page.getByTestId('site-reports').first()).toBeVisible();
  const find = page.getByRole('searchbox', { name: 'Find a site' });
  if (await find.isVisible()) await find.fill(name);
  return page.getByTestId('site-reports').filter({ has: page.getByRole('heading', { name }) });
}

function pdfText(file: string): string {
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

test.describe('reports screen', () => {
  test('groups submitted checks by site with counts and badges, downloads a PDF and the CSV', async ({
    engineer,
    engineerPage,
    adminPage: page,
    createSite,
  }, testInfo) => {
    const { site, properties } = await createSite({
      properties: [
        { address: '1 Mill Lane, Leeds', propertyType: '1b2p' },
        { address: '2 Mill Lane, Leeds', propertyType: '2b4p' },
        { address: '3 Mill Lane, Leeds', propertyType: '1b2p' },
      ],
    });
    const pass = await submit(engineerPage, site, properties[0]!, 'pass');
    const fail = await submit(engineerPage, site, properties[1]!, 'fail');
    const pending = await submit(engineerPage, site, properties[2]!, 'pending');
    expect([pass.overallStatus, fail.overallStatus, pending.overallStatus]).toEqual(['PASS', 'FAIL', 'PENDING']);

    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Commissioning Reports' })).toBeVisible();
    await expect(page.getByText('View and download completed commissioning reports')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');

    const card = await siteCard(page, site.name);
    const toggle = card.getByRole('button', { name: new RegExp(site.name) });
    await test.step('one collapsed section per site, by name and location, with its count and badges', async () => {
      await expect(card).toHaveCount(1);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(card.getByText(site.location, { exact: true })).toBeVisible();
      await expect(card.getByTestId('site-summary')).toHaveText('3 reports✓ 1 Pass✕ 1 Fail');
      await expect(card.getByTestId('report-row')).toHaveCount(0);
    });

    await test.step('expanded: each flat with its current result and details, in address order', async () => {
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(card.getByTestId('site-counts')).toContainText('3 flats:');
      await expect(card.getByTestId('site-counts')).toContainText('1 failed');
      await expect(card.getByTestId('site-counts')).toContainText('1 incomplete');
      await expect(card.getByTestId('site-counts')).toContainText('1 passed');
      const items = card.getByTestId('report-row');
      await expect(items).toHaveCount(3);
      await expect(items.nth(0)).toContainText('1 Mill Lane, Leeds');
      await expect(items.nth(0)).toContainText('Passed');
      await expect(items.nth(0)).not.toContainText('Notes:');
      const failed = items.nth(1);
      await expect(failed).toContainText('2 Mill Lane, Leeds');
      await expect(failed).toContainText('Evo 40 · SNFAIL7');
      await expect(failed).toContainText('2b4p');
      await expect(failed).toContainText(engineer.name);
      await expect(failed).toContainText(formatDateTime(fail.completedAt));
      await expect(failed).toContainText('Failed');
      await expect(failed).toContainText('Tertiary Flow Temperature out of range: 58 °C (expected 50-55 °C)');
      await expect(failed).toContainText(fail.reference);
      await expect(failed).toContainText('Notes: Secondary flow "too hot", valve to be replaced');
      await expect(items.nth(2)).toContainText('3 Mill Lane, Leeds');
      await expect(items.nth(2)).toContainText('Incomplete');
    });

    await test.step('Download PDF saves the stored report under its file name', async () => {
      const item = card.getByTestId('report-row').filter({ hasText: '1 Mill Lane, Leeds' });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        item.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(pass.pdfFilename);
      expect(download.suggestedFilename()).toMatch(/_1-Mill-Lane-Leeds_SNPASS7_\d{4}-\d{2}-\d{2}_PASS\.pdf$/);
      const file = testInfo.outputPath('report.pdf');
      await download.saveAs(file);
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(file);
      expect(text).toContain('HIU COMMISSIONING REPORT');
      expect(text).toContain('OVERALL RESULT PASS');
      expect(text).toContain(site.name);
      expect(text).toContain('1 Mill Lane, Leeds');
      expect(text).toContain(engineer.name);
      expect(text).toContain('Tertiary (Secondary) Flow Temperature 52 °C 50-55 °C PASS');
      expect(text).toContain('HIU front');
    });

    await test.step('Export CSV saves the spec columns with one row per report', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(reportsCsvFilename(site.name, new Date()));
      const file = testInfo.outputPath('reports.csv');
      await download.saveAs(file);
      const text = fs.readFileSync(file, 'utf8');
      expect(text.split('\r\n')[0]).toBe(
        reportsCsvFileColumns(false)
          .map((c) => `"${c}"`)
          .join(','),
      );
      const rows = Papa.parse<string[]>(text.trimEnd()).data;
      expect(rows).toHaveLength(4);
      expect(rows[0]).toEqual(reportsCsvFileColumns(false));
      const failRow = rows.find((r) => r[0] === '2 Mill Lane, Leeds')!;
      expect(Object.fromEntries(REPORT_CSV_COLUMNS.map((c, i) => [c, failRow[i]]))).toEqual({
        'Property Address': '2 Mill Lane, Leeds',
        'Site Name': site.name,
        'Dwelling Type': '2b4p',
        'HIU Model': 'Evo 40',
        'HIU Serial': 'SNFAIL7',
        'Engineer Name': engineer.name,
        'Overall Status': 'FAIL',
        'Start Time': formatDateTime(fail.startTime),
        'Completed At': formatDateTime(fail.completedAt),
        Duration: formatDuration(fail.startTime, fail.completedAt),
        'Meter Start Reading': '100.5',
        'Meter End Reading': '101.25',
        'Remote Cut Off Valve Serial': '12345',
        'Bypass Valve Closed': 'Yes',
        'Strainer Clean': 'Yes',
        'Transit Clips Removed': 'Yes',
        'Meter OK': 'Yes',
        'System Pressure': '1.2',
        'Standby Flow Temp': '46',
        'Standby Return Temp': '41',
        'Standby Flow Rate': '2.5',
        'Radiator Rooms Checked': 'Hall: 2.5 (expected 2.5)',
        'Heating Secondary Flow Temp': '58',
        'Heating Secondary Return Temp': '42',
        'Heating Primary Flow Temp': '65',
        'Heating Primary Return Temp': '55',
        'Heating Power': '10',
        'CWS Temp': '11',
        'Reached 45C in 45s': 'Yes',
        'DHW Kitchen Tap Temp': '47',
        'DHW Primary Flow Temp': '60',
        'DHW Primary Return Temp': '50',
        'DHW Power': '15',
        'Photos Uploaded': '1 photo(s)',
        'Heating Controller Confirmed': 'Yes',
        'Signature Captured': 'Yes',
        Notes: 'Secondary flow "too hot", valve to be replaced',
        'Time to 45C': '',
        '45C Answer Override Reason': '',
        'Steps Completed': '',
        'Location at Submit': '',
      });
      expect(text).toContain('"Secondary flow ""too hot"", valve to be replaced"');
      await expect(card.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    });
  });

  test('tells the user when a PDF download fails, and shows three placeholder cards while loading', async ({
    engineerPage,
    adminPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    await submit(engineerPage, site, properties[0]!, 'pass');

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/reports/by-site', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/reports');
    await expect(page.getByTestId('report-skeleton')).toHaveCount(3);
    release();
    const card = await siteCard(page, site.name);
    await expect(card.getByText(site.location, { exact: true })).toBeVisible();

    await page.route('**/api/reports/*/pdf', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'The database is not available.' } }),
      }),
    );
    await card.getByRole('button', { name: site.name }).click();
    await expect(card.getByTestId('site-counts')).toContainText('1 passed');
    await card.getByRole('button', { name: 'Download PDF' }).click();
    await expectToast(page, 'Download failed', 'The database is not available.');
    await expect(card.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });

  test('empty state leads to the Start New Check card on home', async ({ freshApp, page }) => {
    const setup = await page.request.post(`${freshApp.baseURL}/api/auth/setup`, {
      data: { email: 'first@example.com', name: 'First Admin', password: 'first-admin-password' },
    });
    expect(setup.status()).toBe(201);
    await page.goto(`${freshApp.baseURL}/admin/reports`);
    await expect(page.getByRole('heading', { name: 'No Reports Yet' })).toBeVisible();
    await expect(page.getByText('Completed commissioning reports will appear here')).toBeVisible();
    await page.getByRole('link', { name: 'Start Commissioning' }).click();
    await expect(page).toHaveURL(`${freshApp.baseURL}/#start-check`);
    await expect(page.getByRole('heading', { name: 'Start New Check' })).toBeInViewport();
  });
});
