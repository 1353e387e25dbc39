import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe-core's WCAG 2.1 A and AA rules over the whole page as it stands: every violation, with where it is. */
export async function violations(page: Page): Promise<string[]> {
  // The page as it settles: a button's colour change (Next enabled as the last value is typed) runs a short
  // transition, and axe would judge the blend of its two states.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}): ${n.target.join(' ')} - ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`,
    ),
  );
}

/** The smallest side a tap target may have, in CSS pixels (docs/product.md#numbers). */
export const MIN = 44;

/**
 * Every visible button, link, field, select and tab on the screen smaller than MIN on a side. A checkbox or
 * radio counts with its label (the label is what a finger taps); a link inside running text is exempt, as
 * WCAG's target-size rule exempts inline targets.
 */
export async function smallTargets(page: Page, screen: string): Promise<string[]> {
  const found = await page.evaluate((min) => {
    const out: string[] = [];
    const selector = 'button, a[href], input:not([type=hidden]), select, textarea, [role=tab], [role=button]';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = getComputedStyle(el);
      let rect = el.getBoundingClientRect();
      // Not shown, or visually hidden (a file input a labelled button opens): no finger taps it.
      if (rect.width <= 1 || rect.height <= 1 || style.visibility === 'hidden') continue;
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      if (el.tagName === 'A' && style.display === 'inline' && el.parentElement?.closest('p')) continue;
      const input = el as HTMLInputElement;
      if (el.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio')) {
        const label = input.closest('label') ?? (input.id ? document.querySelector(`label[for="${input.id}"]`) : null);
        if (label) rect = label.getBoundingClientRect();
      }
      if (rect.height + 0.5 < min || rect.width + 0.5 < min) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? input.name ?? '').trim().slice(0, 40);
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(rect.width)}x${Math.round(rect.height)}`);
      }
    }
    return out;
  }, MIN);
  return found.map((f) => `${screen}: ${f}`);
}
