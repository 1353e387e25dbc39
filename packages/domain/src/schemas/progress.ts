import { z } from 'zod';
import { propertySchema } from './site.js';
import { propertyStatusSchema } from './property-status.js';
import { reportSummarySchema } from './report.js';

/** A property in the engineer's picker (and the admin list): the property and where it stands. */
export const propertyWithStatusSchema = propertySchema.extend({
  status: propertyStatusSchema,
  /** Completion time of the latest report, when there is one. */
  latestReportAt: z.string().nullable(),
  /**
   * What a re-test starts with filled in: the latest report's HIU model and serial, and its test pack's device
   * identity by field key (the heat meter's serial ...), less any value its reviewer marked to check again.
   */
  latestHiuModel: z.string().nullable().default(null),
  latestHiuSerial: z.string().nullable().default(null),
  latestPackIdentity: z.record(z.string(), z.string()).optional(),
});
export type PropertyWithStatus = z.infer<typeof propertyWithStatusSchema>;

/** GET /api/sites/:id/progress: the site's properties counted by status. */
export const siteProgressSchema = z.object({
  total: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  inProgress: z.number().int(),
  notStarted: z.number().int(),
});
export type SiteProgress = z.infer<typeof siteProgressSchema>;

/** A property's latest report on the reports screen, with how many earlier reports it has (its history). */
export const latestReportSchema = reportSummarySchema.extend({ earlierReports: z.number().int() });
export type LatestReport = z.infer<typeof latestReportSchema>;
