import type { reports } from '../db/schema.js';

/** The report.submitted payload: the report as stored at submit, without its readings' raw data. */
export function submittedEvent(report: typeof reports.$inferInsert): Record<string, unknown> {
  return {
    reportId: report.id,
    reference: report.reference ?? null,
    siteId: report.siteId ?? null,
    siteName: report.siteName,
    propertyId: report.propertyId ?? null,
    propertyAddress: report.propertyAddress,
    hiuModel: report.hiuModel,
    hiuSerial: report.hiuSerial,
    engineerName: report.engineerName,
    completedAt: report.completedAt instanceof Date ? report.completedAt.toISOString() : report.completedAt,
    overallStatus: report.overallStatus,
    failureReasons: report.failureReasons,
    reviewState: report.reviewState ?? 'awaiting_review',
  };
}
