import { expect, test } from './fixtures';
import { uploadPhotoAndSignature } from './report-files';

// Decision 116: each user's photos and signatures that no report has claimed count against their limit.
test("the users list shows an engineer's uploads that are not in a report yet", async ({
  adminPage,
  engineer,
  engineerPage,
}) => {
  await uploadPhotoAndSignature(engineerPage);
  await adminPage.goto('/admin/users');
  const row = adminPage.getByRole('listitem').filter({ hasText: engineer.email });
  await expect(row).toContainText(/Uploads not in a report: 2 \(\d+ KB\)/);
  await adminPage.screenshot({ path: test.info().outputPath('users-uploads.png') });
});
