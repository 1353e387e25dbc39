import { currentTestPack } from '@hiu/domain';
import { randomUUID } from 'node:crypto';
import { passingCp1Check } from '@hiu/domain/testing';
import { expect, test } from './fixtures';
import { submitThroughApi as submit, uploadPhotoAndSignature } from './report-files';

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

// docs/product.md#review: the reviewer reads every answer, reading, setting, note, photo and the signature on
// one screen, what failed first, each with the rule book's verdict.
test('the review screen shows all the evidence in step order, what failed first, at a phone and a desktop size', async ({
  pageFor,
  createUser,
  createSite,
  adminApi,
}) => {
  test.setTimeout(180_000);
  const { site, properties } = await createSite({
    properties: [
      { address: 'Flat 9, Montgomery House', propertyType: '2b4p' },
      { address: 'Flat 10, Montgomery House', propertyType: '2b4p' },
    ],
  });
  const engineer = await createUser();
  const supervisor = await createUser({ role: 'supervisor' });
  expect((await adminApi.put(`/api/sites/${site.id}/members/${supervisor.id}`)).status()).toBe(201);
  const eng = await pageFor(engineer);
  const failing = await submit(eng, site, properties[0]!, 2, {
    initialChecks: { strainerClean: false },
    radiators: { roomChecks: { Hall: { valveSetting: '3', expectedValveSetting: '2.5' } } },
    dhwChecks: { fortyFiveSeconds: '38', fortyFiveIn45: true },
  });
  expect(failing.overallStatus).toBe('FAIL');

  const page = await pageFor(supervisor);
  for (const size of SIZES) {
    await test.step(`at ${size.width}x${size.height}`, async () => {
      await page.setViewportSize(size);
      await page.goto(`/review/reports/${failing.id}`);
      await expect(page.getByRole('heading', { name: properties[0]!.address })).toBeVisible({ timeout: 30_000 });

      // What failed comes first, before step 1, each with its step and its verdict in words.
      const failingItems = page.getByRole('region', { name: /Failing items \(2\)/ });
      await expect(failingItems.locator('[data-field="initialChecks.strainerClean"]')).toContainText('Strainer clean');
      await expect(failingItems.locator('[data-field="initialChecks.strainerClean"]')).toContainText('Fail');
      await expect(failingItems.locator('[data-field="radiators.Hall"]')).toContainText('Expected 2.5');
      const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
      expect(headings.slice(0, 9)).toEqual([
        'Failing items (2)',
        'Step 1: Basic Information',
        'Step 2: Initial Checks',
        'Step 3: Standby Mode',
        'Step 4: Tertiary System Checks',
        'Step 5: Heating Checks',
        'Step 6: DHW Checks',
        'Step 7: Photos & Signature',
        "Engineer's notes",
      ]);

      const step = (n: number) => page.getByRole('region', { name: new RegExp(`^Step ${n}:`) });
      await expect(step(1).locator('[data-field="hiuSerial"]')).toContainText('SN 881');
      for (const answer of ['bypassClosed', 'strainerClean', 'clipsRemoved', 'meterOk'])
        await expect(step(2).locator(`[data-field="initialChecks.${answer}"]`)).toBeVisible();
      await expect(step(2).locator('[data-field="systemPressure"]')).toContainText('1.2 bar');
      await expect(step(4).locator('[data-field="radiators.Hall"]')).toContainText('3');
      await expect(step(6).locator('[data-field="fortyFiveSeconds"]')).toContainText('38.0 s');
      await expect(step(6).locator('[data-field="fortyFiveIn45"]')).toContainText('Yes');
      await expect(step(7).locator('[data-field="heatingControllerSet"]')).toContainText('Yes');
      await expect(page.getByRole('region', { name: "Engineer's notes" })).toContainText(
        'Reading out of range, to be re-tested.',
      );

      // The photo whole, opening at full size; the signature.
      const photo = step(7).getByRole('img', { name: 'HIU front' });
      await expect(photo).toBeVisible();
      expect(await photo.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');
      await expect(step(7).getByRole('link', { name: 'HIU front: open full size' })).toHaveAttribute(
        'href',
        /^\/api\/files\//,
      );
      await expect(step(7).getByRole('img', { name: /^Signature of/ })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await page.screenshot({ path: test.info().outputPath(`review-${size.width}.png`), fullPage: true });
    });
  }

  await test.step("a radiator's valve setting is corrected like a reading and judged again", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Correct a value' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct a recorded value' });
    const choose = dialog.getByLabel('Value', { exact: true });
    await choose.selectOption({ label: 'Tertiary System Checks: Hall valve setting' });
    await expect(dialog.getByText('Recorded: 3')).toBeVisible();
    await dialog.getByLabel('Corrected value').fill('2.5');
    await dialog.getByLabel('Reason').fill('Read the bedroom valve by mistake');
    await dialog.getByRole('button', { name: 'Correct' }).click();
    await expect(page.getByText('Corrected: revision 2')).toBeVisible();
    const hall = page.getByRole('region', { name: /^Step 4:/ }).locator('[data-field="radiators.Hall"]');
    await expect(hall).toContainText('2.5');
    await expect(hall).toContainText('Pass');
    await expect(page.getByRole('region', { name: /Failing items \(1\)/ })).toBeVisible();
  });

  await test.step("a test pack's answers and readings show with their verdicts", async () => {
    expect((await adminApi.patch(`/api/sites/${site.id}`, { data: { testPack: 'cp1-ts1' } })).status()).toBe(200);
    const { photo, signature } = await uploadPhotoAndSignature(eng);
    const property = properties[1]!;
    const begun = Date.now() - 5 * 60_000;
    const wizardData = passingCp1Check({
      site,
      propertyId: property.id,
      address: property.address,
      dwellingType: property.propertyType,
      photoId: photo,
      signatureId: signature,
      startTime: new Date(begun).toISOString(),
      testPack: { id: 'cp1-ts1', version: currentTestPack('cp1-ts1').version },
      cp1: {
        radiatorTemps: { Hall: { flow: '55', return: '45' } },
        underfloorZones: [{ name: 'Bathroom', flowRate: '2.5' }],
      },
    });
    const res = await eng.request.post('/api/reports', {
      data: {
        id: randomUUID(),
        wizardData,
        notes: '',
        failedStep: null,
        completedAt: new Date(begun + 60_000).toISOString(),
      },
    });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await page.goto(`/review/reports/${id}`);
    await expect(page.getByRole('heading', { name: property.address })).toBeVisible({ timeout: 30_000 });
    const stepTwo = page.getByRole('region', { name: /^Step 2:/ });
    await expect(stepTwo.getByRole('heading', { name: 'Electrical supply' })).toBeVisible();
    const spur = stepTwo.locator('[data-field="cp1.fusedSpur"]');
    await expect(spur).toContainText('Electrical supply from a fused spur');
    await expect(spur).toContainText('Pass');
    await expect(page.getByRole('region', { name: /^Step 7:/ }).locator('[data-field="photo.Strainer"]')).toContainText(
      'Taken',
    );
  });

  await test.step("a radiator's return is corrected: a return above its flow is refused as typed, ΔT follows", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const hall = page.getByRole('region', { name: /^Step 4:/ }).locator('[data-field="cp1.radiatorTemps.Hall"]');
    await expect(hall).toContainText('55 / 45 °C, ΔT 10 K');
    await page.getByRole('button', { name: 'Correct a value' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct a recorded value' });
    await dialog
      .getByLabel('Value', { exact: true })
      .selectOption({ label: 'Tertiary System Checks: Hall radiator return' });
    await expect(dialog.getByText('Recorded: 45 °C')).toBeVisible();
    const value = dialog.getByLabel('Corrected value (°C)');
    await expect(value).toHaveAttribute('inputmode', 'decimal');
    await value.fill('55.1');
    await expect(dialog.getByText('Hall radiator return (55.1 °C) is hotter than its flow (55 °C)')).toBeVisible();
    await expect(dialog.getByTestId('corrected-delta-t')).toHaveText('ΔT -0.1 K with this value');
    await value.fill('40');
    await expect(dialog.getByTestId('corrected-delta-t')).toHaveText('ΔT 15 K with this value');
    await dialog.getByLabel('Reason').fill('Probe read off the wrong pipe');
    await dialog.screenshot({ path: test.info().outputPath('correct-radiator-return-390.png') });
    await dialog.getByRole('button', { name: 'Correct' }).click();
    await expect(page.getByText('Corrected: revision 2')).toBeVisible();
    await expect(hall).toContainText('55 / 40 °C, ΔT 15 K');
    await expect(hall).toContainText('Pass');
    const revisions = page.getByRole('region', { name: 'Revisions' });
    await expect(revisions).toContainText('Tertiary System Checks: Hall radiator return: 45 °C → 40 °C');
    await expect(
      page
        .getByRole('region', { name: "This report's history" })
        .getByText(/corrected the Hall radiator return of report HIU-\d{4}-\d+ for .*: 45 °C → 40 °C\./),
    ).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('corrected-radiator-390.png'), fullPage: true });
  });
});
