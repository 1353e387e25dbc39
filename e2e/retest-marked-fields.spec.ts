import { randomUUID } from 'node:crypto';
import { passingCp1Check } from '@hiu/domain/testing';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Property, Site } from '@hiu/domain';
import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';
import { filePassedCheck, minutesAgo } from './progress-model';
import { uploadPhotoAndSignature } from './report-files';

/*
 * A re-test of a flat whose report was sent back (docs/product.md#my-flats): the reason and the marked values at
 * the top of every step; what the reviewer asked to confirm starts empty, so it is read off the unit again rather
 * than carried over; what was not marked carries over.
 */

/** What the set-up below takes from the test's fixtures. */
interface SetUp {
  engineer: { id: string };
  createSite: (input: { properties: number }) => Promise<{ site: Site; properties: Property[] }>;
  adminApi: APIRequestContext;
}

/** A site of one flat, the engineer a member and the flat assigned to them; under the CP1/TS1 pack when asked. */
async function assignedFlat({ engineer, createSite, adminApi }: SetUp, testPack?: 'cp1-ts1') {
  const { site, properties } = await createSite({ properties: 1 });
  const flat = properties[0]!;
  if (testPack) expect((await adminApi.patch(`/api/sites/${site.id}`, { data: { testPack } })).status()).toBe(200);
  expect([200, 201]).toContain((await adminApi.put(`/api/sites/${site.id}/members/${engineer.id}`)).status());
  const assigned = await adminApi.post(`/api/sites/${site.id}/assignments`, {
    data: { engineerId: engineer.id, propertyIds: [flat.id] },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  return { site, flat };
}

/** The reviewer sends the report back for the reason, marking the values to check again. */
async function sendBack(adminApi: APIRequestContext, reportId: string, reason: string, fields: string[]) {
  const sentBack = await adminApi.post(`/api/reports/${reportId}/review`, {
    data: { decision: 'send_back', reason, fields },
  });
  expect(sentBack.status(), await sentBack.text()).toBe(200);
}

/** The marks the two standard re-tests below are sent back with: the serial, the strainer and the pressure. */
const STANDARD_MARKS = ['hiuSerial', 'initialChecks.strainerClean', 'systemPressure'];

/** Opens the sent-back flat from its card on the engineer's home screen, after the card has said why. */
async function openFromHome(page: Page, flat: Property, cardSays: string) {
  await page.goto('/');
  const card = page.getByTestId('my-flat').filter({ hasText: flat.address });
  await expect(card).toContainText(cardSays);
  await card.getByRole('button', { name: `Open ${flat.address}` }).click();
  const check = new CheckJourney(page);
  await check.expectStep(1, 'Basic Information');
  return check;
}

test('a re-test shows why it was sent back on every step, the marked serial empty, the model carried over', async ({
  engineer,
  engineerPage: page,
  createSite,
  adminApi,
}, testInfo) => {
  const { site, flat } = await assignedFlat({ engineer, createSite, adminApi });
  const report = await filePassedCheck(page, site, flat, minutesAgo(1), 'SN-WRONG-1');
  await sendBack(adminApi, report.id, 'The serial does not match the label.', STANDARD_MARKS);

  const check = await openFromHome(page, flat, 'The serial does not match the label.');
  await expect(page.getByLabel('Address')).toHaveValue(flat.address);
  await expect(page.getByLabel('HIU Serial')).toHaveValue('');
  await expect(page.getByLabel('HIU Model')).not.toHaveValue('');
  // Each marked value is flagged on its field, in words, and read with it; an unmarked one is not.
  await expect(page.getByLabel('HIU Serial')).toHaveAccessibleDescription(/Marked by the reviewer: check this again/);
  await expect(page.getByLabel('HIU Model')).not.toHaveAccessibleDescription(/Marked by the reviewer/);
  await expect(page.getByTestId('marked-flag')).toHaveCount(1);
  await page.getByLabel('HIU Serial').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('marked-serial.png') });

  // The reason and the marked value lead every step of the re-test.
  const notice = page.getByRole('region', { name: 'Sent back: why' });
  await expect(notice).toContainText('The serial does not match the label.');
  await expect(notice).toContainText('HIU serial');
  await check.basicInfo({ serial: 'SN-RIGHT-1' });
  await check.next('Save and Continue');
  await check.expectStep(2, 'Initial Checks');
  await expect(notice).toContainText('The serial does not match the label.');
  await expect(page.getByRole('radiogroup', { name: 'Strainer clean' })).toHaveAccessibleDescription(
    /Marked by the reviewer: check this again/,
  );
  await expect(page.getByRole('radiogroup', { name: 'Bypass valve closed' })).not.toHaveAccessibleDescription(
    /Marked by the reviewer/,
  );
  await expect(page.getByTestId('marked-flag')).toHaveCount(2);
});

