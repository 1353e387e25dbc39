import webpush from 'web-push';
import type { PushMessage } from '@hiu/domain';
import type { Db } from '../db/client.js';
import type { JobHandler } from '../jobs/queue/runner.js';
import { postOutbound } from '../http/outbound/post.js';
import { urlProblem } from '../http/outbound/target-safety.js';
import { pushRepository } from './repository.js';
import type { PushSettings } from './settings.js';

/** A push service that has not answered by then is tried again later. */
const PUSH_TIMEOUT_MS = 10_000;
/** A phone switched off for a day has missed nothing it still needs: its inbox holds the entry. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * Sends one inbox entry to one subscribed phone or browser, encrypted for it and signed with the server's VAPID
 * key (the web-push library), over a connection to a public address only. Every message is shown as a
 * notification (a silent push makes iOS drop the subscription). A push service answering 404 or 410 has dropped
 * the subscription, so it is removed; any other refusal throws, and the queue tries again with backoff.
 */
export function pushJob(db: Db, settings: PushSettings): JobHandler {
  const repo = pushRepository(db);
  const vapidDetails = { subject: settings.subject, publicKey: settings.publicKey, privateKey: settings.privateKey };
  return async (job) => {
    const { notificationId, subscriptionId } = job.payload as { notificationId: string; subscriptionId: string };
    const found = await repo.forPush(notificationId, subscriptionId);
    // The entry or subscription is gone, the address moved to someone else, or the account was ended.
    if (!found) return;
    if (urlProblem(found.endpoint, settings.allowPrivate)) return repo.removeById(subscriptionId);
    const message: PushMessage = { id: found.id, title: found.title, body: found.body, link: found.link };
    const request = webpush.generateRequestDetails(
      { endpoint: found.endpoint, keys: { p256dh: found.p256dh, auth: found.auth } },
      JSON.stringify(message),
      { vapidDetails, TTL: PUSH_TTL_SECONDS, urgency: 'normal', contentEncoding: 'aes128gcm' },
    );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    const answer = await postOutbound(new URL(request.endpoint), request.body!, headers, {
      allowPrivate: settings.allowPrivate,
      timeoutMs: PUSH_TIMEOUT_MS,
    });
    const status = answer.statusCode;
    if (status !== null && status >= 200 && status < 300) return;
    if (status === 404 || status === 410) return repo.removeById(subscriptionId);
    throw new Error(answer.error ?? `The push service answered ${status}: ${answer.body.slice(0, 200)}`);
  };
}
