import type { Locator, Page } from '@playwright/test';

/**
 * Office dates are typed as dd/mm/yyyy in react-aria's segments (docs/product.md#numbers): a tap on the day,
 * then the digits, as a thumb on a numeric keypad would (a click where the page has no touch). `digits` like '15012020'; '' clears the date.
 */
export async function typeDate(page: Page, scope: Page | Locator, label: string, digits: string): Promise<Locator> {
  const group = scope.getByRole('group', { name: label, exact: true });
  const touch = await page.evaluate(() => navigator.maxTouchPoints > 0);
  const press = (segment: Locator) => (touch ? segment.tap() : segment.click());
  if (digits) {
    await press(group.getByRole('spinbutton', { name: /^day/i }));
    await page.keyboard.type(digits);
    return group;
  }
  // Backspace empties a segment, then moves to the one before: year, month and day in turn.
  await press(group.getByRole('spinbutton', { name: /^year/i }));
  for (let i = 0; i < 12; i++) await page.keyboard.press('Backspace');
  return group;
}

/** '2026-03-01' as the digits typed for it, '01032026'. */
export const digitsOf = (iso: string) => iso.split('-').reverse().join('');
