// Plain data and wording, no zod: home shows them before the schemas have loaded.

/**
 * Where a property stands on its site (docs/product.md#site-progress), from its latest report and any newer draft:
 * - in_progress: some engineer (anyone's draft counts, an admin wants to know) saved a draft for it after
 *   its latest report, or it has a draft and no report;
 * - passed / failed / pending: the overall result of its latest report (newest completion time);
 * - not_started: no report and no draft.
 * "Commissioned" means passed: the latest report is a PASS.
 */
export const PROPERTY_STATUSES = ['not_started', 'in_progress', 'passed', 'failed', 'pending'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

/** The words shown beside the colour, in the picker, on home and in tests. */
export const PROPERTY_STATUS_LABELS: Record<PropertyStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  passed: 'Passed',
  failed: 'Failed',
  pending: 'Incomplete',
};

/** "143 of 200 commissioned, 9 failed": the home card's sentence, also read by screen readers. */
export function progressSentence(p: {
  total: number;
  passed: number;
  failed: number;
  pending: number;
  inProgress: number;
}): string {
  const parts = [`${p.passed} of ${p.total} commissioned`];
  if (p.failed > 0) parts.push(`${p.failed} failed`);
  if (p.pending > 0) parts.push(`${p.pending} incomplete`);
  if (p.inProgress > 0) parts.push(`${p.inProgress} in progress`);
  return parts.join(', ');
}

/**
 * A flat's block and floor in words: "Block A · Floor 3". A value that already names itself ("Block A",
 * "Ground floor") is kept as it is, so an import that wrote "Block A" never reads "Block Block A".
 */
export function flatPlace(p: { block?: string | null; floor?: string | null }): string {
  const named = (value: string | null | undefined, word: string) => {
    const v = value?.trim();
    if (!v) return '';
    return new RegExp(`\\b${word}\\b`, 'i').test(v) ? v : `${word[0]!.toUpperCase()}${word.slice(1)} ${v}`;
  };
  return [named(p.block, 'block'), named(p.floor, 'floor')].filter(Boolean).join(' · ');
}
