// The acceptance test's own limits (docs/product.md#test-packs): readings held to the unit's own set-points,
// recorded on the check, rather than to a site-wide range. The step, the server's verdict, the PDF and the CSV
// all judge through these functions. Plain data, no zod: the step judges on every keystroke.
import { isEntered, parseDecimal } from '../numbers.js';
import { MEASUREMENTS, type Measurement } from '../rules/catalogue.js';
import type { SetPointRule } from './cp1-ts1.js';
import type { PackData } from './pack-data.js';
import { packOf } from './test-packs.js';

export interface SetPointVerdict {
  rule: SetPointRule;
  /** The step the reading is entered on. */
  step: number;
  label: string;
  value: string;
  /** The lowest the reading may be, or null when the set-point (or its tolerance) is not entered yet. */
  atLeast: number | null;
  verdict: 'pass' | 'fail' | 'pending';
  /** In the engineer's words, for the step, the review issue and the PDF. */
  text: string;
}

const fmt = (n: number) => String(Math.round(n * 100) / 100);

function readingOf(data: PackData, id: string): { step: number; label: string; value: string } | undefined {
  if (id.startsWith('cp1.')) {
    const key = id.slice(4);
    const f = packOf(data).fields.find((x) => x.key === key);
    const v = data.cp1?.[key];
    return f && { step: f.step, label: f.label, value: typeof v === 'string' ? v : '' };
  }
  const m = (MEASUREMENTS as readonly Measurement[]).find((x) => x.id === id);
  return m && { step: m.step, label: m.label, value: valueAt(data, m.path) };
}

/** The string at a measurement's path in the check (read here, not through the schema's types, which import the packs). */
function valueAt(data: PackData, path: readonly string[]): string {
  let v: unknown = data;
  for (const key of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v : '';
}

const packNumber = (data: PackData, key: string) => {
  const v = data.cp1?.[key];
  return typeof v === 'string' ? parseDecimal(v) : null;
};

/** The lowest a rule's reading may be from the check's own set-points; null while one is not entered. */
export function setPointLimit(data: PackData, rule: SetPointRule): number | null {
  const setPoint = packNumber(data, rule.setPoint);
  if (setPoint === null) return null;
  if (rule.minus === undefined) return setPoint + (rule.plus ?? 0);
  const tolerance = packNumber(data, rule.minus);
  return tolerance === null ? null : setPoint - tolerance;
}

/** The verdict of each set-point rule whose reading is on `step` (every step when omitted), in step order. */
export function setPointVerdicts(data: PackData, step?: number): SetPointVerdict[] {
  return (packOf(data).setPointRules ?? []).flatMap((rule): SetPointVerdict[] => {
    const reading = readingOf(data, rule.reading);
    if (!reading || (step !== undefined && reading.step !== step)) return [];
    const atLeast = setPointLimit(data, rule);
    const value = parseDecimal(reading.value);
    const limit = atLeast === null ? '' : `at least ${fmt(atLeast)} °C ${rule.basis}`;
    if (atLeast === null || value === null || !isEntered(reading.value))
      return [{ rule, ...reading, atLeast, verdict: 'pending', text: limit ? `Expected ${limit}` : '' }];
    const verdict = value >= atLeast ? 'pass' : 'fail';
    const text =
      verdict === 'pass' ? `Pass: ${fmt(value)} °C, ${limit}` : `${rule.issue} (${fmt(value)} °C, expected ${limit})`;
    return [{ rule, ...reading, atLeast, verdict, text }];
  });
}
