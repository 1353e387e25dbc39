import { z } from 'zod';

/** At most this many reports are approved in one request: a page of the review queue and then some. */
export const MAX_BULK_APPROVALS = 100;

/**
 * Approve several passing reports at once, each at the revision its reviewer saw in the queue: a report
 * corrected since, or failing, is refused on its own and the others are still approved.
 */
export const bulkApprovalBody = z.strictObject({
  reports: z
    .array(z.strictObject({ id: z.uuid(), revision: z.number().int().min(1).max(100_000) }))
    .min(1, 'Choose at least one report')
    .max(MAX_BULK_APPROVALS, `At most ${MAX_BULK_APPROVALS} reports at once`),
});
export type BulkApprovalBody = z.infer<typeof bulkApprovalBody>;

export const bulkApprovalResultSchema = z.object({
  approved: z.array(z.uuid()),
  /** Each report not approved, with why, in the words of a single refusal. */
  refused: z.array(z.object({ id: z.uuid(), reason: z.string() })),
});
export type BulkApprovalResult = z.infer<typeof bulkApprovalResultSchema>;
