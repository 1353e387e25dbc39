// What a quantity can physically be in a flat, as opposed to what a site expects (its ranges): a reading
// beyond this is a slip of the finger, most often a missed decimal point (466 for 46.6 °C), and the screen
// offers the value it most likely was (docs/product.md#readings-nobody-can-take).
import { parseDecimal } from '../numbers.js';
import type { Unit } from '../units.js';
import type { Measurement } from './catalogue.js';
import { withUnit } from './out-of-range.js';

export interface PlausibleLimits {
  min: number;
  max: number;
  /** What is measured, in the engineer's words: "water at a tap". */
  what: string;
}

/** By unit; a unit not listed (meter registers, counts, hours) has no limit. */
const BY_UNIT: Partial<Record<Unit, PlausibleLimits>> = {
  '°C': { min: 0, max: 100, what: "water in a flat's pipes" },
  bar: { min: 0, max: 16, what: "a heating system's pressure" },
  kPa: { min: 0, max: 1600, what: "a heating system's pressure" },
  'L/min': { min: 0, max: 60, what: "a flat's flow rate" },
  'm³/h': { min: 0, max: 10, what: "a flat's flow rate" },
  kW: { min: 0, max: 100, what: "a flat's HIU power" },
  '%': { min: 0, max: 100, what: 'a percentage' },
};

/** Readings whose quantity is narrower or wider than their unit's. */
const BY_MEASUREMENT: Record<string, PlausibleLimits> = {
  dhwKitchenTap: { min: 0, max: 100, what: 'water at a tap' },
  cwsTemp: { min: 0, max: 100, what: 'water at a tap' },
  // A heat network's primary side runs hotter, under pressure.
  heatingPrimaryFlow: { min: 0, max: 130, what: "a heat network's primary water" },
  heatingPrimaryReturn: { min: 0, max: 130, what: "a heat network's primary water" },
  dhwPrimaryFlow: { min: 0, max: 130, what: "a heat network's primary water" },
  dhwPrimaryReturn: { min: 0, max: 130, what: "a heat network's primary water" },
};

export function plausibleLimits(m: Pick<Measurement, 'id' | 'unit'>): PlausibleLimits | undefined {
  return BY_MEASUREMENT[m.id] ?? BY_UNIT[m.unit];
}

export interface ImplausibleReading {
  /** "466 °C is not a plausible reading: water at a tap is 0-100 °C." */
  message: string;
  /** The value a missed decimal point most likely hid ("46.6"), when there is one. */
  suggestion?: string;
  /** "Did you mean 46.6 °C?", or a request to re-measure when no value is offered. */
  question: string;
}

const within = (n: number, l: PlausibleLimits) => n >= l.min && n <= l.max;

/** The largest value a decimal point put between the typed digits gives that is plausible ("466" → "46.6"). */
function missedPoint(value: string, limits: PlausibleLimits): string | undefined {
  const digits = value.replace('.', '');
  if (!/^\d{2,}$/.test(digits)) return undefined;
  for (let at = digits.length - 1; at >= 1; at--) {
    const n = Number(`${digits.slice(0, at)}.${digits.slice(at)}`);
    if (within(n, limits)) return String(n);
  }
  return undefined;
}

/** Why a reading cannot be what was measured, and what it most likely was; nothing when it can be. */
export function implausibleReading(m: Pick<Measurement, 'id' | 'unit'>, value: string): ImplausibleReading | undefined {
  const limits = plausibleLimits(m);
  const n = parseDecimal(value);
  if (!limits || n === null || within(n, limits)) return undefined;
  const v = value.trim();
  const suggestion = n > limits.max ? missedPoint(v, limits) : undefined;
  return {
    message: `${withUnit(v, m.unit)} is not a plausible reading: ${limits.what} is ${withUnit(`${limits.min}-${limits.max}`, m.unit)}.`,
    suggestion,
    question: suggestion ? `Did you mean ${withUnit(suggestion, m.unit)}?` : 'Re-measure and enter the reading again.',
  };
}
