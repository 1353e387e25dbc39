import type { FastifyInstance } from 'fastify';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether an answer to a write may follow a change: a refusal (4xx) or a "busy" (503) stored nothing (every
 * refusal leaves what is stored as it was), so it has no change to wait for.
 */
export const mayFollowAChange = (method: string, status: number) =>
  WRITES.has(method) && !(status >= 400 && status < 500) && status !== 503;

/**
 * A write is answered once this server has heard the change it made (`settle`: one round trip on the listening
 * connection), so the caller's next read on this server sees it (decision 203). A refusal is answered at once:
 * a sign-in flood's hundreds of refusals a second would otherwise keep that connection busy and every other
 * write's answer waiting behind its round trips (decision 264).
 */
export function waitForOwnNotices(app: FastifyInstance, settle: () => Promise<void>) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!mayFollowAChange(request.method, reply.statusCode)) return done(null, payload);
    settle().then(() => done(null, payload), done);
  });
}
