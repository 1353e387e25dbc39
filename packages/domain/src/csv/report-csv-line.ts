import { emptyWizardData } from '../schemas/empty-wizard-data.js';
import type { WizardData } from '../schemas/wizard-data.js';
import { CSV_LINE_END, reportCsvRow, type ReportCsvInput } from './report-csv.js';

/**
 * A stored report as the server reads it back: its completion time a Date, and its wizard data as saved
 * (it passed the schema at submit, but groups or fields added since may be missing).
 */
export type StoredReportCsvInput = Omit<ReportCsvInput, 'completedAt' | 'wizardData'> & {
  completedAt: Date;
  wizardData: Partial<WizardData> | null;
};

const EMPTY = emptyWizardData();

/**
 * Fills groups or fields added since the data was stored. A plain merge rather than a schema parse because
 * an export runs it for every row (the parse was most of the export's time).
 */
export function withStoredDefaults(stored: Partial<WizardData> | null): WizardData {
  const d = stored ?? {};
  return {
    ...EMPTY,
    ...d,
    initialChecks: { ...EMPTY.initialChecks, ...d.initialChecks },
    standbyMode: { ...EMPTY.standbyMode, ...d.standbyMode },
    radiators: { ...d.radiators, roomChecks: d.radiators?.roomChecks ?? {} },
    heatingMode: { ...EMPTY.heatingMode, ...d.heatingMode },
    dhwChecks: { ...EMPTY.dhwChecks, ...d.dhwChecks },
    photosSignature: { ...EMPTY.photosSignature, ...d.photosSignature },
  };
}

const QUOTE = /"/g;

/**
 * csvLine (every cell quoted, quotes doubled, CRLF) without its CSV library's per-call set-up, a tenth of
 * the CPU of building the rows; a test holds it equal to csvLine for any text.
 */
export function quotedCsvLine(cells: readonly string[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    line += `${i === 0 ? '"' : ',"'}${cell.includes('"') ? cell.replace(QUOTE, '""') : cell}"`;
  }
  return line + CSV_LINE_END;
}

/**
 * One stored report's CSV line, of format REPORT_CSV_FORMAT: what the server keeps with a report when it is
 * submitted and what an export builds for a report without a kept line. A test holds it equal to
 * csvLine(reportCsvRow(...)) over schema-checked data.
 */
export function reportCsvLine(report: StoredReportCsvInput): string {
  return quotedCsvLine(
    reportCsvRow({
      ...report,
      completedAt: report.completedAt.toISOString(),
      wizardData: withStoredDefaults(report.wizardData),
    }),
  );
}
