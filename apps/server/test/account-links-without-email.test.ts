import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from './helpers/test-app.js';

const t = useTestApp();

describe('invitations and password reset without email (docs/product.md#invitations)', () => {
  it('without SMTP, offers neither: the admin sets passwords as before', async () => {
    const app = await t.app();
    expect((await app.inject({ method: 'GET', url: '/api/auth/options' })).json()).toEqual({ emailLinks: false });
    const admin = await signedIn(app, 'admin');
    const invite = await admin.post('/api/users/invitations', { email: 'x@example.com', name: 'X', role: 'engineer' });
    expect(invite.statusCode).toBe(409);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'x@example.com' },
    });
    expect(reset.statusCode).toBe(409);
  });
});
