import { z } from 'zod';
import { wizardDataSchema } from './wizard-data.js';
import { REVIEW_STATES } from '../review/review-state.js';
import { OVERALL_STATUSES } from '../rules/overall-status.js';
import { instantInWindow, notesText, timeOutsideWindow } from './common.js';

export const overallStatusSchema = z.enum(OVERALL_STATUSES);

/**
 * What a client sends to submit. The server derives names, verdict and PDF itself. Its start and
 * completion times lie within the date window; a draft's start time is not held to it, since a
 * draft is kept as it is, to be put right before it is submitted.
 */
export const createReportBody = z
  .strictObject({
    /** Client-made id: a retried submit with the same id stores the report once. */
    id: z.uuid(),
    wizardData: wizardDataSchema,
    notes: notesText,
    /** Set when the device failed: 2 = initial checks, 3 = standby. */
    failedStep: z
      .union([z.literal(2), z.literal(3)])
      .nullable()
      .default(null),
    completedAt: instantInWindow('Completion time'),
    draftId: z.uuid().optional(),
  })
  .superRefine((body, ctx) => {
    const message = timeOutsideWindow('Start time', body.wizardData.startTime);
    if (message) ctx.addIssue({ code: 'custom', path: ['wizardData', 'startTime'], message });
  });
export type CreateReportBody = z.input<typeof createReportBody>;

export const reportSummarySchema = z.object({
  id: z.uuid(),
  siteId: z.string().nullable(),
  siteName: z.string(),
  propertyId: z.string().nullable(),
  propertyAddress: z.string(),
  dwellingType: z.string(),
  hiuModel: z.string(),
  hiuSerial: z.string(),
  engineerName: z.string(),
  startTime: z.string(),
  completedAt: z.string(),
  overallStatus: overallStatusSchema,
  notes: z.string(),
  pdfFilename: z.string(),
  failedStep: z.number().int().nullable(),
  failureReasons: z.array(z.string()),
  /** HIU-<year>-<number>. */
  reference: z.string(),
  siteLocation: z.string(),
  /** Where the report is in review (docs/product.md#review). */
  reviewState: z.enum(REVIEW_STATES),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const reportSiteGroupSchema = z.object({
  siteId: z.string().nullable(),
  siteName: z.string(),
  count: z.number().int(),
  pass: z.number().int(),
  fail: z.number().int(),
});
export type ReportSiteGroup = z.infer<typeof reportSiteGroupSchema>;

export const rangesSchema = z.record(z.string(), z.object({ min: z.number().nullable(), max: z.number().nullable() }));

/** One revision of a report: as submitted (1), or as a correction left it, each with its own PDF. */
export const reportRevisionSchema = z.object({
  revision: z.number().int(),
  madeAt: z.string(),
  madeBy: z.string(),
  overallStatus: overallStatusSchema,
  /** The correction that made this revision; null for the report as submitted. */
  change: z
    .object({ field: z.string(), label: z.string(), before: z.string(), after: z.string(), reason: z.string() })
    .nullable(),
});
export type ReportRevision = z.infer<typeof reportRevisionSchema>;

/** A full report: the summary plus the data and the ranges it was judged against. */
export const reportDetailSchema = reportSummarySchema.extend({
  /** The engineer's user id (null once the user is deleted): nobody reviews their own report. */
  engineerId: z.string().nullable(),
  /** The test pack and version whose rules judged it. */
  testPack: z.object({ id: z.string(), version: z.number().int() }),
  wizardData: wizardDataSchema,
  ranges: rangesSchema,
  reviewedAt: z.string().nullable(),
  /** Why a reviewer sent the report back. */
  reviewReason: z.string().nullable(),
  reviewerName: z.string().nullable(),
  /** The recorded values the reviewer marked when sending it back. */
  reviewFields: z.array(z.string()),
  /** The sent-back report this one re-tests, if any. */
  retestOf: z.string().nullable(),
  /** The current revision: 1 as submitted, one more for each correction. */
  revision: z.number().int(),
  revisions: z.array(reportRevisionSchema),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;

/** GET /api/me/reports: the caller's own reports, newest first, a keyset page at a time (docs/product.md#my-reports). */
export const myReportsPageSchema = z.object({
  items: z.array(reportSummarySchema),
  /** Pass as `before` for the next page; null on the last. */
  next: z.string().nullable(),
});
export type MyReportsPage = z.infer<typeof myReportsPageSchema>;
