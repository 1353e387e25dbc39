import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';
import { openWithServiceWorker } from './fixtures/offline-ready';

test.describe('My reports', () => {
  test('an engineer sees what they submitted today with its PDF, and the list and PDF open again without a signal', async ({
    engineerPage: page,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const flat = properties[0]!;

    await test.step('the service worker installs on a first online visit', async () => {
      await openWithServiceWorker(page);
    });

    await test.step('a report is submitted', async () => {
      const check = new CheckJourney(page);
      await check.start(site, flat);
      await check.walkToReview();
      await page.getByRole('button', { name: 'Submit Report' }).click();
      await expect(page.getByText('Report Submitted')).toBeVisible({ timeout: 30_000 });
    });

    const today = page.getByRole('list', { name: "Today's reports" });
    await test.step('home leads to My reports: today first, verdict as colour and text, the PDF downloads', async () => {
      await page.goto('/');
      await page.getByRole('link', { name: 'My reports' }).click();
      await expect(page.getByRole('heading', { name: 'My reports', level: 1 })).toBeVisible();
      await expect(today).toContainText(flat.address);
      await expect(today).toContainText('✓ PASS');
      await expect(today).toContainText(/HIU-\d{4}-\d{6}/);
      const download = page.waitForEvent('download');
      await today.getByRole('button', { name: /^PDF of / }).click();
      expect((await download).suggestedFilename()).toMatch(/_PASS\.pdf$/);
    });

    await test.step('offline: the list as last seen, and the PDF this phone fetched', async () => {
      // Home keeps the phone's copy of the list, and My reports the newest PDFs, in the background.
      const kept = () =>
        page.evaluate(
          () =>
            new Promise<string>((resolve) => {
              const open = indexedDB.open('hiu-field-cache');
              open.onerror = () => resolve('none');
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('pdfs')) return resolve('none');
                const tx = db.transaction(['pdfs', 'snapshots'], 'readonly');
                const pdfs = tx.objectStore('pdfs').count();
                const snaps = tx.objectStore('snapshots').getAll();
                tx.oncomplete = () =>
                  resolve(
                    `${pdfs.result} pdf, ${(snaps.result as { myReports?: { items: unknown[] } }[]).some((x) => x.myReports?.items.length) ? 'list' : 'no list'}`,
                  );
              };
            }),
        );
      await page.goto('/');
      await page.getByRole('link', { name: 'My reports' }).click();
      await expect.poll(kept, { timeout: 15_000 }).toBe('1 pdf, list');
      await page.context().setOffline(true);
      await page.goto('/my-reports');
      await expect(page.getByTestId('offline-as-of')).toContainText('Offline, as of');
      await expect(today).toContainText(flat.address);
      const download = page.waitForEvent('download');
      await today.getByRole('button', { name: /^PDF of / }).click();
      expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    });
  });
});
