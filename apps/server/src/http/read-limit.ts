import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { credentialOf } from './credential.js';
import { HttpError } from './errors.js';
import { ReadLimitStore } from './read-limit-store.js';
import { ReadsInFlight } from './reads-in-flight.js';

export interface ReadLimit {
  /** Reads one caller may make in a window; 0 turns the limit off. */
  max: number;
  windowMs: number;
  /** Reads of one caller worked on at once; the caller's further reads wait their turn. */
  atOnce: number;
}

/** How long a refused read waits before its 429 is sent. */
export const REFUSAL_PAUSE_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whose count a request goes on: its API token, else its session, else its address. Taken from
 * the credential as sent, before any lookup, so a flood costs no database work; kept hashed, never the secret.
 */
export function readLimitKey(request: Pick<FastifyRequest, 'headers' | 'cookies' | 'ip'>): string {
  const credential = credentialOf(request);
  return credential ? `${credential.kind}:${credential.hash}` : `address:${request.ip}`;
}

/** Only the API's reads are counted: writes have limits of their own, the web app's files are static. */
export const isCountedRead = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') && url.startsWith('/api/');

export function tooManyReads(retryAfterSeconds: number) {
  const unit = retryAfterSeconds === 1 ? 'second' : 'seconds';
  return new HttpError(
    429,
    'rate_limited',
    `Too many requests. Please wait ${retryAfterSeconds} ${unit} and try again.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/**
 * Each caller's reads are counted, and taken in turns, in this server's memory. Registered before
 * the session is looked up, so a refused read costs a hash, a map lookup and its pause's timer.
 */
export async function registerReadLimit(app: FastifyInstance, limit: ReadLimit) {
  if (limit.max <= 0) return;
  await app.register(rateLimit, { global: false, store: ReadLimitStore });
  const limiter = app.rateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: readLimitKey,
    allowList: (request) => !isCountedRead(request.method, request.url),
    errorResponseBuilder: (_request, context) => tooManyReads(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  const inFlight = new ReadsInFlight(Math.max(1, limit.atOnce));
  app.addHook('onRequest', async function (request, reply) {
    try {
      await limiter.call(this, request, reply);
    } catch (err) {
      // A loop that asks again the moment it is refused would spend the server on refusals: each one is
      // answered only after a pause (at most the window), so such a loop sends one request a second.
      if (err instanceof HttpError && err.status === 429) await sleep(Math.min(REFUSAL_PAUSE_MS, limit.windowMs));
      throw err;
    }
    if (!isCountedRead(request.method, request.url)) return;
    const turn = inFlight.enter(readLimitKey(request));
    // 'close' comes once the answer is sent or the connection is gone, whichever way the request ends.
    reply.raw.once('close', turn.leave);
    await turn.ready;
  });
}
