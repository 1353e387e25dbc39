import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const LONG = 60_000;

/** A real server (the timeouts live in Node's HTTP server, which inject() bypasses) with short settings. */
async function serve(http: Partial<Config['http']>) {
  const config = {
    ...loadConfig({}),
    webDist: undefined,
    logLevel: 'silent',
    http: { headersTimeoutMs: LONG, requestTimeoutMs: LONG, idleTimeoutMs: LONG, keepAliveTimeoutMs: 5_000, ...http },
  };
  app = await buildApp(config, await t.database(), { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** Opens a raw connection, sends `parts` one every `everyMs`, and resolves when the server closes it. */
function sendSlowly(port: number, parts: string[], everyMs: number, giveUpMs = 10_000) {
  return new Promise<{ closedAfterMs: number; answer: string }>((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1');
    let i = 0;
    const drip = setInterval(() => {
      if (i < parts.length && !socket.destroyed) socket.write(parts[i++]!);
    }, everyMs);
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('connect', () => parts.length > 0 && socket.write(parts[i++]!));
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
  });
}

/** Stalled and slow connections are cut (decision 110), so a few hundred of them cannot hold the server. */
describe('slow connections', () => {
  it('headers sent a byte at a time are cut at the headers timeout', async () => {
    const port = await serve({ headersTimeoutMs: 500 });
    const headers = 'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'a'.repeat(200);
    const { closedAfterMs, answer } = await sendSlowly(port, headers.split(''), 50);
    expect(closedAfterMs).toBeLessThan(2_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a body that never finishes is cut at the request timeout', async () => {
    const port = await serve({ headersTimeoutMs: 500, requestTimeoutMs: 1_000 });
    const start = 'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n';
    const { closedAfterMs, answer } = await sendSlowly(
      port,
      [`${start}Content-Length: 100\r\n\r\n{"email":`, '"a', '@', 'b'],
      100,
    );
    expect(closedAfterMs).toBeLessThan(2_500);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a connection that sends nothing is closed at the idle timeout', async () => {
    const port = await serve({ idleTimeoutMs: 500 });
    const { closedAfterMs } = await sendSlowly(port, [], 100);
    expect(closedAfterMs).toBeLessThan(2_000);
  });

  it('a normal request still gets its answer', async () => {
    const port = await serve({ headersTimeoutMs: 500, requestTimeoutMs: 1_000, idleTimeoutMs: 500 });
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/setup`);
    expect(res.status).toBe(200);
  });
});
