import { z } from 'zod';

/**
 * Where a property stands on its site (issue 9), from its latest report and any newer draft:
 * - in_progress: some engineer (anyone's draft counts, an admin wants to know) saved a draft for it after
 *   its latest report, or it has a draft and no report;
 * - passed / failed / pending: the overall result of its latest report (newest completion time);
 * - not_started: no report and no draft.
 * "Commissioned" means passed: the latest report is a PASS.
 */
export const PROPERTY_STATUSES = ['not_started', 'in_progress', 'passed', 'failed', 'pending'] as const;
export const propertyStatusSchema = z.enum(PROPERTY_STATUSES);
export type PropertyStatus = z.infer<typeof propertyStatusSchema>;

/** The words shown beside the colour, in the picker, on home and in tests. */
export const PROPERTY_STATUS_LABELS: Record<PropertyStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  passed: 'Passed',
  failed: 'Failed',
  pending: 'Incomplete',
};
