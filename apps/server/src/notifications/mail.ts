import type { NotificationKind } from '@hiu/domain';

/** What each kind of email is called where a person turns it off. */
export const KIND_NAMES: Record<NotificationKind, string> = {
  report_sent_back: 'Reports of mine sent back',
  flats_assigned: 'Flats assigned to me',
  account_changed: 'My account created or changed',
  pack_ready: 'Evidence packs I asked for, when built',
  handover_signed: 'Handover sign-offs on my sites',
  flats_due: 'My flats due tomorrow or overdue (daily)',
  reviews_waiting: 'New reports awaiting my review (at most hourly)',
  sign_off_requested: 'Handovers I am asked to sign',
};

export interface MailInput {
  entry: { id: string; kind: NotificationKind; title: string; body: string; link: string };
  to: { name: string; email: string };
  from: string;
  appUrl: string;
  unsubscribeToken: string;
}

/** One line, no control characters: a name or a reason can never start a header of its own. */
export const oneLine = (s: string) =>
  s
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is taken out
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * An inbox entry as an email: a plain-text and an HTML part saying the same, a link to where it leads, and a
 * one-click unsubscribe from this kind (RFC 8058). Its Message-ID is the entry's, the same on every attempt,
 * so a mail sent again after a crash is the same message to the receiving server.
 */
export function buildMail(m: MailInput) {
  const open = `${m.appUrl}${m.entry.link}`;
  const unsubscribe = `${m.appUrl}/api/notifications/unsubscribe/${m.unsubscribeToken}`;
  const kind = KIND_NAMES[m.entry.kind];
  const host = new URL(m.appUrl).hostname || 'localhost';
  const subject = oneLine(m.entry.title);
  const body = oneLine(m.entry.body);
  const text = [
    body,
    '',
    `Open the app: ${open}`,
    '',
    `You get this email because "${kind}" is on for you. Turn it off: ${unsubscribe}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#0f172a">
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(open)}">Open the app</a></p>
<p style="color:#475569;font-size:14px">You get this email because &quot;${escapeHtml(kind)}&quot; is on for you.
<a href="${escapeHtml(unsubscribe)}">Turn it off</a>.</p>
</body></html>`;
  return {
    from: m.from,
    to: { name: oneLine(m.to.name), address: oneLine(m.to.email) },
    subject,
    text,
    html,
    messageId: `<${m.entry.id}@${host}>`,
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    list: { unsubscribe: { url: unsubscribe, comment: kind } },
  };
}
