import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accountLinks, jobs } from '../src/db/schema.js';
import { client, signedIn, useTestApp } from './helpers/test-app.js';
import { MAIL_APP_URL, until, useMailApp } from './helpers/mail-app.js';

const t = useTestApp();
const mail = useMailApp(t.database);

/** The token of the newest link mailed to `address`. */
async function mailedToken(address: string, count = 1) {
  const mails = await until(
    `mail ${count} to ${address}`,
    () => mail.smtp().to(address),
    (m) => m.length === count,
  );
  const text = mails[count - 1]!.text ?? '';
  const match = text.match(new RegExp(`${MAIL_APP_URL}/set-password#([A-Za-z0-9_-]{43})`));
  expect(match, text).not.toBeNull();
  return match![1]!;
}

const signIn = (password: string, email: string) =>
  mail.app().inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('invitations and password reset by email (docs/product.md#invitations)', { timeout: 120_000 }, () => {
  it('invites by email: the person sets a password from the one-time link and is signed in', async () => {
    const admin = await signedIn(mail.app(), 'admin');
    const email = `ivy-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const invited = await admin.post('/api/users/invitations', { email, name: 'Ivy <Invited>', role: 'engineer' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email, name: 'Ivy <Invited>', role: 'engineer', active: true });

    const token = await mailedToken(email);
    const [sent] = mail.smtp().to(email);
    expect(sent!.subject).toBe('You are invited to HIU Commissioning');
    expect(sent!.html).toContain('Hello Ivy &lt;Invited&gt;,');
    // Once sent, the queue keeps no working link.
    await t.jobsSettled();
    const [job] = await (await t.database()).db.select().from(jobs).where(eq(jobs.kind, 'account.email'));
    expect(job!.payload).not.toHaveProperty('token');

    const app = mail.app();
    const link = await app.inject({ method: 'GET', url: `/api/auth/links/${token}` });
    expect(link.json()).toEqual({ purpose: 'invite', name: 'Ivy <Invited>', email });
    const set = await app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { token, password: 'ivy password 1' },
    });
    expect(set.statusCode).toBe(200);
    const cookie = set.cookies.find((c) => c.name === 'hiu_session');
    expect(cookie?.value).toBeTruthy();
    expect((await client(app, `hiu_session=${cookie!.value}`).get('/api/auth/me')).json()).toMatchObject({ email });
    expect((await signIn('ivy password 1', email)).statusCode).toBe(200);

    // Single use.
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { token, password: 'another one 2' },
    });
    expect(again.statusCode).toBe(410);
    expect((await app.inject({ method: 'GET', url: `/api/auth/links/${token}` })).statusCode).toBe(410);
    expect((await signIn('another one 2', email)).statusCode).toBe(401);
  });

  it('resets a forgotten password by email, signs the person out everywhere, and reveals nothing', async () => {
    const app = mail.app();
    const eng = await signedIn(app, 'engineer');
    const other = await signedIn(app, 'engineer');
    const email = (await eng.get('/api/auth/me')).json().email as string;

    const asked = await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'nobody-here@example.com' },
    });
    expect(asked.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(asked.json());
    const token = await mailedToken(email);
    expect(mail.smtp().to('nobody-here@example.com')).toEqual([]);
    expect(mail.smtp().to(email)[0]!.subject).toBe('Reset your HIU Commissioning password');

    // A second request at once sends nothing more.
    await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    await t.jobsSettled();
    expect(mail.smtp().to(email)).toHaveLength(1);

    const set = await app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { token, password: 'a brand new one' },
    });
    expect(set.statusCode).toBe(200);
    // Signed out everywhere: the session made before the reset ends; others' do not.
    expect((await eng.get('/api/auth/me')).statusCode).toBe(401);
    expect((await other.get('/api/auth/me')).statusCode).toBe(200);
    expect((await signIn('a brand new one', email)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const app = mail.app();
    const eng = await signedIn(app, 'engineer');
    const email = (await eng.get('/api/auth/me')).json().email as string;
    await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    const token = await mailedToken(email);
    await (await t.database()).db.update(accountLinks).set({ expiresAt: sql`now() - interval '1 second'` });
    const set = await app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { token, password: 'too late now' },
    });
    expect(set.statusCode).toBe(410);
    expect(set.json().error.message).toBe('This link has expired or was used already. Ask for a new one.');
    expect((await eng.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('answers at most 10 reset requests from one address in 15 minutes, so a flood cannot mail every address', async () => {
    const app = mail.app();
    const ask = (n: number) =>
      app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: `nobody-${n}@example.com` } });
    for (let n = 0; n < 10; n++) expect((await ask(n)).statusCode).toBe(202);
    const refused = await ask(10);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(
      /^Too many requests for a new password from here\. Please wait \d+ minutes? and try again\.$/,
    );
    // Refused before anything is looked up or queued: no link, no mail job.
    const eng = await signedIn(app, 'engineer');
    const email = (await eng.get('/api/auth/me')).json().email as string;
    expect((await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } })).statusCode).toBe(
      429,
    );
    expect(await (await t.database()).db.select().from(accountLinks)).toEqual([]);
  });
});
