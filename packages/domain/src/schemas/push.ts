import { z } from 'zod';

/** The server's VAPID public key, which a browser subscribes with (docs/product.md#push-notifications). */
export const pushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

const base64url = (what: string, min: number, max: number) =>
  z
    .string()
    .min(min, `The ${what} is too short`)
    .max(max, `The ${what} is too long`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `The ${what} must be base64url`);

/** A browser's push subscription, as PushSubscription.toJSON() gives it. */
export const pushSubscriptionBody = z.object({
  endpoint: z.string().min(1, 'The push address is missing').max(2000, 'The push address is too long'),
  keys: z.object({
    // An uncompressed P-256 point is 65 bytes (87 characters), the auth secret 16 bytes (22).
    p256dh: base64url('p256dh key', 80, 100),
    auth: base64url('auth secret', 20, 30),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushEndpointBody = z.object({ endpoint: z.string().min(1).max(2000) });

/** What a push message carries; the service worker shows it as a notification that opens `link`. */
export const pushMessageSchema = z.object({ id: z.string(), title: z.string(), body: z.string(), link: z.string() });
export type PushMessage = z.infer<typeof pushMessageSchema>;
