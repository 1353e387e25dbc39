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

/** The limits are taken in the database before the password is checked (decision 110), so a burst cannot outrun them. */
describe('sign-in limits under concurrent attempts', () => {
  it(
    '60 concurrent wrong passwords for one account from one address: 5 are checked, 55 refused',
    async () => {
      const app = await t.app();
      await signedIn(app, 'engineer', { email: 'target@example.com' });
      const before = passwordChecks();
      const res = await Promise.all(Array.from({ length: 60 }, () => login(app, 'target@example.com', 'a guess')));
      expect(passwordChecks() - before).toBe(5);
      expect(statuses(res)).toEqual({ 401: 5, 429: 55 });
      const refused = res.find((r) => r.statusCode === 429)!;
      expect(refused.json().error.code).toBe('rate_limited');
      expect(refused.json().error.message).toMatch(
        /^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/,
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
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
      expect(counts[401]).toBe(checked);
      // The rest are refused: over the address's limit (429), or, past what the server can hash at once, told to
      // come back (503) without being counted. Either way they say when.
      expect((counts[401] ?? 0) + (counts[429] ?? 0) + (counts[503] ?? 0)).toBe(100);
      for (const r of res.filter((x) => x.statusCode !== 401))
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    '10 concurrent sign-ins from an address one short of its limit: one is checked',
    async () => {
      const app = await t.app();
      const db = (await t.database()).db;
      await db.insert(signInAttempts).values({ key: signInLimits('any@example.com', ATTACKER).address.key, count: 29 });
      const before = passwordChecks();
      const res = await Promise.all(
        Array.from({ length: 10 }, (_, i) => login(app, `nobody-${i}@example.com`, 'a guess')),
      );
      expect(passwordChecks() - before).toBe(1);
      expect(statuses(res)).toEqual({ 401: 1, 429: 9 });
    },
    SLOW,
  );

  it(
    'the right password sent while 30 wrong ones are being checked does not sign in',
    async () => {
      const app = await t.app();
      await signedIn(app, 'engineer', { email: 'target@example.com' });
      const before = passwordChecks();
      const wrong = Promise.all(Array.from({ length: 30 }, () => login(app, 'target@example.com', 'a guess')));
      // The limit's worth of wrong guesses are being checked: the right one comes now, still concurrently.
      await vi.waitFor(() => expect(passwordChecks() - before).toBeGreaterThanOrEqual(5), {
        timeout: 20_000,
        interval: 2,
      });
      const right = await login(app, 'target@example.com', TEST_PASSWORD);
      expect(right.statusCode).toBe(429);
      expect(statuses(await wrong)).toEqual({ 401: 5, 429: 25 });
    },
    SLOW,
  );
});

describe('password hashing under a flood', () => {
  it(
    'past the checks the server runs and queues, a sign-in is told to come back (503) and nothing is counted',
    async () => {
      const app = await t.app();
      await signedIn(app, 'engineer', { email: 'target@example.com' });
      configurePasswordHashing({ concurrency: 1, queue: 0 });
      try {
        const before = passwordChecks();
        const res = await Promise.all(
          ['192.0.2.1', '192.0.2.2', '192.0.2.3'].map((ip) => login(app, 'target@example.com', 'a guess', ip)),
        );
        expect(passwordChecks() - before).toBe(1);
        expect(statuses(res)).toEqual({ 401: 1, 503: 2 });
        const busy = res.find((r) => r.statusCode === 503)!;
        expect(busy.json().error.code).toBe('busy');
        expect(busy.headers['retry-after']).toBe('5');
      } finally {
        const { passwordHashConcurrency, passwordHashQueue } = loadConfig({});
        configurePasswordHashing({ concurrency: passwordHashConcurrency, queue: passwordHashQueue });
      }
      // The busy ones' account counts were given back: the owner still has every attempt but the one checked.
      const db = (await t.database()).db;
      const [account] = await db
        .select()
        .from(signInAttempts)
        .where(eq(signInAttempts.key, signInLimits('target@example.com', OWNER).account.key));
      expect(account?.count).toBe(1);
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
      const attack = await Promise.all(Array.from({ length: 20 }, () => login(app, 'owner@example.com', 'a guess')));
      expect(statuses(attack)).toEqual({ 401: 5, 429: 15 });
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
