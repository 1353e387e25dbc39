import Papa from 'papaparse';
import { isDecimalOrEmpty, isEntered } from '../numbers.js';
import { INITIAL_CHECKS } from '../rules/catalogue.js';
import type { ReportSummary } from '../schemas/report.js';
import type { WizardData } from '../schemas/wizard-data.js';
import { formatDateTime, formatDuration } from '../format/dates.js';
import { formatLocation, stepStampsText } from '../format/evidence.js';
import { formatSeconds } from '../rules/forty-five.js';
import { notApplicableText, stepNotApplicable } from '../rules/radiators-not-applicable.js';

/**
 * The per-site report export (docs/product.md#csv-export): the spec's columns and order, with the
 * eleven columns of the phantom "heatingChecks" reading replaced by what the wizard records, in step order,
 * then the field evidence columns.
 */
export const REPORT_CSV_COLUMNS = [
  'Property Address',
  'Site Name',
  'Dwelling Type',
  'HIU Model',
  'HIU Serial',
  'Engineer Name',
  'Overall Status',
  'Start Time',
  'Completed At',
  'Duration',
  'Meter Start Reading',
  'Meter End Reading',
  'Remote Cut Off Valve Serial',
  'Bypass Valve Closed',
  'Strainer Clean',
  'Transit Clips Removed',
  'Meter OK',
  'System Pressure',
  'Standby Flow Temp',
  'Standby Return Temp',
  'Standby Flow Rate',
  'Radiator Rooms Checked',
  'Heating Secondary Flow Temp',
  'Heating Secondary Return Temp',
  'Heating Primary Flow Temp',
  'Heating Primary Return Temp',
  'Heating Power',
  'CWS Temp',
  'Reached 45C in 45s',
  'DHW Kitchen Tap Temp',
  'DHW Primary Flow Temp',
  'DHW Primary Return Temp',
  'DHW Power',
  'Photos Uploaded',
  'Heating Controller Confirmed',
  'Signature Captured',
  'Notes',
  // Field evidence (docs/product.md#field-tools), after the spec's columns so their positions never move.
  'Time to 45C',
  '45C Answer Override Reason',
  'Steps Completed',
  'Location at Submit',
] as const;

export type ReportCsvColumn = (typeof REPORT_CSV_COLUMNS)[number];

/**
 * The version of what reportCsvRow makes of a report. The server keeps each submitted report's line (a
 * submitted report never changes) and rebuilds any line of another version, so bump this with every change
 * to the columns or to how a value is written; a test pins the line of a full report to this number.
 */
export const REPORT_CSV_FORMAT = 1;

/** What one CSV row is built from: the copied names of a report plus its canonical data. */
export type ReportCsvInput = Pick<
  ReportSummary,
  | 'propertyAddress'
  | 'siteName'
  | 'dwellingType'
  | 'hiuModel'
  | 'hiuSerial'
  | 'engineerName'
  | 'overallStatus'
  | 'startTime'
  | 'completedAt'
  | 'notes'
> & { wizardData: WizardData };

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Spreadsheet formula-injection guard (OWASP "CSV Injection"): a cell that a spreadsheet would read as a
 * formula gets a leading single quote. Plain numbers such as -1.5 are left as they are.
 */
export function neutraliseCsvCell(value: string): string {
  if (!FORMULA_START.test(value)) return value;
  if (isDecimalOrEmpty(value) && value.trim() === value) return value;
  return `'${value}`;
}

/** Step 2 and 6 answers: Yes, No, or N/A when never answered. */
export function yesNoNa(value: boolean | null | undefined): 'Yes' | 'No' | 'N/A' {
  return value === true ? 'Yes' : value === false ? 'No' : 'N/A';
}

const yesNo = (value: boolean): 'Yes' | 'No' => (value ? 'Yes' : 'No');

/** "Hall: 2.5 (expected 2.5)"; "Hall: 3" when the site had no expected setting; "Hall: not entered (...)". */
export function roomCheckText(
  room: string,
  check: { valveSetting: string; expectedValveSetting: string; notApplicable?: boolean; notApplicableReason?: string },
): string {
  if (check.notApplicable) return `${room}: ${notApplicableText(check.notApplicableReason)}`;
  const got = check.valveSetting.trim() || 'not entered';
  const expected = check.expectedValveSetting.trim();
  return expected ? `${room}: ${got} (expected ${expected})` : `${room}: ${got}`;
}

