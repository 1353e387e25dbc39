import { request } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { ADMIN, expect, projectContextOptions, signIn, test } from './fixtures';
import { FRESH_PORT_BASE } from './fixtures/env';

// A real SMTP server on loopback that keeps what it is sent, for the fresh app this file starts with SMTP_URL.
const SMTP_PORT = FRESH_PORT_BASE + 45;
const mails: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream).then((m) => {
      mails.push(m);
      callback();
    }, callback);
  },
});

test.beforeAll(async () => {
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(SMTP_PORT, '127.0.0.1', () => resolve());
  });
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

test.describe('invitations by email', () => {
  test.use({ freshAppEnv: { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, MAIL_FROM: 'HIU <hiu@example.com>' } });

  test('an invited engineer opens the emailed link on a phone, sets a password and is signed in', async ({
    freshApp,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const admin = await request.newContext({ baseURL: freshApp.baseURL });
    expect((await admin.post('/api/auth/setup', { data: ADMIN })).status()).toBe(201);
    const email = `nia-${Date.now()}@example.com`;
    await admin.dispose();

    // The admin invites her from the Users screen, on a phone.
    const office = await browser.newContext({ ...projectContextOptions(testInfo), baseURL: freshApp.baseURL });
    const adminPage = await office.newPage();
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await signIn(adminPage, ADMIN);
    await adminPage.goto('/admin/users');
    await adminPage.getByRole('button', { name: 'Invite by email' }).click({ timeout: 30_000 });
    const dialog = adminPage.getByRole('dialog', { name: 'Invite by email' });
    await dialog.getByLabel(/^Name/).fill('Nia Newcomer');
    await dialog.getByLabel(/^Email/).fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    await expect(adminPage.getByText('Nia Newcomer', { exact: true })).toBeVisible();
    await office.close();

    await expect
      .poll(() => mails.filter((m) => JSON.stringify(m.to).includes(email)).length, { timeout: 60_000 })
      .toBe(1);
    const mail = mails.find((m) => JSON.stringify(m.to).includes(email))!;
    expect(mail.subject).toBe('You are invited to HIU Commissioning');
    // The mail names the app's own address (APP_URL, unset here): the path and token are what the phone opens.
    const link = new URL(mail.text!.match(/https?:\/\/\S+\/set-password#[A-Za-z0-9_-]{43}/)![0]);

    const context = await browser.newContext({ ...projectContextOptions(testInfo), baseURL: freshApp.baseURL });
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/set-password${link.hash}`);
    await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(`Welcome, Nia Newcomer. For ${email}.`)).toBeVisible();
    await page.getByLabel('New password *', { exact: true }).fill('nia password 1');
    await page.getByLabel('New password again').fill('nia password 2');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(page.getByText('The two passwords are not the same')).toBeVisible();
    await page.getByLabel('New password again').fill('nia password 1');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();

    // Signed in: home, with the account bar naming her.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Nia Newcomer', { exact: true })).toBeVisible({ timeout: 30_000 });
    expect((await (await page.request.get('/api/auth/me')).json()).email).toBe(email);

    // With email on, her Notifications screen lets her choose which kinds also come by email.
    await page.getByRole('link', { name: /^Notifications/ }).click();
    const emailMe = page.getByRole('region', { name: 'Email me about' });
    const sentBack = emailMe.getByRole('checkbox', { name: 'Reports of mine sent back' });
    await expect(sentBack).toBeChecked();
    await sentBack.uncheck();
    await expect(sentBack).not.toBeChecked();
    await expect
      .poll(async () => (await (await page.request.get('/api/notifications/preferences')).json())[0])
      .toMatchObject({ kind: 'report_sent_back', email: false });

    // The link worked once.
    await page.goto(`/set-password${link.hash}`);
    await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await context.close();
  });
});
