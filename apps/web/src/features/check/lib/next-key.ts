import type { FocusEvent, KeyboardEvent } from 'react';

// The phone keyboard's Next key within a step (docs/product.md#the-keyboards-next-key): Enter in a box where
// something is typed moves to the step's next such box, and never submits or leaves the step.

/** Boxes typed into: Enter there means "next". A textarea keeps Enter for a new line; dates open a picker. */
const TYPED = new Set(['text', 'number', 'tel', 'email', 'url', 'search', 'password']);

const isTypedInput = (el: Element | null): el is HTMLInputElement =>
  el instanceof HTMLInputElement && TYPED.has(el.type);

/**
 * A box Enter may move to: typed into, shown, not read-only or disabled, and not part of a small form of its own
 * (adding a room), whose Enter is that form's button.
 */
function canTakeFocus(el: Element): el is HTMLInputElement | HTMLTextAreaElement {
  if (!(isTypedInput(el) || el instanceof HTMLTextAreaElement)) return false;
  if (el.readOnly || el.disabled || el.form) return false;
  return el.getClientRects().length > 0;
}

/** The step's boxes after this one that Enter may move to, in the order they are shown. */
function boxesAfter(from: Element, step: Element): (HTMLInputElement | HTMLTextAreaElement)[] {
  return Array.from(step.querySelectorAll('input, textarea')).filter(
    (el): el is HTMLInputElement | HTMLTextAreaElement =>
      canTakeFocus(el) && (from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
  );
}

/** Whether Enter in this element is the step's Next key (a typed box of the step, not one with its own form). */
const movesOnWithEnter = (el: Element | null): el is HTMLInputElement => isTypedInput(el) && !el.readOnly && !el.form;

/**
 * On focus: the keyboard's Enter key reads "next", or "done" on the step's last box. Set as the box gets focus,
 * before the keyboard opens, so boxes shown or hidden meanwhile (an optional reading, a photo's label) count.
 */
export function labelEnterKey(e: FocusEvent<HTMLElement>) {
  const box = e.target;
  if (!movesOnWithEnter(box)) return;
  box.enterKeyHint = boxesAfter(box, e.currentTarget).length > 0 ? 'next' : 'done';
}

/** On Enter in a typed box: focus the step's next box, scrolled clear of the sticky bars; on the last, nothing. */
export function moveOnWithEnter(e: KeyboardEvent<HTMLElement>) {
  const box = e.target as Element;
  if (e.key !== 'Enter' || e.defaultPrevented || e.nativeEvent.isComposing || !movesOnWithEnter(box)) return;
  e.preventDefault();
  const next = boxesAfter(box, e.currentTarget)[0];
  if (!next) return;
  next.focus({ preventScroll: true });
  // "nearest" keeps the page still when the box is already in view; html's scroll padding keeps it above the
  // bottom bar (index.css).
  next.scrollIntoView({ block: 'nearest' });
}
