import net from 'node:net';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { logAbortedRequests, logSerializers, RequestLog } from '../src/http/request-log.js';
import { useTestApp } from './helpers/test-app.js';

/** A small server with the app's request log (its controller and serializers), its lines kept as parsed JSON. */
async function loggedServer() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream, serializers: logSerializers },
    logController: new RequestLog(),
  });
  logAbortedRequests(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/broken', async () => {
    throw new Error('broken on purpose');
  });
  let answer = () => {};
  app.get('/slow', () => new Promise<{ late: boolean }>((resolve) => (answer = () => resolve({ late: true }))));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as net.AddressInfo).port;
  return {
    app,
    port,
    lines,
    answerSlow: () => answer(),
    requestLines: () => lines.filter((l) => 'req' in l || 'res' in l),
  };
}

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => close?.());

describe('request log', () => {
  it('writes one line per answered request, with the request, its status and the time taken', async () => {
    const server = await loggedServer();
    close = () => server.app.close();
    await fetch(`http://127.0.0.1:${server.port}/ok?x=1`);
    await fetch(`http://127.0.0.1:${server.port}/nowhere`);
    const lines = server.requestLines();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/ok?x=1', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(lines[0]!.responseTime).toEqual(expect.any(Number));
    expect(lines[1]).toMatchObject({ req: { url: '/nowhere' }, res: { statusCode: 404 } });
    expect(lines.every((l) => l.msg !== 'incoming request')).toBe(true);
  });

  it('logs a failed request with its error', async () => {
    const server = await loggedServer();
    close = () => server.app.close();
    expect((await fetch(`http://127.0.0.1:${server.port}/broken`)).status).toBe(500);
    const completed = server.lines.filter((l) => l.msg === 'request completed' || l.msg === 'request errored');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ req: { url: '/broken' }, res: { statusCode: 500 } });
    // Fastify's own error line names the error.
    expect(server.lines.some((l) => (l.err as { message?: string } | undefined)?.message === 'broken on purpose')).toBe(
      true,
    );
  });

  it('never writes a credential: token-like query parameters, secret path segments, Authorization and cookies', async () => {
    const server = await loggedServer();
    close = () => server.app.close();
    const apiToken = `hiu_${'Ab1_-'.repeat(8)}xyz`;
    const linkToken = 'ZG93bmxvYWQtbGluay10b2tlbi0xMjM0NTY3ODkwYWJjZGVm';
    const secrets = [apiToken, linkToken, 's3cr3t-one', 's3cr3t-two', 's3cr3t-three', 's3cr3t-four', 's3cr3t-five'];
    const base = `http://127.0.0.1:${server.port}`;
    await fetch(`${base}/ok?token=s3cr3t-one&x=1`);
    await fetch(`${base}/ok?access_token=s3cr3t-two&page=2`);
    await fetch(`${base}/ok?api_key=s3cr3t-three&X-Amz-Signature=s3cr3t-four`);
    await fetch(`${base}/ok?Password=s3cr3t-five`);
    await fetch(`${base}/ok?t=${apiToken}`);
    await fetch(`${base}/ok?access%5Ftoken=s3cr3t-one`);
    await fetch(`${base}/downloads/${linkToken}/report.pdf`);
    await fetch(`${base}/unsubscribe/${apiToken}`);
    await fetch(`${base}/ok`, { headers: { authorization: `Bearer ${apiToken}`, cookie: `hiu_session=${linkToken}` } });
    const lines = server.requestLines();
    expect(lines.length).toBeGreaterThanOrEqual(9);
    const written = JSON.stringify(server.lines);
    for (const secret of secrets) expect(written, secret).not.toContain(secret);
    const urls = lines.map((l) => (l.req as { url: string }).url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/ok?token=[REDACTED]&x=1',
        '/ok?access_token=[REDACTED]&page=2',
        '/ok?api_key=[REDACTED]&X-Amz-Signature=[REDACTED]',
        '/ok?Password=[REDACTED]',
        '/ok?t=[REDACTED]',
        '/ok?access%5Ftoken=[REDACTED]',
        '/downloads/[REDACTED]/report.pdf',
        '/unsubscribe/[REDACTED]',
      ]),
    );
    // What identifies a request stays: ids, names and ordinary parameters.
    await fetch(`${base}/ok?siteId=0b7f1a9e-2c1d-4e8f-a3b5-6d7e8f9a0b1c&q=Flat+1`);
    expect((server.requestLines().at(-1)!.req as { url: string }).url).toBe(
      '/ok?siteId=0b7f1a9e-2c1d-4e8f-a3b5-6d7e8f9a0b1c&q=Flat+1',
    );
  });

  it('still leaves a line for a request its client gave up on before the answer', async () => {
    const server = await loggedServer();
    close = () => server.app.close();
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(() => server.app.server.listenerCount('request')).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await expect
      .poll(() => server.lines.find((l) => l.msg === 'request aborted by the client'))
      .toMatchObject({ req: { method: 'GET', url: '/slow' } });
    server.answerSlow();
  });
});

describe("the app's request log", () => {
  const t = useTestApp();

  it('writes no token from the address or the Authorization header', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const app = await buildApp(
      { ...loadConfig({}), databaseUrl: await t.databaseUrl(), webDist: undefined, logLevel: 'info' },
      await t.database(),
      { logStream: stream },
    );
    try {
      const apiToken = `hiu_${'Zx9-_'.repeat(8)}abc`;
      // Answered 401 (no such token), and logged like any request.
      await app.inject({ url: '/api/health?token=s3cr3t-app&ok=1', headers: { authorization: `Bearer ${apiToken}` } });
      await app.inject({ url: `/api/no-such-thing?access_token=${apiToken}` });
    } finally {
      await app.close();
    }
    const written = lines.join('');
    expect(written).toContain('/api/health?token=[REDACTED]&ok=1');
    expect(written).not.toContain('s3cr3t-app');
    expect(written).not.toContain('Zx9-_');
  });
});
