const FOCUSABLE = 'input:not([type=hidden]), select, textarea, button, [tabindex]:not([tabindex="-1"]), [role=radio]';

const plain = (text: string | null) => (text ?? '').replace(/\*/g, '').trim().toLowerCase();

/**
 * Moves focus to the step's field shown with this label (a field's label, a yes/no question, or a card's
 * heading such as Engineer Signature) and scrolls it into view; false when the screen has no such field.
 */
export function focusFieldLabelled(
  label: string,
  root: ParentNode = document.querySelector('main') ?? document,
): boolean {
  const want = plain(label);
  let target: HTMLElement | null = null;
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('label, [id], h2, h3'))) {
    if (plain(el.textContent) !== want) continue;
    if (el instanceof HTMLLabelElement && el.control) target = el.control as HTMLElement;
    else if (el.id) target = root.querySelector<HTMLElement>(`[aria-labelledby~="${CSS.escape(el.id)}"]`);
    target = target?.matches(FOCUSABLE) ? target : (target?.querySelector<HTMLElement>(FOCUSABLE) ?? null);
    target ??= el.closest('section, fieldset, [class*="space-y"]')?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
    if (target) break;
  }
  if (!target) return false;
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
  return true;
}
