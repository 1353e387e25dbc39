import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import Papa from 'papaparse';
import { REPORT_CSV_COLUMNS, type ReportDetail } from '@hiu/domain';
import { expect, test } from './fixtures';
import { CheckJourney, reportsFor } from './check-journey';

const HULL = { latitude: 53.74446, longitude: -0.33525, accuracy: 9 };

test.describe('evidence stamps on a report', () => {
  test('step times, the timed 45 °C seconds and the location (allowed) reach the report, PDF, CSV and reports screen', async ({
    engineerPage: page,
    adminPage,
    adminApi,
    createSite,
  }, testInfo) => {
    const { site, properties } = await createSite({ properties: 1 });
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation(HULL);
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);

    await test.step('steps 1-5 as usual', () => check.walkToDhw());

    await test.step('6 DHW: timed with the stopwatch', async () => {
      await page.getByLabel('CWS Temperature').fill('12');
      await page.getByRole('button', { name: 'Tap opened: start timer' }).click();
      await page.getByRole('button', { name: 'Reached 45 °C' }).click();
      await expect(page.getByTestId('stopwatch-result')).toContainText(/Reached 45 °C in \d+\.\d s \(within 45 s\)/);
      await page.getByLabel('DHW at Kitchen Tap (after 60 seconds)').fill('47');
      await page.getByLabel('Primary Flow Temperature').fill('60');
      await page.getByLabel('Primary Return Temperature').fill('50');
      await page.getByLabel('DHW Power Consumption').fill('15');
      await check.next();
      await check.photosSignature();
      await check.next('Review & Submit');
      await check.expectStep(8, 'Review & Submit');
    });

    await test.step('8 Review: the engineer opts in to the location, then submits', async () => {
      const optIn = page.getByRole('checkbox', { name: /Record my location with this report/ });
      await expect(optIn).not.toBeChecked();
      await optIn.check();
      await expect(page.getByText(/^Location: 53\.74446, -0\.33525 \(±9 m\) at /)).toBeVisible();
      await check.button('Submit Report').click();
      await expect(page).toHaveURL(/\/$/);
    });

    const [summary] = await reportsFor(adminApi, site.name);
    const detail = (await (await adminApi.get(`/api/reports/${summary!.id}`)).json()) as ReportDetail;
    await test.step('the stored report holds every completed step, the seconds and the location', async () => {
      expect(Object.keys(detail.wizardData.stepCompletedAt).sort()).toEqual(
        // Step 4 marked not applicable (a site with no rooms for the type) is completed too.
        ['basic-info', 'dhw', 'heating', 'initial-checks', 'photos-signature', 'radiators', 'standby-mode'].sort(),
      );
      expect(detail.wizardData.dhwChecks.fortyFiveSeconds).toMatch(/^\d+\.\d$/);
      expect(detail.wizardData.submitLocation).toMatchObject(HULL);
    });

    await test.step('the PDF shows them (rendered to PNG for a look)', async () => {
      const pdf = await adminApi.get(`/api/reports/${summary!.id}/pdf`);
      const file = testInfo.outputPath('report.pdf');
      fs.writeFileSync(file, await pdf.body());
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toMatch(/Time to reach 45°C \(stopwatch\) \d+\.\d s 45 s or less PASS/);
      expect(text).toMatch(/Step 1: Basic Information completed \d\d\/\d\d\/\d{4}, \d\d:\d\d/);
      expect(text).toMatch(/Step 7: Photos & Signature completed/);
      expect(text).toContain('Location at submit 53.74446, -0.33525 (±9 m) at');
      execFileSync('pdftoppm', ['-png', '-r', '80', file, testInfo.outputPath('report-page')]);
    });

    await test.step('the CSV has the new columns', async () => {
      const csv = await adminApi.get(`/api/reports/export.csv?siteName=${encodeURIComponent(site.name)}`);
      const rows = Papa.parse<string[]>((await csv.text()).trimEnd()).data;
      const cell = (c: (typeof REPORT_CSV_COLUMNS)[number]) => rows[1]![REPORT_CSV_COLUMNS.indexOf(c)];
      expect(cell('Time to 45C')).toMatch(/^\d+\.\d s$/);
      expect(cell('Steps Completed')).toMatch(/^1 Basic Information .*; 7 Photos & Signature /);
      expect(cell('Location at Submit')).toMatch(/^53\.74446, -0\.33525 \(±9 m\) at /);
    });

    await test.step('the reports screen shows them under the report', async () => {
      await adminPage.goto('/admin/reports');
      await expect(adminPage.getByTestId('site-reports').first()).toBeVisible();
      const find = adminPage.getByRole('searchbox', { name: 'Find a site' });
      if (await find.isVisible()) await find.fill(site.name);
      const card = adminPage
        .getByTestId('site-reports')
        .filter({ has: adminPage.getByRole('heading', { name: site.name }) });
      await card.getByRole('button', { name: new RegExp(site.name) }).click();
      const item = card.getByTestId('report-row');
      await item.getByRole('button', { name: 'Show evidence' }).click();
      await expect(item.getByText(/^\d+\.\d s$/)).toBeVisible();
      await expect(item.getByText('Step 6 DHW Checks')).toBeVisible();
      await expect(item.getByText(/^53\.74446, -0\.33525 \(±9 m\) at /)).toBeVisible();
      await adminPage.screenshot({ path: testInfo.outputPath('reports-evidence.png'), fullPage: true });
    });
  });

  test('a refused location is said plainly and never blocks the submit', async ({
    engineerPage: page,
    adminApi,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    await page.context().clearPermissions();
    const check = new CheckJourney(page);
    await check.start(site, properties[0]!);
    await check.walkToReview();
    await page.getByRole('checkbox', { name: /Record my location with this report/ }).check();
    await expect(page.getByText('Location not recorded: permission was refused. You can still submit.')).toBeVisible();
    await check.button('Submit Report').click();
    await expect(page).toHaveURL(/\/$/);
    const [summary] = await reportsFor(adminApi, site.name);
    const detail = (await (await adminApi.get(`/api/reports/${summary!.id}`)).json()) as ReportDetail;
    expect(detail.wizardData.submitLocation).toBeNull();
    // Steps 1-7 were completed (4 marked not applicable), each with its time.
    expect(Object.keys(detail.wizardData.stepCompletedAt)).toHaveLength(7);
  });
});
