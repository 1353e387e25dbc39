import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { jobs } from '../src/db/schema.js';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';
import { smtpCatcher, type SmtpCatcher } from './helpers/smtp-catcher.js';

const t = useTestApp();
let smtp: SmtpCatcher;
let app: FastifyInstance;

// An app that sends email through a real SMTP server on loopback, beside the tests' own app (which sends none).
beforeAll(async () => {
  smtp = await smtpCatcher();
  const config = {
    ...loadConfig({}),
    webDist: undefined,
    logLevel: 'silent',
    jobPollMs: 200,
    readLimit: { ...loadConfig({}).readLimit, max: 0 },
    mail: { smtpUrl: smtp.url(), from: 'HIU Commissioning <hiu@example.com>', appUrl: 'https://hiu.example.com' },
  };
  app = await buildApp(config, await t.database(), { logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await smtp?.stop();
});

async function until<T>(what: string, read: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const mailJobs = async () => (await t.database()).db.select().from(jobs).where(eq(jobs.kind, 'notification.email'));

/** A site with two engineers, a supervisor (a hostile name) and a client; the first engineer submitted. */
async function team(reviewerName = 'Sam Supervisor') {
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer', { name: 'Erin Engineer', email: `erin-${Math.random()}@example.com` });
  const other = await signedIn(app, 'engineer');
  const supervisor = await signedIn(app, 'supervisor', { name: reviewerName });
  const client = await signedIn(app, 'client');
  const site = await createSite(admin, { name: `Birch Court ${Math.random()}` });
  for (const who of [eng, other, supervisor, client])
    expect((await admin.put(`/api/sites/${site.id}/members/${who.userId}`)).statusCode).toBeLessThan(300);
  const property = await createProperty(admin, site.id, { address: 'Flat 3, Birch House', propertyType: '2b4p' });
  const reportId = await submitPassingReport(eng, site, property.id);
  const email = (await eng.get('/api/auth/me')).json().email as string;
  return { admin, eng, other, supervisor, client, site, property, reportId, email };
}

/** A header as it was sent, whole (folded lines joined). */
const header = (mail: ParsedMail, key: string) =>
  mail.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n\s+/g, ' ');

const sendBack = (who: TestClient, reportId: string, reason: string) =>
  who.post(`/api/reports/${reportId}/review`, { decision: 'send_back', reason });

describe('email of notifications (docs/product.md#notifications)', { timeout: 120_000 }, () => {
  it('mails a send-back once, to the engineer who submitted, in text and HTML, escaped, one line per header', async () => {
    const hostile = 'Sam <b>Boss</b>\r\nBcc: victim@example.com';
    const { admin, other, supervisor, client, reportId, email } = await team(hostile);
    const reason = 'Plate <img src=x onerror=alert(1)> & "serial"\nSubject: forged';
    expect((await sendBack(supervisor, reportId, reason)).statusCode).toBe(200);

    const [mail] = await until(
      'the mail',
      () => smtp.to(email),
      (m) => m.length === 1,
    );
    expect(mail!.subject).toBe('Sent back: Flat 3, Birch House');
    expect(mail!.from?.text).toBe('"HIU Commissioning" <hiu@example.com>');
    expect(mail!.text).toContain('Sam <b>Boss</b> Bcc: victim@example.com sent back your report HIU-');
    expect(mail!.text).toContain('Plate <img src=x onerror=alert(1)> & "serial" Subject: forged');
    expect(mail!.text).toContain('https://hiu.example.com/');
    expect(mail!.html).toContain('Sam &lt;b&gt;Boss&lt;/b&gt; Bcc: victim@example.com');
    expect(mail!.html).toContain('Plate &lt;img src=x onerror=alert(1)&gt; &amp; &quot;serial&quot; Subject: forged');
    expect(mail!.html).not.toContain('<img');
    // Nothing in a name or reason became a header of its own.
    expect(mail!.headers.get('bcc')).toBeUndefined();
    expect(mail!.bcc).toBeUndefined();
    expect(mail!.messageId).toMatch(/^<[0-9a-f-]{36}@hiu\.example\.com>$/);
    expect(header(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header(mail!, 'list-unsubscribe')).toMatch(
      /^List-Unsubscribe: <https:\/\/hiu\.example\.com\/api\/notifications\/unsubscribe\/[0-9a-f]{64}>/,
    );
    // No one else is mailed: the other engineer, the reviewer, the client and the admin.
    const others = await Promise.all(
      [admin, other, supervisor, client].map(async (c) => (await c.get('/api/auth/me')).json().email as string),
    );
    for (const address of others) expect(smtp.to(address)).toEqual([]);
    await t.jobsSettled();
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('answers a send-back at once with the SMTP server down, and mails it once when the server is back', async () => {
    const { supervisor, reportId, email } = await team();
    await smtp.stop();
    try {
      const started = Date.now();
      expect((await sendBack(supervisor, reportId, 'Blurred plate photo')).statusCode).toBe(200);
      // Well within the SMTP connection's own time limit (15 s): the answer never waits for the server.
      expect(Date.now() - started).toBeLessThan(10_000);
      const [job] = await until(
        'a failed attempt',
        mailJobs,
        (js) => js.length === 1 && js[0]!.attempts >= 1 && js[0]!.state === 'queued' && js[0]!.lastError !== null,
      );
      expect(job!.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(smtp.to(email)).toEqual([]);
    } finally {
      await smtp.start();
    }
    // Tried again after its backoff (10 to 12 s after the first attempt).
    await until(
      'the mail after the restart',
      () => smtp.to(email),
      (m) => m.length === 1,
    );
    await until('the job done', mailJobs, (js) => js[0]?.state === 'done');
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('shows admins a mail that failed for good, with the reason', async () => {
    const { admin, supervisor, reportId } = await team();
    await smtp.stop();
    try {
      expect((await sendBack(supervisor, reportId, 'Blurred plate photo')).statusCode).toBe(200);
      await until('a failed attempt', mailJobs, (js) => js[0]?.lastError != null);
      // Its last attempt now, rather than in a day.
      const db = (await t.database()).db;
      await db
        .update(jobs)
        .set({ maxAttempts: sql`${jobs.attempts} + 1`, runAt: sql`now()` })
        .where(eq(jobs.kind, 'notification.email'));
      await until('the job failed', mailJobs, (js) => js[0]?.state === 'failed');
    } finally {
      await smtp.start();
    }
    const failures = (await admin.get('/api/notifications/mail-failures')).json();
    expect(failures).toEqual([
      expect.objectContaining({
        subject: 'Sent back: Flat 3, Birch House',
        state: 'failed',
        nextAttemptAt: null,
        reason: expect.stringMatching(/connect/i),
      }),
    ]);
    expect((await supervisor.get('/api/notifications/mail-failures')).statusCode).toBe(403);
  });

  it('stops one kind of email with the one-click link, and the person can turn it on again', async () => {
    const { eng, supervisor, reportId, email, site, property } = await team();
    expect((await sendBack(supervisor, reportId, 'First')).statusCode).toBe(200);
    const [mail] = await until(
      'the mail',
      () => smtp.to(email),
      (m) => m.length === 1,
    );
    const link = new URL(header(mail!, 'list-unsubscribe')!.match(/https:[^>]+/)![0]);
    // What a mail program sends (RFC 8058): a form post from nowhere in particular.
    const res = await app.inject({
      method: 'POST',
      url: link.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Unsubscribed');
    expect((await eng.get('/api/notifications/preferences')).json()).toEqual([
      { kind: 'report_sent_back', label: 'Reports of mine sent back', email: false },
      { kind: 'flats_assigned', label: 'Flats assigned to me', email: true },
      { kind: 'flats_due', label: 'My flats due tomorrow or overdue (daily)', email: true },
      { kind: 'account_changed', label: 'My account created or changed', email: true },
    ]);

    const again = await submitPassingReport(eng, site, property.id, '2026-03-03T10:25:00.000Z');
    expect((await sendBack(supervisor, again, 'Second')).statusCode).toBe(200);
    await t.jobsSettled();
    expect((await eng.get('/api/notifications')).json().items).toHaveLength(2);
    expect(smtp.to(email)).toHaveLength(1);

    expect(
      (await eng.put('/api/notifications/preferences', { kind: 'report_sent_back', email: true })).statusCode,
    ).toBe(204);
    const third = await submitPassingReport(eng, site, property.id, '2026-03-04T10:25:00.000Z');
    expect((await sendBack(supervisor, third, 'Third')).statusCode).toBe(200);
    await until(
      'the third mail',
      () => smtp.to(email),
      (m) => m.length === 2,
    );

    const unknown = await app.inject({ method: 'POST', url: `/api/notifications/unsubscribe/${'0'.repeat(64)}` });
    expect(unknown.statusCode).toBe(404);
  });
});
