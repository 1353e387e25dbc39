import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema.js';
import type { JobHandler } from '../jobs/queue/runner.js';
import type { SmtpTransport } from '../notifications/mail-job.js';
import { escapeHtml, oneLine } from '../notifications/mail.js';
import { accountLinksRepository, type LinkPurpose } from './links-repository.js';
import { LINK_HOURS } from './commands.js';

const WORDS: Record<LinkPurpose, { subject: string; lead: string; button: string; lasts: string }> = {
  invite: {
    subject: 'You are invited to HIU Commissioning',
    lead: 'An account has been made for you. Choose your password to sign in:',
    button: 'Set your password',
    lasts: `The link works once, for ${LINK_HOURS.invite / 24} days.`,
  },
  reset: {
    subject: 'Reset your HIU Commissioning password',
    lead: 'Someone asked to reset the password of this account. If it was you, choose a new one:',
    button: 'Choose a new password',
    lasts: `The link works once, for ${LINK_HOURS.reset} hour. If you did not ask, ignore this email: your password stays as it is.`,
  },
};

/** An invitation or reset link as an email: text and HTML, the same Message-ID on every attempt. */
export function accountMail(m: {
  linkId: string;
  purpose: LinkPurpose;
  token: string;
  to: { name: string; email: string };
  from: string;
  appUrl: string;
}) {
  const w = WORDS[m.purpose];
  const url = `${m.appUrl}/set-password#${m.token}`;
  const name = oneLine(m.to.name);
  return {
    from: m.from,
    to: { name, address: oneLine(m.to.email) },
    subject: w.subject,
    text: [`Hello ${name},`, '', w.lead, url, '', w.lasts].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;color:#0f172a">
<p>Hello ${escapeHtml(name)},</p>
<p>${escapeHtml(w.lead)}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(w.button)}</a></p>
<p style="color:#475569;font-size:14px">${escapeHtml(w.lasts)}</p>
</body></html>`,
    messageId: `<${m.linkId}@${new URL(m.appUrl).hostname || 'localhost'}>`,
  };
}

/**
 * Emails an invitation or reset link; a link used or expired meanwhile sends nothing. Once sent, the job's copy
 * of the token is removed, so the queue holds no working link.
 */
export function accountMailJob(
  db: Db,
  transport: SmtpTransport,
  settings: { from: string; appUrl: string },
): JobHandler {
  const links = accountLinksRepository(db);
  return async (job) => {
    const { linkId, token } = job.payload as { linkId: string; token?: string };
    if (!token) return;
    const link = await links.forMail(linkId);
    if (link) {
      await transport.sendMail(
        accountMail({ linkId, purpose: link.purpose, token, to: link, from: settings.from, appUrl: settings.appUrl }),
      );
    }
    await db.execute(sql`UPDATE ${jobs} SET payload = payload - 'token' WHERE id = ${job.id}`);
  };
}
