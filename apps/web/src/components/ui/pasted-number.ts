import { MEASUREMENT_TEXT, spliceInto } from './measurement-text';

// Loaded on the first paste into a measurement box (input.tsx): not needed to show a step.

const unitKey = (u: string) => u.toLowerCase().replace(/[\s°˚º]/g, '');

/**
 * A value pasted from a meter app or a message, such as "46.2 °C", "2,5 L/min" or "1 234,5", as the box keeps
 * it ("46.2"). A unit after the number must be the box's own; anything else is refused with the reason.
 */
export function numberFromPaste(text: string, unit?: string): { value: string } | { error: string } {
  const shown = text.trim().replace(/\s+/g, ' ');
  if (!shown) return { value: '' };
  const t = shown.replace(/[\u2212\u2013]/g, '-');
  const m = /^(-?\s?(?:\d[\d\s.,]*|[.,]\d+))\s*(\D*)$/.exec(t);
  if (!m) return { error: `Only a number can go in this box: "${clip(shown)}" is not one.` };
  const [, numberPart, suffix] = m as unknown as [string, string, string];
  if (suffix && (!unit || unitKey(suffix) !== unitKey(unit)))
    return {
      error: unit ? `"${clip(shown)}" is not in ${unit}, which this box takes.` : `Only a number can go in this box.`,
    };
  let n = numberPart.replace(/\s/g, '');
  const lastComma = n.lastIndexOf(',');
  const lastPoint = n.lastIndexOf('.');
  if (lastComma >= 0 && lastPoint >= 0) {
    // Both marks: the later one is the decimal point, the other groups thousands.
    n = lastComma > lastPoint ? n.replace(/\./g, '').replace(',', '.') : n.replace(/,/g, '');
  } else if (lastComma >= 0) {
    n = n.split(',').length > 2 ? n.replace(/,/g, '') : n.replace(',', '.');
  }
  if (!MEASUREMENT_TEXT.test(n)) return { error: `Only a number can go in this box: "${clip(shown)}" is not one.` };
  return { value: n };
}

const clip = (s: string) => (s.length > 24 ? `${s.slice(0, 23)}…` : s);

/** The box's value after `text` is pasted over the selection [start, end), or why it cannot be. */
export function pasteIntoBox(
  value: string,
  text: string,
  at: readonly [number, number],
  unit?: string,
): { value: string } | { error: string } {
  const pasted = numberFromPaste(text, unit);
  if ('error' in pasted) return pasted;
  const next = spliceInto(value, pasted.value, at);
  return MEASUREMENT_TEXT.test(next)
    ? { value: next }
    : { error: `${pasted.value} does not fit with what is already in the box.` };
}
