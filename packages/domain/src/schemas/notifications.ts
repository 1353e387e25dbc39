import { z } from 'zod';
import type { ROLES } from './roles.js';

/** What an inbox entry is about (docs/product.md#notifications). */
export const NOTIFICATION_KINDS = [
  'report_sent_back',
  'flats_assigned',
  'account_changed',
  'pack_ready',
  'handover_signed',
  'flats_due',
  'reviews_waiting',
  'sign_off_requested',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** The kinds a role can be told of: what its choices of email list (an engineer builds no packs). */
export const NOTIFICATION_KINDS_BY_ROLE: Record<(typeof ROLES)[number], readonly NotificationKind[]> = {
  engineer: ['report_sent_back', 'flats_assigned', 'flats_due', 'account_changed'],
  supervisor: ['reviews_waiting', 'account_changed', 'pack_ready', 'handover_signed'],
  admin: ['reviews_waiting', 'account_changed', 'pack_ready', 'handover_signed'],
  client: ['sign_off_requested', 'account_changed', 'pack_ready'],
  assessor: ['sign_off_requested', 'account_changed', 'pack_ready'],
};

/** One entry of my inbox: what happened, in a sentence, and where in the app it is. */
export const inboxEntrySchema = z.object({
  id: z.uuid(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** A path of the web app: the flat or report the entry is about. */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type InboxEntry = z.infer<typeof inboxEntrySchema>;

/** A page of my inbox, newest first; `next` asks for the page after it, null on the last. */
export const inboxPageSchema = z.object({
  items: z.array(inboxEntrySchema),
  next: z.string().nullable(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const inboxPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
  after: z.string().max(200).optional(),
});

/** Whether I get an email of each kind (every kind is on until I turn it off). */
export const emailPreferencesSchema = z.array(
  z.object({ kind: notificationKindSchema, label: z.string(), email: z.boolean() }),
);
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export const emailPreferenceBody = z.strictObject({ kind: notificationKindSchema, email: z.boolean() });
export type EmailPreferenceBody = z.infer<typeof emailPreferenceBody>;

/** A mail being retried after a refusal, or failed for good, for admins: to whom, what, the SMTP server's last answer. */
export const mailFailureSchema = z.object({
  notificationId: z.string(),
  to: z.string().nullable(),
  subject: z.string().nullable(),
  state: z.enum(['retrying', 'failed']),
  reason: z.string().nullable(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** When it is tried again; null once failed for good. */
  nextAttemptAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type MailFailure = z.infer<typeof mailFailureSchema>;
