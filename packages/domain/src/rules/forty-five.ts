import { isEntered, parseDecimal } from '../numbers.js';
import type { WizardData } from '../schemas/wizard-data.js';

/** The DHW test (docs/product.md#steps, step 6): the kitchen tap must reach 45 °C within this many seconds. */
export const FORTY_FIVE_LIMIT_SECONDS = 45;

export const FORTY_FIVE_REASON_MESSAGE = 'Give a reason for changing the timed answer';

/**
 * Seconds from opening the tap to `nowMs`, to the tenth (what the stopwatch records). Never negative:
 * a device clock set back while timing reads as 0.
 */
export function stopwatchSeconds(startedAt: string, nowMs: number): number {
  const start = Date.parse(startedAt);
  if (Number.isNaN(start)) return 0;
  return Math.max(0, Math.round((nowMs - start) / 100) / 10);
}

/** The answer the timed seconds give: reached within the limit (45.0 s still counts) or not; null when untimed. */
export function timedFortyFiveAnswer(seconds: string): boolean | null {
  const s = parseDecimal(seconds);
  if (s === null) return null;
  return s <= FORTY_FIVE_LIMIT_SECONDS;
}

/** True when the engineer's Yes/No differs from what the stopwatch says. */
export function isFortyFiveOverridden(dhw: WizardData['dhwChecks']): boolean {
  const timed = timedFortyFiveAnswer(dhw.fortyFiveSeconds);
  return timed !== null && dhw.fortyFiveIn45 !== null && dhw.fortyFiveIn45 !== timed;
}

/** An override needs a reason; an answer that follows the stopwatch (or an untimed one) does not. */
export function fortyFiveReasonMissing(dhw: WizardData['dhwChecks']): boolean {
  return isFortyFiveOverridden(dhw) && !isEntered(dhw.fortyFiveOverrideReason);
}

/** "38.4 s", or "1 min 05.0 s" past a minute; empty when not timed. For the PDF, CSV and screens. */
export function formatSeconds(seconds: string | number): string {
  const s = typeof seconds === 'number' ? seconds : parseDecimal(seconds);
  if (s === null || !Number.isFinite(s) || s < 0) return '';
  const tenths = Math.round(s * 10);
  const minutes = Math.floor(tenths / 600);
  const rest = ((tenths % 600) / 10).toFixed(1);
  return minutes > 0 ? `${minutes} min ${rest.padStart(4, '0')} s` : `${rest} s`;
}

/** The live stopwatch face: "0:07", "1:02" (whole seconds, counting up). */
export function stopwatchFace(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
