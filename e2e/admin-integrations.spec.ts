import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { Webhook } from 'standardwebhooks';
import { expect, test } from './fixtures';
import { expectToast } from './admin-model';

/** A receiver on this machine: answers 200, or 500 while `failing`; keeps what it was sent. */
async function receiver() {
  const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const state = { failing: false };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(state.failing ? 500 : 200).end(state.failing ? 'down for maintenance' : 'ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hiu`,
    got,
    state,
    close: () => server.close(),
  };
}

test.describe('Integrations: webhooks', () => {
  test('an admin adds a webhook, keeps its secret, sends a test event, reads the log, sends again, rotates, turns off and deletes', async ({
    adminPage: page,
  }) => {
    const rx = await receiver();
    try {
      await page.goto('/admin/integrations');
      await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
      // At 390 px the admin tabs scroll sideways with the current one in view.
      await expect(
        page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Integrations' }),
      ).toBeInViewport();
      await page.getByRole('button', { name: 'Add webhook' }).click();
      const form = page.getByRole('dialog', { name: 'Add webhook' });

      await test.step('a bad address and no events are refused, next to their fields', async () => {
        await form.getByLabel('Address').fill('not an address');
        await form.getByRole('checkbox', { name: /A report is submitted/ }).uncheck();
        await form.getByRole('button', { name: 'Save' }).click();
        await expect(form.getByText('Enter a full address, such as https://example.com/hooks/hiu')).toBeVisible();
        await expect(form.getByLabel('Address')).toHaveAttribute('aria-invalid', 'true');
        await expect(form.getByLabel('Address')).toBeFocused();
        await expect(form.getByRole('group', { name: /^Events/ })).toHaveAccessibleDescription(
          'Choose at least one event',
        );
      });

      let secret = '';
      await test.step('saved, the secret is shown once', async () => {
        await form.getByLabel('Address').fill(rx.url);
        await form.getByRole('button', { name: 'Save' }).click();
        await expect(form.getByText('Choose at least one event')).toBeVisible();
        await form.getByRole('checkbox', { name: /A report is approved/ }).check();
        await form.getByLabel('Description').fill('Asset register');
        await form.getByRole('button', { name: 'Save' }).click();
        const shown = page.getByRole('dialog', { name: 'Signing secret' });
        secret = (await shown.getByTestId('webhook-secret').textContent()) ?? '';
        expect(secret).toMatch(/^whsec_/);
        const { violations } = await new AxeBuilder({ page })
          .include('[role="dialog"]')
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        expect(violations.map((v) => v.id)).toEqual([]);
        await shown.getByRole('button', { name: 'I have saved it' }).click();
      });

      const card = page
        .getByRole('list', { name: 'Webhooks' })
        .getByRole('listitem')
        .filter({ hasText: 'Asset register' });
      await expect(card).toContainText('● On');
      await expect(card).toContainText('A report is approved');

      await test.step('a test event arrives signed with the secret, and the log shows it', async () => {
        await card.getByRole('button', { name: 'Send test event' }).click();
        await expectToast(page, 'Test event sent', 'See Deliveries for the answer.');
        await expect.poll(() => rx.got.length).toBe(1);
        const r = rx.got[0]!;
        const event = new Webhook(secret).verify(r.body, {
          'webhook-id': String(r.headers['webhook-id']),
          'webhook-timestamp': String(r.headers['webhook-timestamp']),
          'webhook-signature': String(r.headers['webhook-signature']),
        }) as { type: string };
        expect(event.type).toBe('webhook.test');
        await card.getByRole('button', { name: 'Deliveries' }).click();
        const log = page.getByRole('dialog', { name: 'Deliveries to Asset register' });
        await expect(log.getByRole('list', { name: 'Deliveries' })).toContainText('✓ Delivered (200)');
        await expect(log).toContainText('Test event');
        await expect(log).toContainText('attempt 1');
      });

      await test.step('sent again while the receiver is down: the failure and its answer are logged', async () => {
        rx.state.failing = true;
        const log = page.getByRole('dialog', { name: 'Deliveries to Asset register' });
        await log.getByRole('button', { name: 'Send again' }).first().click();
        await expectToast(page, 'Sent again', 'It appears here once the receiver answers.');
        await expect.poll(() => rx.got.length).toBe(2);
        expect(rx.got[1]!.headers['webhook-id']).toBe(rx.got[0]!.headers['webhook-id']);
        await expect(async () => {
          await log.getByRole('button', { name: 'Refresh' }).click();
          await expect(log).toContainText('✗ Failed (500)', { timeout: 1000 });
        }).toPass();
        await expect(log).toContainText('down for maintenance');
        await log.getByRole('button', { name: 'Close' }).click();
      });

      await test.step('rotate the secret after confirming: a new one is shown; the old one still signs for a day', async () => {
        await card.getByRole('button', { name: 'Rotate secret' }).click();
        await page
          .getByRole('alertdialog', { name: 'Rotate the signing secret?' })
          .getByRole('button', { name: 'Rotate' })
          .click();
        const shown = page.getByRole('dialog', { name: 'Signing secret' });
        await expect(shown.getByTestId('webhook-secret')).not.toHaveText(secret);
        await shown.getByRole('button', { name: 'I have saved it' }).click();
        await expect(card).toContainText('The previous secret also signs until');
      });

      await test.step('turn off after confirming, then delete after confirming', async () => {
        await card.getByRole('button', { name: 'Turn off' }).click();
        await page
          .getByRole('alertdialog', { name: 'Turn this webhook off?' })
          .getByRole('button', { name: 'Turn off' })
          .click();
        await expect(card).toContainText('● Off');
        await card.getByRole('button', { name: 'Delete' }).click();
        await page
          .getByRole('alertdialog', { name: 'Delete this webhook?' })
          .getByRole('button', { name: 'Delete' })
          .click();
        await expectToast(page, 'Webhook deleted');
        await expect(page.getByText('No webhooks yet.')).toBeVisible();
      });
    } finally {
      rx.close();
    }
  });

  test('an admin makes an API token for one site, another system reads with it, and it is revoked after confirming', async ({
    adminPage: page,
    createSite,
    playwright,
  }) => {
    const { site } = await createSite();
    await createSite();
    await page.goto('/admin/integrations');
    await page.getByRole('button', { name: 'Add token' }).click();
    const form = page.getByRole('dialog', { name: 'Add API token' });
    await form.getByRole('button', { name: 'Make token' }).click();
    await expect(form.getByText('Name the token after what uses it')).toBeVisible();
    await form.getByLabel('Name').fill('Asset register');
    await form.getByLabel('Sites (none chosen: every site, also later ones)').fill(site.name);
    await form.getByRole('checkbox', { name: site.name }).check();
    await expect(form).toContainText(`Chosen: ${site.name}`);
    await form.getByRole('button', { name: 'Make token' }).click();
    const shown = page.getByRole('dialog', { name: 'Your API token' });
    const token = (await shown.getByTestId('api-token').textContent()) ?? '';
    expect(token).toMatch(/^hiu_/);
    await shown.getByRole('button', { name: 'I have saved it' }).click();
    const card = page
      .getByRole('list', { name: 'API tokens' })
      .getByRole('listitem')
      .filter({ hasText: 'Asset register' });
    await expect(card).toContainText(site.name);
    await expect(card).toContainText('never used');

    // Another system, without the admin's cookie.
    const other = await playwright.request.newContext({ baseURL: page.url().replace(/\/admin.*$/, '') });
    const headers = { authorization: `Bearer ${token}` };
    const sites = await other.get('/api/sites', { headers });
    expect(sites.status()).toBe(200);
    expect((await sites.json()).items.map((s: { name: string }) => s.name)).toEqual([site.name]);
    await page.reload();
    await expect(card).toContainText('last used');

    await card.getByRole('button', { name: 'Revoke Asset register' }).click();
    await page
      .getByRole('alertdialog', { name: 'Revoke Asset register?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expectToast(page, 'Token revoked', 'Asset register no longer works.');
    await expect(card).toContainText('Revoked');
    expect((await other.get('/api/sites', { headers })).status()).toBe(401);
    await other.dispose();
  });
});
