import type { WizardData } from '../schemas/wizard-data.js';
import { evaluate, failureReasons } from './evaluate.js';
import type { OverallStatus } from './overall-status.js';
import type { Ranges } from './ranges.js';

export interface JudgedReport {
  overall: OverallStatus;
  /** What the report and its PDF list as the reasons it failed; empty unless it failed. */
  reasons: string[];
}

/**
 * A report's verdict and failure reasons from its data and the ranges it is judged against: the same at
 * submit and after a correction, so a corrected report reads as if it had been submitted that way.
 */
export function reportVerdict(data: WizardData, ranges: Ranges, failedStep: number | null): JudgedReport {
  const evaluation = evaluate(data, ranges, failedStep);
  const overall = evaluation.overall;
  const reasons = failedStep
    ? failureReasons(failedStep, data, ranges)
    : overall === 'FAIL'
      ? evaluation.issues.filter((i) => i.severity === 'fail').map((i) => i.text)
      : [];
  return { overall, reasons };
}
