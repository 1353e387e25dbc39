import { afterAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { signInAttempts } from '../../src/db/schema.js';
import { configurePasswordHashing, passwordChecks } from '../../src/http/passwords.js';
import { signInLimits } from '../../src/http/sign-in-limits.js';
import { signedIn, TEST_PASSWORD, useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

/** Each check is a deliberately slow scrypt, one at a time here. */
const SLOW = 120_000;
const ATTACKERS = Array.from({ length: 40 }, (_, n) => `203.0.113.${n + 1}`);

let proxied: FastifyInstance | undefined;
/** The app behind a load balancer on this host (TRUST_PROXY=loopback): X-Forwarded-For names each caller. */
async function behindProxy() {
  proxied ??= await buildApp(
    { ...loadConfig({}), webDist: undefined, logLevel: 'silent', trustProxy: 'loopback' },
    await t.database(),
    { logger: false },
  );
  return proxied;
}
afterAll(async () => {
  await proxied?.close();
});

/** Password checks one at a time and `queue` waiting, as on a small server; the defaults again afterwards. */
async function hashingOf(queue: number, test: () => Promise<void>) {
  configurePasswordHashing({ concurrency: 1, queue });
  try {
    await test();
  } finally {
    const { passwordHashConcurrency, passwordHashQueue } = loadConfig({});
    configurePasswordHashing({ concurrency: passwordHashConcurrency, queue: passwordHashQueue });
  }
}

const signIn = (app: FastifyInstance, ip: string, email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-forwarded-for': ip },
    payload: { email, password },
  });

/** Every attacker guesses again as soon as it has its answer, as a script does, until stopped. */
function flood(app: FastifyInstance) {
  let stopped = false;
  const latest = new Map<string, number>();
  const unexpected: string[] = [];
  const loops = ATTACKERS.map(async (ip, n) => {
    for (let i = 0; !stopped; i++) {
      const res = await signIn(app, ip, `nobody-${n}-${i}@example.com`, 'a guess');
      latest.set(ip, res.statusCode);
      const toldWhen = Number(res.headers['retry-after']) > 0;
      if (res.statusCode === 401 || ([429, 503].includes(res.statusCode) && toldWhen)) continue;
      unexpected.push(`${res.statusCode} ${res.body}`);
    }
  });
  return {
    latest,
    unexpected,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

describe('sign-in under a flood from many addresses', () => {
  it(
    'an owner at a fresh address signs in at the first try while 40 addresses flood, and the flood meets its limits',
    async () => {
      const app = await behindProxy();
      await signedIn(await t.app(), 'engineer', { email: 'owner@example.com' });
      // A flood under way: each attacker has made 20 of its 30 attempts.
      const db = (await t.database()).db;
      await db
        .insert(signInAttempts)
        .values(ATTACKERS.map((ip) => ({ key: signInLimits('any@example.com', ip).address.key, count: 20 })));
      await hashingOf(3, async () => {
        const attack = flood(app);
        try {
          // Every attacker has had an answer: the flood is at full pace.
          await vi.waitFor(() => expect(attack.latest.size).toBe(ATTACKERS.length), { timeout: 30_000, interval: 5 });
          for (const ip of ['198.51.100.31', '198.51.100.32', '198.51.100.33']) {
            const owner = await signIn(app, ip, 'owner@example.com', TEST_PASSWORD);
            expect(owner.statusCode, owner.body).toBe(200);
          }
          // "Busy" answers count against their address too, and a flood past three attempts an address has one check
          // at a time and no place in line: all but the address of the check running soon stand refused (429).
          await vi.waitFor(
            () => expect([...attack.latest.values()].filter((s) => s === 429).length).toBeGreaterThanOrEqual(39),
            { timeout: 30_000, interval: 20 },
          );
        } finally {
          await attack.stop();
        }
        expect(attack.unexpected).toEqual([]);
      });
    },
    SLOW,
  );

  it(
    'a fresh address takes the place in line of an address with more attempts, which is told to come back',
    async () => {
      const app = await behindProxy();
      await signedIn(await t.app(), 'engineer', { email: 'owner@example.com' });
      const db = (await t.database()).db;
      const [first, second] = ATTACKERS;
      // Two attempts each so far: an address past three would never wait in line.
      for (const ip of [first!, second!])
        await db.insert(signInAttempts).values({ key: signInLimits('any@example.com', ip).address.key, count: 2 });
      await hashingOf(1, async () => {
        const before = passwordChecks();
        const checked = signIn(app, first!, 'nobody-1@example.com', 'a guess');
        await vi.waitFor(() => expect(passwordChecks() - before).toBe(1), { timeout: 20_000, interval: 2 });
        const waiting = signIn(app, second!, 'nobody-2@example.com', 'a guess');
        await vi.waitFor(() => expect(passwordChecks() - before).toBe(2), { timeout: 20_000, interval: 2 });
        // The line is full (one checked, one waiting); the owner's address has made no attempt yet.
        const owner = await signIn(app, '198.51.100.40', 'owner@example.com', TEST_PASSWORD);
        expect(owner.statusCode, owner.body).toBe(200);
        const refused = await waiting;
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('5');
        expect((await checked).statusCode).toBe(401);
      });
    },
    SLOW,
  );
});
