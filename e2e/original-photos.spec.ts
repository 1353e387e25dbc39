import { expect, test } from './fixtures';
import { expectToast, searchSites } from './admin-model';
import { CheckJourney, reportsFor } from './check-journey';

test.describe('original photos', () => {
  test('an admin keeps original photos for a site; a check there keeps the camera file beside the reduced photo', async ({
    adminPage,
    engineerPage: page,
    createSite,
    adminApi,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });

    await test.step('the admin turns it on in the site dialog', async () => {
      await adminPage.goto('/admin/sites');
      await searchSites(adminPage, site.name);
      await adminPage.getByRole('button', { name: `Edit ${site.name}` }).click();
      const dialog = adminPage.getByRole('dialog', { name: `Edit ${site.name}` });
      const keep = dialog.getByRole('checkbox', { name: /Keep original photos/ });
      await expect(keep).not.toBeChecked();
      await keep.check();
      await dialog.getByRole('button', { name: 'Save Site' }).click();
      await expectToast(adminPage, 'Site updated');
      expect((await (await adminApi.get(`/api/sites/${site.id}`)).json()).keepOriginalPhotos).toBe(true);
    });

    await test.step('a check on the site is submitted with its photo and the photo’s original', async () => {
      const check = new CheckJourney(page);
      await check.start(site, properties[0]!);
      await check.walkToReview();
      await page.getByRole('button', { name: 'Submit Report' }).click();
      await expect(page.getByText('Report Submitted')).toBeVisible({ timeout: 30_000 });
    });

    await test.step('the report lists the original; an admin fetches it, and it is not the reduced copy', async () => {
      const [report] = await reportsFor(adminApi, site.name);
      const detail = await (await adminApi.get(`/api/reports/${report!.id}`)).json();
      const [photo] = detail.wizardData.photosSignature.photos as { id: string; originalId?: string }[];
      expect(photo!.originalId).toMatch(/^[0-9a-f-]{36}$/);
      const original = await adminApi.get(`/api/files/${photo!.originalId}`);
      expect(original.status()).toBe(200);
      expect(original.headers()['content-type']).toBe('image/jpeg');
      const reduced = await adminApi.get(`/api/files/${photo!.id}`);
      expect(Buffer.compare(await original.body(), await reduced.body())).not.toBe(0);
    });
  });
});
