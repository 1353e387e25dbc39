import type { FastifyRequest } from 'fastify';
import { hashToken } from '../users/repository.js';

/** The session cookie's name. */
export const SESSION_COOKIE = 'hiu_session';

/** What a request signs in with, an API token else the session cookie, as stored: hashed, never the secret. */
export interface Credential {
  kind: 'token' | 'session';
  hash: string;
}

const BEARER = /^Bearer\s+(\S+)$/i;
const seen = new WeakMap<object, Credential | null>();

/** The request's credential, hashed once: the read limit counts by it and the session lookup finds it by it. */
export function credentialOf(request: Pick<FastifyRequest, 'headers' | 'cookies'>): Credential | undefined {
  let credential = seen.get(request);
  if (credential === undefined) {
    const bearer = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const session = bearer ? undefined : request.cookies[SESSION_COOKIE];
    const secret = bearer ?? session;
    credential = secret ? { kind: bearer ? 'token' : 'session', hash: hashToken(secret) } : null;
    seen.set(request, credential);
  }
  return credential ?? undefined;
}
