import { reportPdfFilename, type ReportSummary } from '@hiu/domain';
import { reports } from '../db/schema.js';

type ReportRow = typeof reports.$inferSelect;

/** Everything the list needs, never the data, ranges or PDF. */
export const summaryColumns = {
  id: reports.id,
  userId: reports.userId,
  siteId: reports.siteId,
  siteName: reports.siteName,
  propertyId: reports.propertyId,
  propertyAddress: reports.propertyAddress,
  dwellingType: reports.dwellingType,
  hiuModel: reports.hiuModel,
  hiuSerial: reports.hiuSerial,
  engineerName: reports.engineerName,
  startTime: reports.startTime,
  completedAt: reports.completedAt,
  overallStatus: reports.overallStatus,
  notes: reports.notes,
  pdfFilename: reports.pdfFilename,
  failedStep: reports.failedStep,
  failureReasons: reports.failureReasons,
  reference: reports.reference,
  siteLocation: reports.siteLocation,
  reviewState: reports.reviewState,
};
export type SummaryRow = { [K in keyof typeof summaryColumns]: ReportRow[K] };

export function toSummary(row: SummaryRow): ReportSummary & { userId: string | null } {
  // The download name is made from the report as it is, so reports filed before names were given get it too.
  return { ...row, completedAt: row.completedAt.toISOString(), pdfFilename: reportPdfFilename(row) };
}
