// Shared by the number box and its paste rules (loaded later), so neither imports the other.

/** What a measurement box keeps: digits, one point, a leading minus (docs/product.md#numbers: the string typed). */
export const MEASUREMENT_TEXT = /^-?\d*\.?\d*$/;

/** `value` with `text` put over the selection [start, end), as a paste does. */
export const spliceInto = (value: string, text: string, [start, end]: readonly [number, number]): string =>
  value.slice(0, start) + text + value.slice(end);
