import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '@hiu/domain';
import { HttpError } from './errors.js';
import { credentialOf, SESSION_COOKIE } from './credential.js';
import type { UsersRepository } from '../users/sessions.js';

/**
 * Who may call a route. Every route declares it in `config.access`; the default is signed-in users.
 * `field`: everyone but clients (they only read); `supervisor`: supervisors and admins;
 * `oversight`: everyone but engineers (a site's evidence: supervisors, clients, assessors, admins); `witness`:
 * assessors and admins (a witness record with its signature); `manage`: admins, and
 * API tokens of scope manage on their own sites (creating and changing sites and flats).
 * Which sites a caller may touch is checked inside the route (site-access.ts).
 */
export type Access = 'public' | 'user' | 'field' | 'supervisor' | 'oversight' | 'witness' | 'manage' | 'admin';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    /** The caller is an API token, not a person signed in. */
    viaToken: boolean;
  }
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Only a person signed in may do this: a review decision, a correction, a sign-off or a witness record binds
     * a named person, so no API token may make one, whatever its scope (docs/product.md#api-tokens).
     */
    peopleOnly?: boolean;
    /**
     * A public link a mail program posts a form to (one-click unsubscribe, RFC 8058): it comes from no page
     * of ours and its secret is in the address, so the cross-site and form-body refusals do not apply.
     */
    formPost?: boolean;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export { SESSION_COOKIE };

export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw new HttpError(401, 'unauthenticated', 'Please sign in');
  return request.user;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expires: Date,
  secure: boolean,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure || request.protocol === 'https',
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function registerAccess(
  app: FastifyInstance,
  users: UsersRepository,
  /** The scope of the API token whose account this is. */
  tokenScope: (userId: string) => Promise<string | undefined>,
) {
  app.decorateRequest('user', null);
  app.decorateRequest('viaToken', false);
  // onRequest, before the body is read or validated: a caller without access learns nothing else.
  app.addHook('onRequest', async (request) => {
    // Only the API is guarded; the web app's static files are public.
    if (!request.url.startsWith('/api/')) return;
    const access = request.routeOptions.config?.access ?? 'user';
    const credential = credentialOf(request);
    if (credential?.kind === 'token') {
      // An API token: acts as its own account; one that does not work says so.
      request.user = (await users.userForApiTokenHash(credential.hash)) ?? null;
      if (!request.user)
        throw new HttpError(401, 'invalid_token', 'This API token is not valid: it is unknown, revoked or expired');
      request.viaToken = true;
    } else if (credential) {
      request.user = (await users.userForSessionHash(credential.hash)) ?? null;
    }
    if (access === 'public') return;
    const user = requireUser(request);
    if (request.viaToken) {
      // Scopes decide writes: a read token (a client's account) writes nothing.
      if (user.role === 'client' && !READS.has(request.method))
        throw new HttpError(403, 'forbidden', 'This API token may only read');
      if (request.routeOptions.config?.peopleOnly)
        throw new HttpError(
          403,
          'forbidden',
          'Only a person signed in may do this: API tokens cannot review, correct, witness or sign off',
        );
    }
    if (access === 'admin' && user.role !== 'admin') throw new HttpError(403, 'forbidden', 'Admins only');
    // A manage token acts as an admin here, on the sites it belongs to (each route checks the site).
    if (access === 'manage' && user.role !== 'admin' && !(request.viaToken && (await tokenScope(user.id)) === 'manage'))
      throw new HttpError(403, 'forbidden', 'Admins only');
    if (access === 'supervisor' && user.role !== 'admin' && user.role !== 'supervisor')
      throw new HttpError(403, 'forbidden', 'Supervisors and admins only');
    if (access === 'field' && user.role === 'client') throw new HttpError(403, 'forbidden', 'Clients can only read');
    if (access === 'field' && user.role === 'assessor')
      throw new HttpError(403, 'forbidden', 'Assessors only read, witness and sign off');
    if (access === 'witness' && user.role !== 'admin' && user.role !== 'assessor')
      throw new HttpError(403, 'forbidden', 'Assessors only');
    if (access === 'oversight' && user.role === 'engineer')
      throw new HttpError(403, 'forbidden', 'Supervisors, clients and admins only');
  });
}

/**
 * Cross-site request forgery guard for state-changing calls: the Origin, when sent, must be this host,
 * and the body must not be one a plain HTML form can send (forms cannot send JSON or images).
 */
export function registerCsrfGuard(app: FastifyInstance) {
  const simple = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
  const refusal = (request: FastifyRequest): HttpError | undefined => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return undefined;
    if (request.routeOptions.config?.formPost) return undefined;
    const origin = request.headers.origin;
    if (origin) {
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        host = undefined;
      }
      if (host !== request.headers.host) return new HttpError(403, 'cross_site', 'Cross-site request refused');
    }
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (simple.includes(type)) return new HttpError(415, 'unsupported_media_type', 'Send JSON (application/json)');
    return undefined;
  };
  app.addHook('onRequest', (request, _reply, done) => done(refusal(request)));
}
