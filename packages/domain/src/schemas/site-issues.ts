import { z } from 'zod';
import { ISSUE_OWNERS } from '../packs/cp1-ts1.js';
import { calendarDate } from './common.js';

/**
 * An issue of the whole network on a site (docs/product.md#network-wide-issues): something wrong that applies to
 * every flat, such as the plant's flow temperature or a riser's insulation, recorded once by the office rather
 * than on each flat's check. Every report of the site and its evidence pack carry the open ones.
 */
export const siteIssueBody = z.strictObject({
  description: z
    .string({ message: 'Say what is wrong' })
    .trim()
    .min(1, 'Say what is wrong')
    .max(500, 'At most 500 characters'),
  owner: z.enum(ISSUE_OWNERS, { message: 'Choose who must act' }),
  due: calendarDate('Due date'),
});
export type SiteIssueBody = z.infer<typeof siteIssueBody>;

/** Closing an issue: how it was put right. */
export const siteIssueResolveBody = z.strictObject({
  closingComment: z
    .string({ message: 'Say how it was put right' })
    .trim()
    .min(1, 'Say how it was put right')
    .max(500, 'At most 500 characters'),
});
export type SiteIssueResolveBody = z.infer<typeof siteIssueResolveBody>;

export const siteIssueSchema = z.object({
  id: z.uuid(),
  siteId: z.uuid(),
  description: z.string(),
  owner: z.enum(ISSUE_OWNERS),
  due: z.string(),
  resolved: z.boolean(),
  closingComment: z.string().nullable(),
  closedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  raisedBy: z.string().nullable(),
  raisedAt: z.string(),
});
export type SiteIssue = z.infer<typeof siteIssueSchema>;
