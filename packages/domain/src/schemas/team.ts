import { z } from 'zod';
import { MAX_REVIEW_REASON, REVIEW_STATES } from '../review/review-state.js';
import { MARKABLE_ITEM_IDS, MARKABLE_ITEMS } from '../review/markable-items.js';
import { packIssueSchema } from '../packs/pack-issue-schema.js';
import { overallStatusSchema } from './report.js';
import { propertyStatusSchema } from './property-status.js';
import { roleSchema } from './user.js';
import { calendarDate } from './common.js';

/** An item a reviewer may mark when sending a report back (review/markable-items.ts). */
export const markableItemId = z.enum(MARKABLE_ITEM_IDS, { message: 'Choose an answer or a recorded value' });

export const reviewStateSchema = z.enum(REVIEW_STATES);

/** A member of a site, as the site's Members panel lists them. */
export const siteMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  active: z.boolean(),
  addedAt: z.string(),
});
export type SiteMember = z.infer<typeof siteMemberSchema>;

/** Adding a person to a site's members: who, from the people not on it yet. */
export const addMemberForm = z.object({ userId: z.string().min(1, 'Choose a person to add') });

/**
 * The revision the reviewer read: a decision on a report corrected since is refused (409), so no approval lands
 * on values its reviewer never saw. Omitted, the decision is on whatever revision is current.
 */
const reviewedRevision = z.number().int().min(1).max(100_000).optional();

export const reviewBody = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({ decision: z.literal('approve'), revision: reviewedRevision }),
    z.strictObject({
      decision: z.literal('send_back'),
      revision: reviewedRevision,
      reason: z
        .string({ message: 'Say why the report is sent back' })
        .trim()
        .min(1, 'Say why the report is sent back')
        .max(MAX_REVIEW_REASON, `At most ${MAX_REVIEW_REASON} characters`),
      /** The answers and recorded values the reviewer marks as concerned; the engineer's re-test shows them. */
      fields: z.array(markableItemId).max(MARKABLE_ITEMS.length).optional(),
    }),
  ],
  { message: 'decision must be approve or send_back' },
);
export type ReviewBody = z.infer<typeof reviewBody>;

export const reviewResultSchema = z.object({
  id: z.uuid(),
  reviewState: reviewStateSchema,
  reviewedAt: z.string().nullable(),
  reviewReason: z.string().nullable(),
  reviewFields: z.array(z.string()),
});

/** Assign one property, a selection, or every property of the site matching a filter. */
export const assignBody = z
  .strictObject({
    engineerId: z.uuid({ message: 'Choose an engineer' }),
    dueDate: calendarDate('Due date').nullable().optional(),
    propertyIds: z.array(z.uuid()).min(1, 'Choose at least one property').max(20_000).optional(),
    filter: z
      .strictObject({
        q: z.string().trim().max(300).optional(),
        propertyType: z.string().trim().max(100).optional(),
      })
      .optional(),
  })
  .refine((b) => (b.propertyIds === undefined) !== (b.filter === undefined), {
    message: 'Send either propertyIds or filter',
    path: ['propertyIds'],
  });
export type AssignBody = z.infer<typeof assignBody>;

export const assignResultSchema = z.object({ assigned: z.number().int() });

/** One of the engineer's assigned properties that is not approved yet. */
export const myAssignmentSchema = z.object({
  propertyId: z.uuid(),
  siteId: z.uuid(),
  siteName: z.string(),
  address: z.string(),
  propertyType: z.string(),
  dueDate: z.string().nullable(),
  assignedAt: z.string(),
  status: propertyStatusSchema,
  /** The review of the property's latest report; null before any report. */
  reviewState: reviewStateSchema.nullable(),
  /** The property's latest report, its verdict, and why it was sent back with the fields marked. */
  latestReportId: z.uuid().nullable(),
  overallStatus: overallStatusSchema.nullable(),
  reviewReason: z.string().nullable(),
  reviewFields: z.array(z.string()),
  /** The latest report's time, HIU model and serial: a re-test starts from the same unit. */
  latestReportAt: z.string().nullable(),
  latestHiuModel: z.string().nullable(),
  latestHiuSerial: z.string().nullable(),
  /** A test pack's device identity on the latest report (the heat meter's serial ...), by field key. */
  latestPackIdentity: z.record(z.string(), z.string()).optional(),
  /** A test pack's issues still open on the latest report: kept on the phone, so a re-test offline has them. */
  openIssues: z.array(packIssueSchema).optional(),
});
export type MyAssignment = z.infer<typeof myAssignmentSchema>;

