import { z } from 'zod';
import { propertySchema } from './site.js';
import { propertyStatusSchema } from './property-status.js';
import { reportSummarySchema } from './report.js';

/** A property in the engineer's picker (and the admin list): the property and where it stands. */
export const propertyWithStatusSchema = propertySchema.extend({
  status: propertyStatusSchema,
  /** Completion time of the latest report, when there is one. */
  latestReportAt: z.string().nullable(),
  /** The latest report's HIU model and serial: a re-test starts with them filled in. */
  latestHiuModel: z.string().nullable().default(null),
  latestHiuSerial: z.string().nullable().default(null),
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
