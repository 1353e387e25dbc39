// The energy a heat meter counted during a check, against what its highest power could deliver in the time
// (docs/product.md#readings-that-agree): a warning, never a fail or a refusal, since the meter's power is
// read at moments, not throughout. Plain data, no zod: step 7 reads it as the engineer types.
import { formatDuration } from '../format/dates.js';
import { parseDecimal } from '../numbers.js';
import type { ReadingsData } from './contradictions.js';

export interface ReadingWarning {
  step: number;
  /** The reading the warning is shown under (`cp1.finalEnergy`). */
  field: string;
  /** In the engineer's words, with the values. */
  message: string;
}

/** What the rule reads besides the readings: when the check started and when its steps were done. */
export interface TimedReadingsData extends ReadingsData {
  startTime: string;
  stepCompletedAt: Partial<Record<string, string>>;
}

/** A heat meter's energy register shows whole kWh on many meters: a total may be this far off at each end. */
export const ENERGY_REGISTER_STEP_KWH = 1;
const POWERS = ['baselinePower', 'heatingPeakPower', 'dhwPeakPower'] as const;

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The warning when the heat meter counted more energy between the baseline (step 1) and the final reading
 * (step 7) than its highest power reading could deliver from the start of the check to the end of step 7 (or
 * `now`, while step 7 is open), plus the register's last digit. Nothing until both totals and a power are read.
 */
export function energyWarning(data: TimedReadingsData, now?: Date): ReadingWarning | undefined {
  if (!data.testPack || data.testPack.id === 'standard') return undefined;
  const read = (key: string) => {
    const v = data.cp1?.[key];
    return typeof v === 'string' ? parseDecimal(v) : null;
  };
  const baseline = read('baselineEnergy');
  const final = read('finalEnergy');
  const powers = POWERS.map(read).filter((p): p is number => p !== null);
  const start = Date.parse(data.startTime);
  const end = data.stepCompletedAt['photos-signature'] ?? now?.toISOString();
  if (baseline === null || final === null || powers.length === 0 || Number.isNaN(start) || !end) return undefined;
  const hours = Math.max(0, Date.parse(end) - start) / 3_600_000;
  const power = Math.max(...powers);
  const used = final - baseline;
  const took = formatDuration(data.startTime, end);
  const most = power * hours + ENERGY_REGISTER_STEP_KWH;
  // A total that went down is a contradiction already, named on its own.
  if (used < 0 || used - most <= 1e-9) return undefined;
  return {
    step: 7,
    field: 'cp1.finalEnergy',
    message:
      `The heat meter counted ${round(used)} kWh between the baseline and the final reading, more than its ` +
      `highest power (${round(power)} kW) could deliver in the time of the check ` +
      `(${took === '0m' ? 'under a minute' : took}: ${round(most)} kWh with the last digit). Check the final ` +
      'energy reading and the power readings.',
  };
}
