import { parseDecimal } from '../numbers.js';
import { withDesignDefaults } from '../schemas/design-defaults.js';
import type { DesignParameters } from '../schemas/design-parameters.js';
import { MEASUREMENTS, type Measurement, type RangedMeasurementId } from './catalogue.js';
import type { Range, Verdict } from './range-and-verdict.js';
import type { TestPackRef } from '../packs/test-pack-types.js';
import { findTestPack } from '../packs/test-packs.js';
import { packRanges } from '../packs/pack-rules.js';

/**
 * The ranges a check is judged against, keyed by measurement id. A report stores these; a check
 * under a test pack also holds its pack's judged readings (`cp1.<key>`).
 */
export type Ranges = Record<RangedMeasurementId, Range> & { [packReading: string]: Range };

/**
 * Ranges from a site's design parameters; missing values fall back to the spec's defaults. With a test pack
 * beyond the standard one, its judged readings' ranges are added.
 */
export function rangesFor(params: Partial<DesignParameters> | null | undefined, pack?: TestPackRef): Ranges {
  const p = withDesignDefaults(params);
  const out = {} as Record<string, Range>;
  for (const m of MEASUREMENTS as readonly Measurement[]) {
    if (!m.range) continue;
    const group = p[m.range.group] as Record<string, string>;
    out[m.id] = { min: parseDecimal(group[m.range.min]), max: parseDecimal(group[m.range.max]) };
  }
  const extra = pack && pack.id !== 'standard' ? findTestPack(pack) : undefined;
  if (extra) Object.assign(out, packRanges(extra, params));
  if (extra?.lowReturns) for (const id of RETURN_TEMPERATURES) out[id] = { min: null, max: out[id]!.max };
  for (const shared of extra?.sharedLimits ?? []) {
    const limit = parseDecimal(p.cp1[shared.max]);
    const own = out[shared.reading]!;
    if (limit !== null) out[shared.reading] = { ...own, max: own.max === null ? limit : Math.min(own.max, limit) };
  }
  return out as Ranges;
}

/** The return temperatures a pack with low returns judges as "at most" (standby, tertiary, primary ones). */
export const RETURN_TEMPERATURES = [
  'standbyReturnTemp',
  'heatingTertiaryReturn',
  'heatingPrimaryReturn',
  'dhwPrimaryReturn',
] as const satisfies readonly RangedMeasurementId[];

export const DEFAULT_RANGES: Ranges = rangesFor(undefined);

/** In range means min <= value <= max, both inclusive; an empty or non-numeric value is pending. */
export function judge(value: string | null | undefined, range: Range | undefined): Verdict {
  const v = parseDecimal(value);
  if (v === null) return 'pending';
  if (!range) return 'pass';
  if (range.min !== null && v < range.min) return 'fail';
  if (range.max !== null && v > range.max) return 'fail';
  return 'pass';
}

export function formatNumber(n: number | null): string {
  return n === null ? '' : String(n);
}

/** "45-48" style range text; the unit is added by the caller. */
export function formatRange(range: Range | undefined): string {
  if (!range || (range.min === null && range.max === null)) return '';
  if (range.min === null) return `≤ ${formatNumber(range.max)}`;
  if (range.max === null) return `≥ ${formatNumber(range.min)}`;
  return `${formatNumber(range.min)}-${formatNumber(range.max)}`;
}
