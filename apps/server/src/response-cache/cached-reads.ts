import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResponseCache, CachedResponse } from './cache.js';

/** The ETag @fastify/etag would give the same body (SHA-1, base64, strong), so a cached response keeps it. */
const etagOf = (payload: Buffer) => `"${createHash('sha1').update(payload).digest('base64')}"`;

/** The body's bytes in memory of their own: a small pooled Buffer would hold its whole pool slab for as long. */
function bytesOf(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/** Sends the answer as written; the handler returns the reply, which Fastify takes as already sent. */
function send<T>(reply: FastifyReply, answer: CachedResponse): T {
  return reply.header('etag', answer.etag).type('application/json; charset=utf-8').send(answer.payload) as unknown as T;
}

/**
 * A route's read, answered from the cache when this caller's same request was answered since anything it was
 * made from changed. `tagsOf` names what the answer was made from. A read that fails is not kept.
 */
export function cachedReads(answers: ResponseCache) {
  return async function cachedRead<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    read: () => Promise<T>,
    tagsOf: (answer: T) => string[],
  ): Promise<T> {
    if (!answers.enabled) return read();
    const user = request.user!;
    const key = `${user.id} ${user.role} ${request.url}`;
    const hit = answers.get(key);
    if (hit) return send<T>(reply, hit);
    const begun = answers.begin();
    const answer = await read();
    const payload = bytesOf(reply.serialize(answer) as string);
    const kept = { payload, etag: etagOf(payload) };
    answers.keep(key, begun, tagsOf(answer), kept);
    return send<T>(reply, kept);
  };
}

export type CachedReads = ReturnType<typeof cachedReads>;

/** Tags of what an answer was made from, as the database names them in its notices (migration 0030). */
export const tag = {
  site: (id: string) => `s:${id}`,
  person: (id: string) => `u:${id}`,
  everySite: 'sites',
} as const;
