/** Measurements travel as strings (docs/product.md#numbers); this is the one place they become numbers. */
const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;

/** True for "" (not entered) or a plain decimal such as "2", "2.50", "-0.5", ".5". */
export function isDecimalOrEmpty(value: string): boolean {
  const v = value.trim();
  return v === '' || DECIMAL.test(v);
}

/** The number a field holds, or null when it is empty or not a decimal. */
export function parseDecimal(value: string | null | undefined): number | null {
  if (value == null) return null;
  const v = value.trim();
  if (v === '' || !DECIMAL.test(v)) return null;
  return Number(v);
}

export function isEntered(value: string | null | undefined): boolean {
  return value != null && value.trim() !== '';
}
