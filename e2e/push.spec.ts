import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, request, type BrowserContext } from '@playwright/test';
import webpush from 'web-push';
import { ADMIN, expect, signIn, test } from './fixtures';
import { createUser } from './fixtures/api';
import { CHROMIUM_PATH } from './fixtures/env';

// Push notifications (docs/product.md#push-notifications) on a server with VAPID settings. The browser's own
// subscription needs a push service this Chromium build cannot reach, so what the server sends to a push service is
// tested against a stand-in (apps/server/test/push.test.ts); here, the engineer's side: the offer, the browser's
// question, and the app's service worker showing a push as a notification.
const vapid = webpush.generateVAPIDKeys();
test.use({
  freshAppEnv: {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:ops@example.com',
  },
});

/** A phone with a profile of its own: only a browser that keeps a profile may ask about notifications. */
async function phone(baseURL: string): Promise<BrowserContext> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hiu-push-phone-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu'],
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  context.on('close', () => fs.rmSync(dir, { recursive: true, force: true }));
  return context;
}

test('an engineer is offered notifications on home, and the app shows a push as a notification', async ({
  freshApp,
}) => {
  test.setTimeout(180_000);
  const admin = await request.newContext({ baseURL: freshApp.baseURL });
  expect((await admin.post('/api/auth/setup', { data: ADMIN })).status()).toBe(201);
  const engineer = await createUser(admin, { name: 'Erin Engineer' });
  await admin.dispose();

  // Asked in the app's words first; "Not now" puts the offer away, and it stays away.
  let context = await phone(freshApp.baseURL);
  let page = context.pages()[0] ?? (await context.newPage());
  await signIn(page, engineer);
  await page.goto('/');
  let offer = page.getByRole('region', { name: 'Be told on this phone' });
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await expect(offer).toContainText('when flats are assigned to you or a report of yours is sent back');
  await offer.getByRole('button', { name: 'Not now' }).tap();
  await expect(offer).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Start New Check' })).toBeVisible({ timeout: 30_000 });
  await expect(offer).toBeHidden();
  await context.close();

  // The browser's question answered No: said plainly, and the offer goes.
  context = await phone(freshApp.baseURL);
  page = context.pages()[0] ?? (await context.newPage());
  await signIn(page, engineer);
  await page.goto('/');
  offer = page.getByRole('region', { name: 'Be told on this phone' });
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await offer.getByRole('button', { name: 'Turn on notifications' }).tap();
  await expect(page.getByText('Notifications are blocked for this app.')).toBeVisible();
  await expect(offer).toBeHidden();
  await page.goto('/notifications');
  await expect(page.getByRole('region', { name: 'On this phone' })).toContainText(
    "Allow them in the browser's or the phone's settings",
  );
  await context.close();

  // With leave given, a push reaching the app's service worker is shown as a notification opening its entry.
  context = await phone(freshApp.baseURL);
  await context.grantPermissions(['notifications'], { origin: freshApp.baseURL });
  page = context.pages()[0] ?? (await context.newPage());
  await signIn(page, engineer);
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.filter((r) => !r.isDeleted).length).toBeGreaterThan(0);
  const message = {
    id: 'entry-1',
    title: 'Sent back: Flat 3, Birch House',
    body: 'Sam sent back your report',
    link: '/notifications',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: `${freshApp.baseURL}/`,
    registrationId: registrations.find((r) => !r.isDeleted)!.registrationId,
    data: JSON.stringify(message),
  });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        link: (n.data as { link: string }).link,
      })),
    );
  await expect.poll(shown).toEqual([{ title: message.title, body: message.body, link: '/notifications' }]);
  await context.close();
});
