import { describe, expect, it, vi } from 'vitest';
import { signInAttempts } from '../../src/db/schema.js';
import { signInLimits } from '../../src/http/sign-in-limits.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

/** `count` failed sign-ins from one address in the last 15 minutes (30 is the per-address limit), counted directly. */
async function failuresFrom(ip: string, count = 30) {
  const db = (await t.database()).db;
  await db.insert(signInAttempts).values({ key: signInLimits('any@example.com', ip).address.key, count });
}

/** Runs `calls` and says how many database statements and transactions the app began meanwhile. */
async function databaseWorkOf(calls: () => Promise<unknown>) {
  const db = (await t.database()).db as unknown as Record<string, (...args: unknown[]) => unknown>;
  // The job runner's polls go through `execute`; every repository call through these.
  const spies = ['transaction', 'select', 'insert', 'update', 'delete'].map((name) => vi.spyOn(db, name));
  try {
    await calls();
    return spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
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

  it('once refused, an address is refused from memory: its 429s cost the database nothing', async () => {
    await failuresFrom('127.0.0.1');
    expect((await login()).statusCode).toBe(429);
    let answers: Awaited<ReturnType<typeof login>>[] = [];
    const work = await databaseWorkOf(async () => {
      answers = await Promise.all(Array.from({ length: 20 }, () => login()));
    });
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(429));
    for (const r of answers) expect(Number(r.headers['retry-after'])).toBeGreaterThan(840);
    expect(work).toBe(0);
  });

  it("the attempt that fills an address's limit is remembered: the next is refused without the database", async () => {
    await failuresFrom('127.0.0.1', 29);
    expect((await login()).statusCode).toBe(401);
    let refused: Awaited<ReturnType<typeof login>> | undefined;
    const work = await databaseWorkOf(async () => {
      refused = await login();
    });
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json().error.message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
    expect(work).toBe(0);
  });
});
