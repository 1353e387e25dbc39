import type { Locator, Page } from '@playwright/test';

/**
 * Draws a zigzag signature with the mouse on the signature box inside `within` (the whole page unless given: a
 * dashboard has one per card), scrolled into view first so the strokes land on it at a phone's size.
 */
export async function drawSignature(page: Page, within: Page | Locator = page): Promise<void> {
  const canvas = within.getByTestId('signature-canvas');
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(box.x + box.width * (0.1 + i * 0.1), box.y + box.height * (i % 2 ? 0.3 : 0.7), {
      steps: 3,
    });
  await page.mouse.up();
}
