import { describe, expect, it } from 'vitest';
import { signInAttempts } from '../../src/db/schema.js';
import { signInLimits } from '../../src/http/sign-in-limits.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

/** 30 failed sign-ins from one address in the last 15 minutes (the per-address limit), counted directly. */
async function failuresFrom(ip: string) {
  const db = (await t.database()).db;
  await db.insert(signInAttempts).values({ key: signInLimits('any@example.com', ip).address.key, count: 30 });
}

const login = async (headers: Record<string, string> = {}) =>
  (await t.app()).inject({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload: { email: 'new-target@example.com', password: 'a guess' },
  });

describe('sign-in abuse', () => {
  it('an address over the limit is refused (429) whoever it claims to be', async () => {
    await failuresFrom('127.0.0.1');
    const res = await login();
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
  });

  // Proxies are trusted only when TRUST_PROXY says so: by default a caller cannot pick its own address.
  it('a forged X-Forwarded-For does not reset the per-address limit', async () => {
    await failuresFrom('127.0.0.1');
    const res = await login({ 'x-forwarded-for': '198.51.100.7' });
    expect(res.statusCode).toBe(429);
  });
});