/** A CP1/TS1 flat assigned to the engineer, its report (heat meter Sontex Superstatic 789) sent back, serial marked. */
async function sentBackCp1Flat(setUp: SetUp & { engineerPage: Page }) {
  const page = setUp.engineerPage;
  const { site, flat } = await assignedFlat(setUp, 'cp1-ts1');
  const { photo, signature } = await uploadPhotoAndSignature(page);
  const data = passingCp1Check({
    site,
    propertyId: flat.id,
    address: flat.address,
    dwellingType: flat.propertyType,
    photoId: photo,
    signatureId: signature,
    startTime: minutesAgo(2),
  });
  const filed = await page.request.post('/api/reports', {
    data: {
      id: randomUUID(),
      wizardData: { ...data, cp1: { ...(data.cp1 as object), meterMake: 'Sontex', meterModel: 'Superstatic 789' } },
      notes: '',
      failedStep: null,
      completedAt: minutesAgo(1),
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const report = (await filed.json()) as { id: string };
  await sendBack(setUp.adminApi, report.id, 'The meter serial is not the one on the photo.', ['cp1.meterSerial']);
  return { site, flat };
}

/** Step 1 of the re-test: the meter's make and model carried over, the marked serial empty and flagged. */
async function expectMeterCarriedSerialMarked(page: Page) {
  await expect(page.getByTestId('cp1.meterMake')).toHaveValue('Sontex');
  await expect(page.getByTestId('cp1.meterModel')).toHaveValue('Superstatic 789');
  const serial = page.getByTestId('cp1.meterSerial');
  await expect(serial).toHaveValue('');
  await expect(serial).toHaveAccessibleDescription(/Marked by the reviewer: check this again/);
  await expect(page.getByTestId('cp1.meterModel')).not.toHaveAccessibleDescription(/Marked by the reviewer/);
}

test("a CP1/TS1 re-test starts with the heat meter's make and model; the marked meter serial starts empty, flagged", async ({
  engineer,
  engineerPage: page,
  createSite,
  adminApi,
}, testInfo) => {
  const { flat } = await sentBackCp1Flat({ engineer, engineerPage: page, createSite, adminApi });
  await openFromHome(page, flat, 'Basic Information: Heat meter serial');
  await expectMeterCarriedSerialMarked(page);
  await page.getByTestId('cp1.meterSerial').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('marked-meter-serial.png') });
});

test('a CP1/TS1 re-test started from the Start New Check picker carries the meter the same way', async ({
  engineer,
  engineerPage: page,
  createSite,
  adminApi,
}) => {
  const { site, flat } = await sentBackCp1Flat({ engineer, engineerPage: page, createSite, adminApi });
  const check = new CheckJourney(page);
  await check.start(site, flat);
  await expectMeterCarriedSerialMarked(page);
});

test("a re-test's review flags each value the reviewer marked, in its step's section", async ({
  engineer,
  engineerPage: page,
  createSite,
  adminApi,
}, testInfo) => {
  test.setTimeout(180_000);
  const { site, flat } = await assignedFlat({ engineer, createSite, adminApi });
  const report = await filePassedCheck(page, site, flat, minutesAgo(1), 'SN-WRONG-2');
  await sendBack(adminApi, report.id, 'Serial and strainer to check.', STANDARD_MARKS);

  const check = await openFromHome(page, flat, 'Serial and strainer to check.');
  await check.walkToReview();

  const flagged = (section: string, row: string) =>
    page.getByTestId(`section-${section}`).locator('dl > div', { hasText: row }).getByTestId('marked-flag');
  await expect(flagged('basicInfo', 'HIU Serial')).toHaveText(/Marked by the reviewer: check this again/);
  await expect(flagged('initialChecks', 'Strainer clean')).toBeVisible();
  await expect(flagged('initialChecks', 'System Pressure')).toBeVisible();
  await flagged('initialChecks', 'Strainer clean').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('review-marked.png') });
  // Only the three marked values: the model, carried over unmarked, is not flagged.
  await expect(page.getByTestId('marked-flag')).toHaveCount(3);
  await expect(
    page.getByTestId('section-basicInfo').locator('dl > div', { hasText: 'HIU Model' }).getByTestId('marked-flag'),
  ).toHaveCount(0);
});
