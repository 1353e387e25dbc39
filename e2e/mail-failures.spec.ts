import { request } from '@playwright/test';
import { ADMIN, expect, projectContextOptions, signIn, test } from './fixtures';
import { FRESH_PORT_BASE } from './fixtures/env';

// Nothing listens here: every email is refused, as when the SMTP server is down.
const CLOSED_PORT = FRESH_PORT_BASE + 46;

test.describe('email that could not be sent', () => {
  test.use({ freshAppEnv: { SMTP_URL: `smtp://127.0.0.1:${CLOSED_PORT}` } });

  test('an admin sees an email being retried with the SMTP server’s reason, on a phone', async ({
    freshApp,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const api = await request.newContext({ baseURL: freshApp.baseURL });
    expect((await api.post('/api/auth/setup', { data: ADMIN })).status()).toBe(201);
    // A new account tells its person, by email too.
    const made = await api.post('/api/users', {
      data: { email: 'rae@example.com', name: 'Rae Recipient', role: 'engineer', password: 'a long password' },
    });
    expect(made.status(), await made.text()).toBe(201);
    await api.dispose();

    const context = await browser.newContext({ ...projectContextOptions(testInfo), baseURL: freshApp.baseURL });
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, ADMIN);
    await expect
      .poll(async () => (await (await page.request.get('/api/notifications/mail-failures')).json()).length, {
        timeout: 60_000,
      })
      .toBe(1);
    await page.goto('/admin/integrations');
    const section = page.getByRole('region', { name: 'Email not sent' });
    const problem = section.getByTestId('mail-problem');
    await expect(problem).toContainText('Your account was created', { timeout: 30_000 });
    await expect(problem).toContainText('Retrying');
    await expect(problem).toContainText('To rae@example.com');
    await expect(problem).toContainText(/Attempt 1 of 8 failed; next .+\. Server said: .*ECONNREFUSED/);
    await context.close();
  });
});
