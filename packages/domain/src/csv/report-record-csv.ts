import { formatDateTime } from '../format/dates.js';
import { packCsvColumns } from '../packs/pack-csv.js';
import { REVIEW_STATE_LABELS, type ReviewState } from '../review/review-state.js';
import { neutraliseCsvCell, REPORT_CSV_COLUMNS } from './report-csv.js';

/**
 * What the export adds to each report's line from its record as it is now (docs/product.md#csv-export): its
 * review and its flat's place may change after submit, so they are never part of the kept line. Always the last
 * columns of the file, so every earlier column keeps its place.
 */
export const REPORT_RECORD_CSV_COLUMNS = [
  'Report Reference',
  'Review State',
  'Reviewer',
  'Decision Date',
  'Block',
  'Floor',
  'Superseded',
] as const;

export interface ReportRecordCsvInput {
  reference: string;
  reviewState: ReviewState;
  reviewerName: string | null;
  reviewedAt: Date | string | null;
  /** The flat's block and floor now; empty when the flat was deleted. */
  block: string | null;
  floor: string | null;
  /** A later report of the same flat (a re-test) replaces this one. */
  superseded: boolean;
}

/** One report's cells of REPORT_RECORD_CSV_COLUMNS, neutralised. */
export function reportRecordCsvCells(r: ReportRecordCsvInput): string[] {
  return [
    r.reference,
    REVIEW_STATE_LABELS[r.reviewState],
    r.reviewState === 'awaiting_review' ? '' : (r.reviewerName ?? ''),
    r.reviewState === 'awaiting_review' ? '' : formatDateTime(r.reviewedAt),
    r.block ?? '',
    r.floor ?? '',
    r.superseded ? 'Yes' : 'No',
  ].map(neutraliseCsvCell);
}

/** The header of a site's reports.csv: the spec's columns, the pack's when any report was taken under one, the record's. */
export function reportsCsvFileColumns(withPack: boolean): string[] {
  return [...REPORT_CSV_COLUMNS, ...(withPack ? packCsvColumns() : []), ...REPORT_RECORD_CSV_COLUMNS];
}
