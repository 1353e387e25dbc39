import net from 'node:net';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { logAbortedRequests, RequestLog } from '../src/http/request-log.js';

/** A small server with the app's request log, its lines kept as parsed JSON. */
async function loggedServer() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: new RequestLog() });
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
