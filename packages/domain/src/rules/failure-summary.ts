import type { WizardData } from '../schemas/wizard-data.js';
import { INITIAL_CHECKS, MEASUREMENTS, type Measurement, type RangedMeasurementId } from './catalogue.js';
import { evaluate, FORTY_FIVE_FAILURE, standbyFailures, valueAndRange } from './evaluate.js';
import { FORTY_FIVE_LIMIT_SECONDS, formatSeconds } from './forty-five.js';
import type { Ranges } from './ranges.js';
import { readMeasurement } from './read-measurement.js';

const NO = '(answered No, expected Yes)';

/**
 * The failure summary of a report, one line per failed check with the value found and the value expected
 * where the check has them: the PDF's failure summary. Kept out of `evaluate`, which every
 * wizard screen loads, as only the PDF needs it.
 */
export function failureSummary(data: WizardData, ranges: Ranges, failedStep?: number | null): string[] {
  if (failedStep === 2)
    return INITIAL_CHECKS.filter((c) => data.initialChecks[c.key] === false).map((c) => `${c.failure} ${NO}`);
  if (failedStep === 3) return standbyFailures(data, ranges);
  return evaluate(data, ranges, failedStep)
    .issues.filter((i) => i.severity === 'fail')
    .map((i) => {
      const m = (MEASUREMENTS as readonly Measurement[]).find((x) => x.issue && i.text.startsWith(x.issue));
      if (m?.issue) {
        const id = m.id as RangedMeasurementId;
        const value = readMeasurement(data, m).trim();
        return `${m.issue} (${valueAndRange({ id, label: m.label, unit: m.unit, value, range: ranges[id] })})`;
      }
      if (INITIAL_CHECKS.some((c) => c.failure === i.text)) return `${i.text} ${NO}`;
      const timed = formatSeconds(data.dhwChecks.fortyFiveSeconds);
      if (i.text === FORTY_FIVE_FAILURE && timed)
        return `${i.text} (${timed}, expected ${FORTY_FIVE_LIMIT_SECONDS} s or less)`;
      return i.text;
    });
}