/** An active engineer of a site: whom its flats can be assigned to. */
export const siteEngineerSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type SiteEngineer = z.infer<typeof siteEngineerSchema>;

/** Who has each of a page of a site's properties (the assignment screen). */
export const propertyAssignmentSchema = z.object({
  propertyId: z.uuid(),
  engineerId: z.uuid(),
  engineerName: z.string(),
  dueDate: z.string().nullable(),
});
export type PropertyAssignment = z.infer<typeof propertyAssignmentSchema>;

export const propertyAssignmentsQuery = z.object({
  propertyId: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(z.uuid()).min(1).max(200)),
});

/** Take properties off whoever they are assigned to. */
export const unassignBody = z.strictObject({
  propertyIds: z.array(z.uuid()).min(1, 'Choose at least one property').max(20_000),
});

/** The names an entry's ids stand for, joined by the server when it reads the page (docs/product.md#history). */
export const auditNamesSchema = z.object({
  site: z.string().nullable(),
  /** The flat's address. */
  property: z.string().nullable(),
  /** The report's reference (HIU-2026-000123). */
  report: z.string().nullable(),
  /** The person the entry is about: the user, the member, the assigned engineer, the draft's engineer. */
  person: z.string().nullable(),
  /** The engineer a flat was assigned to before a re-assignment. */
  previousPerson: z.string().nullable(),
  /** The reference of the report a re-test re-tests. */
  retestOf: z.string().nullable(),
});
export type AuditNames = z.infer<typeof auditNamesSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** The site and property the change belongs to, where it belongs to one: their History panels list it. */
  siteId: z.string().nullable(),
  propertyId: z.string().nullable(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  names: auditNamesSchema.optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuery = z.object({
  entityType: z.string().max(40).optional(),
  entityId: z.string().max(100).optional(),
  siteId: z.uuid().optional(),
  propertyId: z.uuid().optional(),
  actorId: z.uuid().optional(),
  action: z.string().max(40).optional(),
  /** Inclusive days, in UTC. */
  from: calendarDate('From').optional(),
  to: calendarDate('To').optional(),
  /** Keyset: entries older than this id (the previous page's `nextBefore`). */
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextBefore: z.number().int().nullable(),
});

/** One report waiting in a site's review queue (oldest first). */
export const reviewQueueItemSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  propertyId: z.string().nullable(),
  propertyAddress: z.string(),
  engineerId: z.string().nullable(),
  engineerName: z.string(),
  completedAt: z.string(),
  overallStatus: overallStatusSchema,
  /** The step at which the device failed (the check stopped there); null for a reading out of range. */
  failedStep: z.number().int().nullable(),
  failureReasons: z.array(z.string()),
  revision: z.number().int(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

export const reviewQueueQuery = z.object({
  engineerId: z.uuid().optional(),
  verdict: overallStatusSchema.optional(),
  /** Keyset: the previous page's `next`. */
  after: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z\|[0-9a-f-]{36}$/i, 'after must be the next value of the previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const reviewQueuePageSchema = z.object({
  items: z.array(reviewQueueItemSchema),
  /** Every report of the site awaiting review under these filters. */
  total: z.number().int(),
  next: z.string().nullable(),
});
export type ReviewQueuePage = z.infer<typeof reviewQueuePageSchema>;

/** How many reports await review on each site the caller reviews (the supervisor's home). */
export const reviewCountSchema = z.object({ siteId: z.uuid(), siteName: z.string(), awaiting: z.number().int() });
export type ReviewCount = z.infer<typeof reviewCountSchema>;
