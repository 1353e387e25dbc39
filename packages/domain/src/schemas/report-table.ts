import { z } from 'zod';
import { REPORT_TABLE_SORTS, REPORT_VERDICTS } from '../format/report-verdicts.js';
import { calendarDate } from './common.js';

/** The reports screen's table: one row per flat of one site, found by site id. */
export const reportTableQuery = z
  .object({
    siteId: z.uuid({ message: 'Choose a site' }),
    verdict: z.enum(REPORT_VERDICTS).optional(),
    engineer: z.string().trim().max(200).optional(),
    from: calendarDate('From').optional(),
    to: calendarDate('To').optional(),
    q: z.string().trim().max(200).optional(),
    sort: z.enum(REPORT_TABLE_SORTS).default('address'),
    dir: z.enum(['asc', 'desc']).default('asc'),
    /** The opaque position after which the page starts (the previous page's `next`). */
    after: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must be on or before To', path: ['to'] });
export type ReportTableQuery = z.infer<typeof reportTableQuery>;

export const reportTableRowSchema = z.object({
  propertyId: z.string(),
  address: z.string(),
  propertyType: z.string(),
  verdict: z.enum(REPORT_VERDICTS),
  /** The flat's latest report, null when it has none. */
  report: z
    .object({
      id: z.string(),
      completedAt: z.string(),
      engineerName: z.string(),
      hiuModel: z.string(),
      hiuSerial: z.string(),
      pdfFilename: z.string(),
      /** HIU-<year>-<number>. */
      reference: z.string(),
      failedStep: z.number().int().nullable(),
      notes: z.string(),
      /** Why it failed, each with the reading and the range it was judged against where there is one. */
      failures: z.array(z.string()),
      earlierReports: z.number().int(),
    })
    .nullable(),
});
export type ReportTableRow = z.infer<typeof reportTableRowSchema>;

export const reportTableCountsSchema = z.object({
  total: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  notTested: z.number().int(),
});
export type ReportTableCounts = z.infer<typeof reportTableCountsSchema>;

export const reportTablePageSchema = z.object({
  items: z.array(reportTableRowSchema),
  /** Rows matching the filters. */
  total: z.number().int(),
  /** Pass as `after` for the next page; null on the last page. */
  next: z.string().nullable(),
  /** Every flat of the site by current verdict (filters not applied). */
  counts: reportTableCountsSchema,
  /** Engineers of the flats' latest reports, for the filter. */
  engineers: z.array(z.string()),
});
export type ReportTablePage = z.infer<typeof reportTablePageSchema>;

/** A site with reports, by identity: two sites of one name stay apart, a renamed one keeps its reports. */
export const reportSiteSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  location: z.string(),
  /** Every report of the site, earlier attempts included, and how many passed and failed. */
  reports: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
});
export type ReportSite = z.infer<typeof reportSiteSchema>;