export function photosText(count: number): string {
  return count > 0 ? `${count} photo(s)` : 'No photos';
}

/** One report as its CSV cells, in REPORT_CSV_COLUMNS order, already neutralised. */
export function reportCsvRow(report: ReportCsvInput): string[] {
  const d = report.wizardData;
  const checks = Object.fromEntries(INITIAL_CHECKS.map((c) => [c.key, yesNoNa(d.initialChecks[c.key])]));
  const p = d.photosSignature;
  const t = (v: string) => v.trim();
  const cells: Record<ReportCsvColumn, string> = {
    'Property Address': report.propertyAddress,
    'Site Name': report.siteName,
    'Dwelling Type': report.dwellingType,
    'HIU Model': report.hiuModel,
    'HIU Serial': report.hiuSerial,
    'Engineer Name': report.engineerName,
    'Overall Status': report.overallStatus,
    'Start Time': formatDateTime(report.startTime),
    'Completed At': formatDateTime(report.completedAt),
    Duration: formatDuration(report.startTime, report.completedAt),
    'Meter Start Reading': t(d.meterStart),
    'Meter End Reading': t(p.meterEnd),
    'Remote Cut Off Valve Serial': t(p.remoteCutOffValveSerial),
    'Bypass Valve Closed': checks.bypassClosed!,
    'Strainer Clean': checks.strainerClean!,
    'Transit Clips Removed': checks.clipsRemoved!,
    'Meter OK': checks.meterOk!,
    'System Pressure': t(d.initialChecks.systemPressure),
    'Standby Flow Temp': t(d.standbyMode.flowTemp),
    'Standby Return Temp': t(d.standbyMode.returnTemp),
    'Standby Flow Rate': t(d.standbyMode.flowRate),
    'Radiator Rooms Checked': stepNotApplicable(d.radiators)
      ? notApplicableText(d.radiators.notApplicableReason)
      : Object.entries(d.radiators.roomChecks)
          .map(([room, check]) => roomCheckText(room, check))
          .join('; '),
    'Heating Secondary Flow Temp': t(d.heatingMode.tertiaryFlow),
    'Heating Secondary Return Temp': t(d.heatingMode.tertiaryReturn),
    'Heating Primary Flow Temp': t(d.heatingMode.primaryFlow),
    'Heating Primary Return Temp': t(d.heatingMode.primaryReturn),
    'Heating Power': t(d.heatingMode.powerConsumption),
    'CWS Temp': t(d.dhwChecks.cwsTemp),
    'Reached 45C in 45s': yesNoNa(d.dhwChecks.fortyFiveIn45),
    'DHW Kitchen Tap Temp': t(d.dhwChecks.dhwKitchenTap),
    'DHW Primary Flow Temp': t(d.dhwChecks.primaryFlow),
    'DHW Primary Return Temp': t(d.dhwChecks.primaryReturn),
    'DHW Power': t(d.dhwChecks.dhwPower),
    'Photos Uploaded': photosText(p.photos.length),
    'Heating Controller Confirmed': yesNo(p.heatingControllerSet === true),
    'Signature Captured': yesNo(isEntered(p.signature)),
    Notes: report.notes,
    'Time to 45C': formatSeconds(d.dhwChecks.fortyFiveSeconds),
    '45C Answer Override Reason': d.dhwChecks.fortyFiveOverrideReason,
    'Steps Completed': stepStampsText(d),
    'Location at Submit': d.submitLocation ? formatLocation(d.submitLocation) : '',
  };
  return REPORT_CSV_COLUMNS.map((c) => neutraliseCsvCell(cells[c]));
}

export const CSV_LINE_END = '\r\n';

/** One CSV line (with its line end): every value quoted, quotes doubled (docs/product.md#csv-export, RFC 4180). */
export function csvLine(cells: readonly string[]): string {
  return Papa.unparse([cells as string[]], { quotes: true, header: false, newline: CSV_LINE_END }) + CSV_LINE_END;
}

export function reportCsvHeaderLine(): string {
  return csvLine(REPORT_CSV_COLUMNS);
}

/** The whole file for a handful of reports; the server streams line by line instead. */
export function reportsCsv(reports: readonly ReportCsvInput[]): string {
  return reportCsvHeaderLine() + reports.map((r) => csvLine(reportCsvRow(r))).join('');
}
