import { z } from 'zod';
import { MAX_REVIEW_REASON, REVIEW_STATES } from '../review/review-state.js';
import { propertyStatusSchema } from './property-status.js';
import { roleSchema } from './user.js';

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

export const reviewBody = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({ decision: z.literal('approve') }),
    z.strictObject({
      decision: z.literal('send_back'),
      reason: z
        .string({ message: 'Say why the report is sent back' })
        .trim()
        .min(1, 'Say why the report is sent back')
        .max(MAX_REVIEW_REASON, `At most ${MAX_REVIEW_REASON} characters`),
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
});

const isoDate = z.iso.date({ message: 'Use a date as YYYY-MM-DD' });

/** Assign one property, a selection, or every property of the site matching a filter. */
export const assignBody = z
  .strictObject({
    engineerId: z.uuid({ message: 'Choose an engineer' }),
    dueDate: isoDate.nullable().optional(),
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
});
export type MyAssignment = z.infer<typeof myAssignmentSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuery = z.object({
  entityType: z.string().max(40).optional(),
  entityId: z.string().max(100).optional(),
  /** Keyset: entries older than this id (the previous page's `nextBefore`). */
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextBefore: z.number().int().nullable(),
});
