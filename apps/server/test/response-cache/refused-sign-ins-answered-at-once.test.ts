import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { signInAttempts } from '../../src/db/schema.js';
import { signInLimits } from '../../src/http/sign-in-limits.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

/** An address past its sign-in limit, as a flood's is after its first seconds. */
const FLOODING = '203.0.113.77';

describe('a sign-in flood and the connection that hears changes', () => {
  it("answers an address's refused sign-ins at once while the listening connection is silent", async (ctx) => {
    ctx.skip(process.env.TEST_DB !== 'postgres', 'PGlite hears its notices in process: no connection to wait for');
    const url = new URL((await t.databaseUrl())!);
    // The listening connection goes through a relay that can go silent: a write's answer that waits for it waits
    // until the round trip is given up (5 s).
    const links: net.Socket[][] = [];
    const relay = net.createServer((down) => {
      const up = net.connect(Number(url.port || 5432), url.hostname);
      down.pipe(up).pipe(down);
      links.push([down, up]);
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const relayed = new URL(url);
    relayed.host = `127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
    const config = {
      ...loadConfig({}),
      databaseUrl: relayed.toString(),
      webDist: undefined,
      logLevel: 'silent',
      trustProxy: 'loopback',
    };
    const { db } = await t.database();
    await db.insert(signInAttempts).values({ key: signInLimits('any@example.com', FLOODING).address.key, count: 30 });
    const app = await buildApp(config, await t.database(), { logger: false });
    try {
      await app.ready();
      for (const [down, up] of links as [net.Socket, net.Socket][]) {
        down.unpipe(up);
        up.unpipe(down);
      }
      // The first refusal asks the database (and remembers the full address), the rest are answered from memory.
      for (let i = 0; i < 5; i++) {
        const started = Date.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'x-forwarded-for': FLOODING },
          payload: { email: `nobody-${i}@example.com`, password: 'a guess' },
        });
        expect(res.statusCode, res.body).toBe(429);
        expect(res.json().error.message).toMatch(/Too many sign-in attempts/);
        expect(Date.now() - started).toBeLessThan(3_000);
      }
    } finally {
      for (const link of links) for (const socket of link) socket.destroy();
      await app.close();
      await new Promise((r) => relay.close(r));
    }
  });
});
