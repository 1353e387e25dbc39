import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';
import { filePassedCheck, minutesAgo } from './progress-model';

/*
 * Every decisive button acts on the first tap of a finger, once (docs/product.md#check): the office's Approve and
 * Send back, and the engineer's Start, at full speed and with the CPU four times slower. (File Failure Report,
 * Review & Submit and Submit after a finger-drawn signature: check-touch-signature.spec.ts.)
 */

/** One tap of a finger in the middle of the button, without waiting for it to be ready. */
async function tapOnce(page: Page, button: Locator) {
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

async function slowCpu(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

for (const rate of [1, 4]) {
  test(`${rate}x CPU: Approve and Send back each act on their first finger tap, once`, async ({
    engineerPage,
    adminPage: page,
    createSite,
    adminApi,
  }) => {
    test.setTimeout(180_000);
    const { site, properties } = await createSite({ properties: 2 });
    const [approve, sendBack] = [
      await filePassedCheck(engineerPage, site, properties[0]!, minutesAgo(2), 'SN-TAP-1'),
      await filePassedCheck(engineerPage, site, properties[1]!, minutesAgo(1), 'SN-TAP-2'),
    ];
    const stateOf = async (id: string) =>
      ((await (await adminApi.get(`/api/reports/${id}`)).json()) as { reviewState: string }).reviewState;

    await page.goto(`/review/reports/${approve.id}`);
    await expect(page.getByRole('heading', { name: properties[0]!.address, level: 1 })).toBeVisible();
    await slowCpu(page, rate);
    await tapOnce(page, page.getByRole('button', { name: 'Approve', exact: true }));
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toBeVisible({ timeout: 20_000 });
    await tapOnce(page, confirm.getByRole('button', { name: 'Approve', exact: true }));
    // Approved, the queue moves on to the next report waiting.
    await expect(page).not.toHaveURL(new RegExp(approve.id), { timeout: 30_000 });
    await expect.poll(() => stateOf(approve.id)).toBe('approved');
    await slowCpu(page, 1);

    await page.goto(`/review/reports/${sendBack.id}`);
    await expect(page.getByRole('heading', { name: properties[1]!.address, level: 1 })).toBeVisible();
    await slowCpu(page, rate);
    await tapOnce(page, page.getByRole('button', { name: 'Send back', exact: true }));
    const dialog = page.getByRole('dialog', { name: 'Send back for a re-test' });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await dialog.getByLabel('Reason').fill('Read the serial off the plate again');
    await tapOnce(page, dialog.getByRole('button', { name: 'Send back', exact: true }));
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect.poll(() => stateOf(sendBack.id)).toBe('sent_back');
    await slowCpu(page, 1);
  });

  test(`${rate}x CPU: Start on My flats acts on its first finger tap`, async ({
    engineer,
    engineerPage: page,
    createSite,
    adminApi,
  }) => {
    test.setTimeout(120_000);
    const { site, properties } = await createSite({ properties: 1 });
    const flat = properties[0]!;
    expect([200, 201]).toContain((await adminApi.put(`/api/sites/${site.id}/members/${engineer.id}`)).status());
    const assigned = await adminApi.post(`/api/sites/${site.id}/assignments`, {
      data: { engineerId: engineer.id, propertyIds: [flat.id] },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
    await page.goto('/');
    const start = page
      .getByTestId('my-flat')
      .filter({ hasText: flat.address })
      .getByRole('button', { name: `Start ${flat.address}` });
    await expect(start).toBeVisible();
    await slowCpu(page, rate);
    await tapOnce(page, start);
    const check = new CheckJourney(page);
    await expect(check.heading('Basic Information')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Address')).toHaveValue(flat.address, { timeout: 30_000 });
    await slowCpu(page, 1);
  });
}
