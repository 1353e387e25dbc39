import type { PushKey } from '@hiu/domain';
import { api, ApiError } from '../../lib/api-client';

/**
 * Push notifications on this phone or browser (docs/product.md#push-notifications): subscribing through the
 * browser's push service with the server's VAPID key, and telling the server where to send.
 */

/** Whether this browser can receive push at all (iPhones only from the app added to the home screen). */
export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The server's key, or null when the server sends no push. */
export async function serverPushKey(): Promise<string | null> {
  try {
    return (await api.get<PushKey>('/api/push/key')).publicKey;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

// Who asked for push on this browser: on a shared phone only they get it back when the app opens.
const wishKey = (userId: string) => `hiu-push-wanted:${userId}`;
const wants = (userId: string) => localStorage.getItem(wishKey(userId)) === '1';

/** Why push could not be turned on, in words for the person. */
export class PushNotTurnedOn extends Error {}

const bytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

async function registration(): Promise<ServiceWorkerRegistration> {
  const reg = await navigator.serviceWorker.getRegistration();
  if (!reg) throw new PushNotTurnedOn('The app is still being set up on this phone. Reload the page and try again.');
  return reg;
}

/** This browser's subscription with the server's current key, made if it has none, and sent to the server. */
async function subscribeWith(reg: ServiceWorkerRegistration, key: string): Promise<void> {
  let sub = await reg.pushManager.getSubscription();
  const current = sub?.options.applicationServerKey;
  // A subscription made with an older key is refused by the push service: it is made again.
  if (
    sub &&
    current &&
    btoa(String.fromCharCode(...new Uint8Array(current))) !== btoa(String.fromCharCode(...bytes(key)))
  ) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(key) });
  await api.put('/api/push/subscription', sub.toJSON());
}

/** Asks the person's leave (the browser's own question) and subscribes; throws PushNotTurnedOn with the reason. */
export async function turnOnPush(userId: string): Promise<void> {
  if (!pushSupported())
    throw new PushNotTurnedOn(
      'This browser cannot show notifications. On an iPhone, add the app to the home screen and open it from there.',
    );
  const key = await serverPushKey();
  if (!key) throw new PushNotTurnedOn('This server does not send notifications to phones.');
  const answer = await Notification.requestPermission();
  if (answer === 'denied')
    throw new PushNotTurnedOn(
      "Notifications are blocked for this app. Allow them in the browser's or the phone's settings, then try again.",
    );
  if (answer !== 'granted') throw new PushNotTurnedOn('Notifications were not allowed. You can try again at any time.');
  try {
    await subscribeWith(await registration(), key);
    localStorage.setItem(wishKey(userId), '1');
  } catch (err) {
    if (err instanceof PushNotTurnedOn || err instanceof ApiError) throw err;
    throw new PushNotTurnedOn(
      `This browser's push service did not answer (${(err as Error).message}). Check the connection and try again.`,
    );
  }
}

/** Stops push to this browser: the server forgets it and the browser drops its subscription. */
export async function turnOffPush(userId: string): Promise<void> {
  localStorage.removeItem(wishKey(userId));
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  await api.delete('/api/push/subscription', { endpoint: sub.endpoint });
  await sub.unsubscribe();
}

/** Whether this person asked for push here and the browser is subscribed now. */
export async function pushIsOnHere(userId: string): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'granted' || !wants(userId)) return false;
  const reg = await navigator.serviceWorker.getRegistration();
  return Boolean(await reg?.pushManager.getSubscription());
}

/**
 * When the app opens: for a person who asked for push here, subscribes again if the browser dropped the
 * subscription (push services expire them) and tells the server, which may have dropped one its push service
 * called gone. For anyone else, a subscription left by the previous person on a shared phone is stopped.
 */
export async function keepPushSubscription(userId: string): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const reg = await navigator.serviceWorker.getRegistration();
  if (!reg) return;
  if (!wants(userId)) {
    const left = await reg.pushManager.getSubscription();
    if (left) await api.delete('/api/push/subscription', { endpoint: left.endpoint });
    return;
  }
  const key = await serverPushKey();
  if (key) await subscribeWith(reg, key);
}
