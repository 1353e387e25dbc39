import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError, registerErrorHandler } from '../../src/http/errors.js';
import { waitForOwnNotices } from '../../src/response-cache/writes-wait-for-their-notices.js';

/** A listening connection that does not answer: every write that waits for it waits until it is let go. */
function stalledListener() {
  let letGo = () => {};
  const heard = new Promise<void>((resolve) => (letGo = resolve));
  let asked = 0;
  return {
    settle: () => {
      asked++;
      return heard;
    },
    letGo: () => letGo(),
    asked: () => asked,
  };
}

const answeredWithin = async (app: FastifyInstance, method: 'POST' | 'DELETE', url: string, ms: number) =>
  Promise.race([
    app.inject({ method, url }).then((res) => res.statusCode),
    new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), ms)),
  ]);

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('a write is answered once its own server has heard it; a refusal changed nothing', () => {
  async function appWith(listener: ReturnType<typeof stalledListener>) {
    app = Fastify();
    registerErrorHandler(app);
    waitForOwnNotices(app, listener.settle);
    app.post('/stored', async (_request, reply) => reply.status(201).send({ id: 'x' }));
    app.delete('/gone', async (_request, reply) => reply.status(204).send());
    app.post('/too-many', async () => {
      throw new HttpError(429, 'rate_limited', 'Too many sign-in attempts', undefined, { 'Retry-After': '60' });
    });
    app.post('/busy', async () => {
      throw new HttpError(503, 'busy', 'The server is busy signing people in');
    });
    app.post('/wrong-password', async () => {
      throw new HttpError(401, 'bad_credentials', 'Email or password is incorrect');
    });
    app.post('/bad-input', async () => {
      throw new HttpError(422, 'validation_failed', 'Name is required', { name: 'Required' });
    });
    await app.ready();
    return app;
  }

  it('answers refusals (429, 503, 401, 422) at once while the listening connection is stalled', async () => {
    const listener = stalledListener();
    const server = await appWith(listener);
    expect(await answeredWithin(server, 'POST', '/too-many', 10_000)).toBe(429);
    expect(await answeredWithin(server, 'POST', '/busy', 10_000)).toBe(503);
    expect(await answeredWithin(server, 'POST', '/wrong-password', 10_000)).toBe(401);
    expect(await answeredWithin(server, 'POST', '/bad-input', 10_000)).toBe(422);
    expect(listener.asked()).toBe(0);
  });

  it('holds a stored write until the server has heard its change, then answers it', async () => {
    const listener = stalledListener();
    const server = await appWith(listener);
    const stored = server.inject({ method: 'POST', url: '/stored' }).then((res) => res.statusCode);
    const gone = server.inject({ method: 'DELETE', url: '/gone' }).then((res) => res.statusCode);
    expect(await Promise.race([stored, new Promise((r) => setTimeout(() => r('still waiting'), 300))])).toBe(
      'still waiting',
    );
    listener.letGo();
    expect(await stored).toBe(201);
    expect(await gone).toBe(204);
    expect(listener.asked()).toBe(2);
  });
});
