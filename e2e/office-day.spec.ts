import type { ReportSummary } from '@hiu/domain';
import { expect, test } from './fixtures';
import { violations } from './page-checks';
import { submitThroughApi as submit } from './report-files';

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

// The office's day (docs/product.md#review, #corrections, #history): a supervisor works through a queue of five
// (two approved together, one sent back with a yes/no answer marked, one corrected, then approved) and reads
// the site's History as sentences naming each flat.
for (const size of SIZES) {
  test(`a supervisor's queue of five at ${size.width}x${size.height}: bulk approve, send back, correct, then History`, async ({
    pageFor,
    createUser,
    createSite,
    adminApi,
  }) => {
    test.setTimeout(300_000);
    const { site, properties } = await createSite({
      properties: [1, 2, 3, 4, 5].map((n) => ({ address: `Flat ${n}, Hazel House`, propertyType: '1b2p' })),
    });
    const flat = (n: number) => properties[n - 1]!.address;
    const engineer = await createUser({ name: `Erin ${Date.now()}` });
    const supervisor = await createUser({ role: 'supervisor', name: `Sam ${Date.now()}` });
    expect((await adminApi.put(`/api/sites/${site.id}/members/${supervisor.id}`)).status()).toBe(201);
    const eng = await pageFor(engineer);
    // Oldest first: the queue opens them in this order.
    const reports: ReportSummary[] = [];
    for (const [i, change] of [{}, {}, { standbyMode: { flowTemp: '99' } }, {}, {}].entries())
      reports.push(await submit(eng, site, properties[i]!, 2 - i / 2, change));

    const page = await pageFor(supervisor);
    await page.setViewportSize(size);
    const axe: Record<string, string[]> = {};
    const judge = async (screen: string) => {
      await page.waitForLoadState('networkidle');
      const found = await violations(page);
      if (found.length) axe[screen] = found;
      expect(await page.evaluate(() => document.documentElement.scrollWidth), screen).toBeLessThanOrEqual(size.width);
    };
    const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`) });

    await test.step('approve the two passing reports together', async () => {
      await page.goto(`/review/sites/${site.id}`);
      await expect(page.getByRole('heading', { name: /Awaiting review \(5\)/ })).toBeVisible({ timeout: 30_000 });
      await judge('queue');
      for (const n of [1, 2]) await page.getByRole('checkbox', { name: `Select ${flat(n)} to approve` }).check();
      await page.getByRole('button', { name: 'Approve 2 passing reports' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Approve 2' }).click();
      await expect(page.getByRole('region', { name: /Awaiting review \(3\)/ })).toBeVisible();
      await shot('queue-after-bulk');
    });

    await test.step('send back the failing report, marking a yes/no answer: the next report opens', async () => {
      await page.getByRole('link', { name: new RegExp(flat(3)) }).click();
      await expect(page.getByRole('heading', { name: flat(3) })).toBeVisible();
      await expect(page.getByRole('region', { name: /Failing items \(1\)/ })).toContainText('Flow Temperature');
      await judge('review of a failing report');
      await page.getByRole('button', { name: 'Send back' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send back for a re-test' });
      await dialog.getByLabel('Reason').fill('Standby flow needs reading again; check the strainer too');
      await dialog.getByRole('checkbox', { name: /Initial Checks: Strainer clean: Yes/ }).check();
      await judge('send back');
      await shot('send-back');
      await dialog.getByRole('button', { name: 'Send back' }).click();
      await expect(page.getByRole('heading', { name: flat(4) })).toBeVisible();
    });

    await test.step('correct a value of the next report, then approve it: the last one opens', async () => {
      await page.getByRole('button', { name: 'Correct a value' }).click();
      const dialog = page.getByRole('dialog', { name: 'Correct a recorded value' });
      await dialog.getByLabel('Value', { exact: true }).selectOption({ label: 'Basic Information: HIU serial' });
      await dialog.getByLabel('Corrected value').fill('SN 882');
      await dialog.getByLabel('Reason').fill('Serial misread from the badge photo');
      await dialog.getByRole('button', { name: 'Correct' }).click();
      await expect(page.getByText('Corrected: revision 2')).toBeVisible();
      await expect(page.locator('[data-field="hiuSerial"]')).toContainText('SN 882');
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByRole('heading', { name: flat(5) })).toBeVisible();
    });

    await test.step('approve the last: the queue says nothing is left, the toast clear of its heading', async () => {
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
      await expect(page).toHaveURL(new RegExp(`/review/sites/${site.id}$`));
      const done = page.locator('[data-sonner-toast]').filter({ hasText: 'Queue done' });
      await expect(done).toBeVisible();
      const [t, h] = [await done.boundingBox(), await page.getByRole('heading', { level: 1 }).boundingBox()];
      expect(t!.y >= h!.y + h!.height || t!.y + t!.height <= h!.y, 'toast clear of the heading').toBe(true);
      await shot('queue-done');
    });

    await test.step('History reads as sentences naming each flat', async () => {
      await page.goto(`/review/sites/${site.id}/history`);
      const history = page.getByRole('region', { name: 'Site history' });
      const at = (n: number) => `${flat(n)} at ${site.name}`;
      for (const n of [1, 2, 4, 5])
        await expect(history).toContainText(
          new RegExp(`${supervisor.name} approved report HIU-\\d{4}-\\d+ for ${at(n)}\\.`),
        );
      await expect(history).toContainText(
        new RegExp(`${supervisor.name} sent back report HIU-\\d{4}-\\d+ for ${at(3)}\\.`),
      );
      await expect(history).toContainText(/Marked for the engineer: [^.]*Initial Checks: Strainer clean/);
      await expect(history).toContainText(
        new RegExp(
          `${supervisor.name} corrected the HIU serial of report HIU-\\d{4}-\\d+ for ${at(4)}: SN 881 → SN 882\\.`,
        ),
      );
      await expect(history).toContainText('SN 881 → SN 882');
      const text = (await history.textContent()) ?? '';
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|\{"/);
      await judge('site history');
      await shot('history');
    });
    expect(axe).toEqual({});
    for (const r of reports.filter((_, i) => i !== 2))
      expect(await (await adminApi.get(`/api/reports/${r.id}`)).json()).toMatchObject({ reviewState: 'approved' });
  });
}
