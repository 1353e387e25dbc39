import { z } from 'zod';

/** The events a webhook endpoint can ask for; `webhook.test` is sent by "Send test event". */
export const WEBHOOK_EVENT_TYPES = [
  'report.submitted',
  'report.approved',
  'report.sent_back',
  'property.assigned',
  'evidence_pack.built',
  'handover.signed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'report.submitted': 'A report is submitted',
  'report.approved': 'A report is approved',
  'report.sent_back': 'A report is sent back',
  'property.assigned': 'Properties are assigned to an engineer',
  'evidence_pack.built': "A site's evidence pack is built",
  'handover.signed': 'A handover is signed off',
  'webhook.test': 'Test event',
};

export const MAX_WEBHOOK_URL = 2000;

const webhookUrl = z
  .string({ message: 'Enter the address that receives the events' })
  .trim()
  .min(1, 'Enter the address that receives the events')
  .max(MAX_WEBHOOK_URL, `At most ${MAX_WEBHOOK_URL} characters`)
  .refine((v) => URL.canParse(v), 'Enter a full address, such as https://example.com/hooks/hiu');

const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { message: `Events must be among: ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .min(1, 'Choose at least one event')
  .transform((events) => [...new Set(events)]);

export const webhookCreateBody = z.strictObject({
  url: webhookUrl,
  description: z.string().trim().max(200, 'At most 200 characters').default(''),
  events: webhookEvents,
});
export type WebhookCreateBody = z.input<typeof webhookCreateBody>;

export const webhookUpdateBody = z.strictObject({
  url: webhookUrl.optional(),
  description: z.string().trim().max(200, 'At most 200 characters').optional(),
  events: webhookEvents.optional(),
  /** Turning an endpoint back on clears the reason it was turned off. */
  active: z.boolean().optional(),
});
export type WebhookUpdateBody = z.input<typeof webhookUpdateBody>;

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  /** Until when the previous secret still signs beside the new one, after a rotation. */
  previousSecretUntil: z.string().nullable(),
  lastDelivery: z.object({ at: z.string(), ok: z.boolean(), statusCode: z.number().nullable() }).nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The secret is shown once: when an endpoint is made and when its secret is rotated. */
export const webhookWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number(),
  eventId: z.uuid(),
  eventType: z.string(),
  attempt: z.number(),
  at: z.string(),
  ok: z.boolean(),
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  error: z.string().nullable(),
  responseExcerpt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  nextCursor: z.number().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

/** What every delivery's body is: the Standard Webhooks envelope. */
export const webhookEnvelopeSchema = z.object({
  type: z.string(),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
