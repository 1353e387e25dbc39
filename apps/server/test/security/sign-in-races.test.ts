import { eq } from 'drizzle-orm';
import { vi, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { signInAttempts } from '../../src/db/schema.js';
import { loadConfig } from '../../src/config.js';
import { configurePasswordHashing, passwordChecks } from '../../src/http/passwords.js';
import { signInLimits } from '../../src/http/sign-in-limits.js';
import { signedIn, TEST_PASSWORD, useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.20';
/** Each check is a deliberately slow scrypt, one or two at a time: these tests make up to a dozen. */
const SLOW = 120_000;

const login = (app: FastifyInstance, email: string, password: string, ip = ATTACKER) =>
  app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email, password } });

const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

/**
 * The limits are taken in the database before the password is checked (decision 110), so a burst cannot outrun
 * them; one address has one check waiting or running at a time, and its further attempts are told to come back,
 * counted against the address (decision 207).
 */
describe('sign-in limits under concurrent attempts', () => {
  it(
    '60 concurrent wrong passwords for one account from one address: one is checked, the address gets 30 answers and 30 refusals',
    async () => {
      const app = await t.app();
      await signedIn(app, 'engineer', { email: 'target@example.com' });
      const before = passwordChecks();
      const res = await Promise.all(Array.from({ length: 60 }, () => login(app, 'target@example.com', 'a guess')));
      expect(passwordChecks() - before).toBeLessThanOrEqual(1);
      const counts = statuses(res);
      // Checked, or told the server is busy with this address's check: either is an attempt of its 30.
      expect((counts[401] ?? 0) + (counts[503] ?? 0)).toBe(30);
      expect(counts[429]).toBe(30);
      const refused = res.find((r) => r.statusCode === 429)!;
      expect(refused.json().error.code).toBe('rate_limited');
      expect(refused.json().error.message).toMatch(
        /^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/,
      );
      for (const r of res.filter((x) => x.statusCode !== 401))
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    '100 concurrent sign-ins to unknown emails from one address: at most 30 are checked',
    async () => {
      const app = await t.app();
      const before = passwordChecks();
      const res = await Promise.all(
        Array.from({ length: 100 }, (_, i) => login(app, `nobody-${i}@example.com`, 'a guess')),
      );
      const checked = passwordChecks() - before;
      expect(checked).toBeLessThanOrEqual(30);
      const counts = statuses(res);
      expect(counts[401] ?? 0).toBe(checked);
      // The rest are refused: over the address's limit (429), or told to come back while the address's check
      // runs (503, counted against the address). Either way they say when.
      expect((counts[401] ?? 0) + (counts[429] ?? 0) + (counts[503] ?? 0)).toBe(100);
      for (const r of res.filter((x) => x.statusCode !== 401))
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    '10 concurrent sign-ins from an address one short of its limit: one is counted, nine refused',
    async () => {
      const app = await t.app();
      const db = (await t.database()).db;
      await db.insert(signInAttempts).values({ key: signInLimits('any@example.com', ATTACKER).address.key, count: 29 });
      const before = passwordChecks();
      const res = await Promise.all(
        Array.from({ length: 10 }, (_, i) => login(app, `nobody-${i}@example.com`, 'a guess')),
      );
      expect(passwordChecks() - before).toBeLessThanOrEqual(1);
      const counts = statuses(res);
      expect((counts[401] ?? 0) + (counts[503] ?? 0)).toBe(1);
      expect(counts[429]).toBe(9);
    },
    SLOW,
  );

  it(
    'the right password sent while 30 wrong ones from its address are answered does not sign in',
    async () => {
      const app = await t.app();
      await signedIn(app, 'engineer', { email: 'target@example.com' });
      const answered: number[] = [];
      const wrong = Array.from({ length: 30 }, () =>
        login(app, 'target@example.com', 'a guess').then((r) => (answered.push(r.statusCode), r)),
      );
      // All but the one being checked have their answer: the address's 30 attempts are spent.
      await vi.waitFor(() => expect(answered.length).toBe(29), { timeout: 20_000, interval: 2 });
      const right = await login(app, 'target@example.com', TEST_PASSWORD);
      expect(right.statusCode).toBe(429);
      expect(statuses(await Promise.all(wrong))).toEqual({ 401: 1, 503: 29 });
    },
    SLOW,
  );
});

describe('password hashing under a flood', () => {
  it(
    'past the checks the server runs and queues, a sign-in is told to come back (503), counted against its address only',
    async () => {
      const app = await t.app();
      await signedIn(app, 'engineer', { email: 'target@example.com' });
      const addresses = ['192.0.2.1', '192.0.2.2', '192.0.2.3'];
      configurePasswordHashing({ concurrency: 1, queue: 0 });
      try {
        const before = passwordChecks();
        const res = await Promise.all(addresses.map((ip) => login(app, 'target@example.com', 'a guess', ip)));
        expect(passwordChecks() - before).toBe(1);
        expect(statuses(res)).toEqual({ 401: 1, 503: 2 });
        const busy = res.find((r) => r.statusCode === 503)!;
        expect(busy.json().error.code).toBe('busy');
        expect(busy.headers['retry-after']).toBe('5');
      } finally {
        const { passwordHashConcurrency, passwordHashQueue } = loadConfig({});
        configurePasswordHashing({ concurrency: passwordHashConcurrency, queue: passwordHashQueue });
      }
      const db = (await t.database()).db;
      const countOf = async (key: string) =>
        (await db.select().from(signInAttempts).where(eq(signInAttempts.key, key)))[0]?.count;
      // Each address spent an attempt, so an address that is only ever told "busy" still meets its limit ...
      for (const ip of addresses) expect(await countOf(signInLimits('any@example.com', ip).address.key)).toBe(1);
      // ... while the account got the busy ones back: the owner still has every attempt but the one checked.
      expect(await countOf(signInLimits('target@example.com', OWNER).account.key)).toBe(1);
    },
    SLOW,
  );

  it(
    'a second sign-in from an address whose check is running is told to come back, and counted',
    async () => {
      const app = await t.app();
      await signedIn(app, 'engineer', { email: 'target@example.com' });
      const before = passwordChecks();
      const first = login(app, 'target@example.com', 'a guess');
      await vi.waitFor(() => expect(passwordChecks() - before).toBe(1), { timeout: 20_000, interval: 2 });
      const second = await login(app, 'someone-else@example.com', 'a guess');
      expect(second.statusCode).toBe(503);
      expect(second.headers['retry-after']).toBe('5');
      expect((await first).statusCode).toBe(401);
      const db = (await t.database()).db;
      const [address] = await db
        .select()
        .from(signInAttempts)
        .where(eq(signInAttempts.key, signInLimits('any@example.com', ATTACKER).address.key));
      expect(address?.count).toBe(2);
    },
    SLOW,
  );
});

describe('lockout is not a weapon', () => {
  it(
    "an attacker's failures from one address do not lock the owner out from another",
    async () => {
      const app = await t.app();
      await signedIn(app, 'engineer', { email: 'owner@example.com' });
      // The attacker guesses in turn until refused: five wrong passwords for the account at its address.
      const attack: number[] = [];
      while (attack.at(-1) !== 429) attack.push((await login(app, 'owner@example.com', 'a guess')).statusCode);
      expect(attack).toEqual([401, 401, 401, 401, 401, 429]);
      const owner = await login(app, 'owner@example.com', TEST_PASSWORD, OWNER);
      expect(owner.statusCode).toBe(200);
      // The attacker's own address stays limited, whatever it sends now.
      expect((await login(app, 'owner@example.com', TEST_PASSWORD, ATTACKER)).statusCode).toBe(429);
    },
    SLOW,
  );

  it(
    'many attempts on an account from everywhere slow its sign-in down, and only very many refuse it',
    async () => {
      const app = await t.app();
      const db = (await t.database()).db;
      await signedIn(app, 'engineer', { email: 'owner@example.com' });
      const { account } = signInLimits('owner@example.com', OWNER);
      // 13 attempts from elsewhere: the 14th waits 4 x 250 ms before its check, and still signs in.
      await db.insert(signInAttempts).values({ key: account.key, count: 13 });
      const started = Date.now();
      expect((await login(app, 'owner@example.com', TEST_PASSWORD, OWNER)).statusCode).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      // At the account's own limit (reached from 20 addresses or more) even the owner waits for the window.
      await db.update(signInAttempts).set({ count: account.max });
      const refused = await login(app, 'owner@example.com', TEST_PASSWORD, OWNER);
      expect(refused.statusCode).toBe(429);
    },
    SLOW,
  );

  it('warns once when requests carry X-Forwarded-For but no proxy is trusted', async () => {
    const { buildApp } = await import('../../src/app.js');
    const { loadConfig } = await import('../../src/config.js');
    const database = await t.database();
    for (const trustProxy of [false, '10.0.0.0/8'] as const) {
      const config = { ...loadConfig({}), trustProxy, webDist: undefined, logLevel: 'silent' };
      const app = await buildApp(config, database, { logger: false });
      const warn = vi.spyOn(app.log, 'warn');
      for (let i = 0; i < 3; i++) {
        await app.inject({ method: 'GET', url: '/api/auth/setup', headers: { 'x-forwarded-for': '198.51.100.7' } });
      }
      const warnings = warn.mock.calls.filter((c) => JSON.stringify(c).includes('TRUST_PROXY'));
      expect(warnings).toHaveLength(trustProxy ? 0 : 1);
      await app.close();
    }
  });
});
