import { z } from 'zod';
import { shortText } from '../schemas/common.js';
import { ISSUE_OWNERS } from './cp1-ts1.js';

/**
 * One item of a check's issues list: what is wrong, who must act, by when, and whether it is put right. The one
 * description of an issue: the check, the dashboard and the evidence pack's summary all take their type from it.
 */
export const packIssueSchema = z.object({
  id: z.uuid(),
  /** May be blank while typed (drafts keep it); Next on its step asks for it. */
  description: shortText(500).default(''),
  owner: z.enum(ISSUE_OWNERS, { message: 'Choose who must act' }),
  /** yyyy-mm-dd, or '' when none was given. */
  due: z.union([z.literal(''), z.iso.date({ message: 'Must be a date' })]).default(''),
  resolved: z.boolean().default(false),
  /** The pack field whose answer raised it (version 3 on), so the answer's step shows it and keeps it. */
  source: z.string().trim().min(1).max(40).optional(),
  /** How it was put right, said when it is marked resolved (version 3 on asks for it). */
  closingComment: shortText(500).optional(),
  /** A photo of the check showing it put right: the photo's id. */
  closingPhotoId: z.uuid().optional(),
  /** Who marked it resolved: the engineer who sent the report (the server's name for them). */
  closedBy: shortText(120).optional(),
  /** When it was marked resolved. */
  closedAt: z.iso.datetime({ offset: true }).optional(),
});

/** An issue as a check stores it. */
export type PackIssue = z.output<typeof packIssueSchema>;
