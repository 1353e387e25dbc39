import nodemailer from 'nodemailer';
import type { NotificationKind } from '@hiu/domain';
import type { Db } from '../db/client.js';
import type { JobHandler } from '../jobs/queue/runner.js';
import { buildMail } from './mail.js';
import { notificationsRepository } from './repository.js';

/** A slow or silent SMTP server fails the attempt after this long; the queue tries again later. */
const SMTP_TIMEOUT_MS = 15_000;

/** The SMTP connection, made from SMTP_URL (nodemailer reads host, port, TLS and login from it). */
export function smtpTransport(smtpUrl: string) {
  const url = new URL(smtpUrl);
  for (const [name, ms] of [
    ['connectionTimeout', SMTP_TIMEOUT_MS],
    ['greetingTimeout', SMTP_TIMEOUT_MS],
    ['socketTimeout', SMTP_TIMEOUT_MS],
  ] as const)
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  return nodemailer.createTransport(url.toString());
}
export type SmtpTransport = ReturnType<typeof smtpTransport>;

/**
 * Emails one inbox entry to its person, unless they turned that kind off or their account was ended. A refusal
 * or an unreachable server throws, so the queue tries again with backoff, and after the last attempt the job
 * is failed with the SMTP server's reason (GET /api/notifications/mail-failures).
 */
export function notificationMailJob(
  db: Db,
  transport: SmtpTransport,
  settings: { from: string; appUrl: string },
): JobHandler {
  const repo = notificationsRepository(db);
  return async (job) => {
    const { notificationId } = job.payload as { notificationId: string };
    const found = await repo.forMail(notificationId);
    if (!found || !found.active) return;
    const kind = found.entry.kind as NotificationKind;
    const preference = await repo.emailPreference(found.userId, kind);
    if (!preference.email) return;
    await transport.sendMail(
      buildMail({
        entry: { ...found.entry, kind },
        to: { name: found.name, email: found.email },
        from: settings.from,
        appUrl: settings.appUrl,
        unsubscribeToken: preference.unsubscribeToken,
      }),
    );
  };
}
