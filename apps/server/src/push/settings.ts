import { createECDH } from 'node:crypto';
import webpush from 'web-push';

/**
 * Web Push settings (docs/product.md#push-notifications): the VAPID key pair the server signs its messages with,
 * and the contact the push services may write to about them. `allowPrivate` lets a push service on this machine or
 * its network receive messages over http (PUSH_ALLOW_PRIVATE, for a test push service), as WEBHOOK_ALLOW_PRIVATE
 * does for webhook receivers.
 */
export interface PushSettings {
  publicKey: string;
  privateKey: string;
  subject: string;
  allowPrivate: boolean;
}

const NAMES = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;

/** The push settings from the environment; none set is push off, a part set or a bad one a clear error at start. */
export function pushSettings(env: NodeJS.ProcessEnv): PushSettings | undefined {
  const given = NAMES.filter((name) => env[name]);
  if (given.length === 0) return undefined;
  const missing = NAMES.filter((name) => !env[name]);
  if (missing.length > 0)
    throw new Error(`Push notifications need ${missing.join(' and ')} as well as ${given.join(' and ')}`);
  const settings = {
    publicKey: env.VAPID_PUBLIC_KEY!,
    privateKey: env.VAPID_PRIVATE_KEY!,
    subject: env.VAPID_SUBJECT!,
    allowPrivate: env.PUSH_ALLOW_PRIVATE === 'true',
  };
  const problem = vapidProblem(settings);
  if (problem) throw new Error(problem);
  return settings;
}

/** Why the key pair or subject would be refused, or null. Apple's push service refuses a subject that is not a real address. */
export function vapidProblem({ publicKey, privateKey, subject }: Omit<PushSettings, 'allowPrivate'>): string | null {
  if (!/^mailto:[^@\s]+@[^@\s]+\.[^@\s]+$/.test(subject) && !/^https:\/\/[^\s/]+\.[^\s]+$/.test(subject))
    return 'VAPID_SUBJECT must be a mailto: address (mailto:ops@example.com) or an https: address of your site';
  if (/localhost/i.test(subject)) return 'VAPID_SUBJECT must be a real address, not localhost';
  try {
    // The library's own checks of each key's form.
    webpush.getVapidHeaders('https://push.example.com', subject, publicKey, privateKey, 'aes128gcm');
  } catch (err) {
    return `VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: ${(err as Error).message} (make a pair with npx web-push generate-vapid-keys)`;
  }
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  if (!ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url')))
    return 'VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY (make a pair with npx web-push generate-vapid-keys)';
  return null;
}
