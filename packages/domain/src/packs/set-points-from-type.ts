// A check's set-points filled in from its flat's design values (docs/product.md#values-per-property-type).
import { parseDecimal } from '../numbers.js';
import type { DesignParameters } from '../schemas/design-parameters.js';
import type { PackField } from './cp1-ts1.js';
import { SET_POINT_KEYS, type SetPointKey } from './set-point-defaults.js';

/** The flat's design as the check holds it: its type's own values over its site's (`designForType`). */
type FlatDesign = Pick<DesignParameters, 'cp1'> | null | undefined;

const designValue = (design: FlatDesign, key: SetPointKey): string | undefined => {
  const v = ((design?.cp1 ?? {}) as Record<string, string | undefined>)[key]?.trim() ?? '';
  return parseDecimal(v) === null ? undefined : v;
};

/**
 * A copy of the check's pack data with each set-point the pack asks for and the engineer has not typed filled
 * in from the flat's design. A value already there is never replaced.
 */
export function withSetPointsFromDesign<T extends Record<string, unknown>>(
  cp1: T,
  design: FlatDesign,
  fields: readonly PackField[],
): T {
  const out: Record<string, unknown> = { ...cp1 };
  for (const key of SET_POINT_KEYS) {
    const given = designValue(design, key);
    const typed = out[key];
    if (given === undefined || !fields.some((f) => f.key === key)) continue;
    if (typeof typed === 'string' && typed.trim() !== '') continue;
    out[key] = given;
  }
  return out as T;
}

/**
 * Said under a set-point while it holds the value its property type gave it, so the engineer checks the unit is
 * really set to it; nothing once they changed it.
 */
export function setPointFromDesign(
  data: { dwellingType: string; cp1?: Record<string, unknown> | undefined },
  design: FlatDesign,
  key: SetPointKey,
): string | undefined {
  const given = designValue(design, key);
  const value = data.cp1?.[key];
  if (given === undefined || typeof value !== 'string' || value.trim() !== given) return undefined;
  return `From the property type ${data.dwellingType}: check the unit is set to this`;
}
