import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when it is answered, holding what Fastify's two lines held (the request
 * as it arrived, the status and the time taken): half the log, and half the logging work of every read
 *. A request its client gives up on before the answer is logged by logAbortedRequests.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  /** Fastify's own 404 names the address in its message: without its credentials, as every line does. */
  override routeNotFound(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.raw.method}:${redactUrl(request.raw.url ?? '')} not found`);
  }
}

/** A request its client gave up on before the answer has no completed line: it gets this one instead. */
export function logAbortedRequests(app: FastifyInstance) {
  app.addHook('onRequestAbort', (request, done) => {
    request.log.info({ req: request }, 'request aborted by the client');
    done();
  });
}

/** What a logged address shows in place of a credential. */
export const REDACTED = '[REDACTED]';

/** Query parameters whose value is a credential, by name. */
const SECRET_NAME = /token|key|secret|passw|pwd|signature|^sig$|credential|auth/i;
/** An API token (`hiu_` and 43 characters), wherever it is put. */
const API_TOKEN = /^hiu_[\w-]{16,}$/;
/** A random secret in a link's path (a download or unsubscribe token): 32 or more base64url characters. */
const LINK_SECRET = /^[\w-]{32,}$/;
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

const secretSegment = (segment: string) => {
  const s = decoded(segment);
  return API_TOKEN.test(s) || (LINK_SECRET.test(s) && !UUID.test(s));
};

/**
 * The address as the log writes it: a query parameter named like a credential (token,
 * access_token, api_key, secret, password, signature, ...) keeps its name and loses its value, and a path
 * segment or value that is an API token or a link's random secret is replaced whole. Ids, names and other
 * parameters stay as they arrived.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q))
    .split('/')
    .map((segment) => (secretSegment(segment) ? REDACTED : segment))
    .join('/');
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return secretSegment(pair) ? REDACTED : pair;
      const name = pair.slice(0, eq);
      return SECRET_NAME.test(decoded(name)) || API_TOKEN.test(decoded(pair.slice(eq + 1)))
        ? `${name}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * The request as every log line writes it: Fastify's own fields, the address without its credentials. No
 * header is written, so neither Authorization nor the session cookie is.
 */
export function loggedRequest(request: FastifyRequest) {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger's serializers: the app's and its tests' (`logger: { serializers: logSerializers }`). */
export const logSerializers = { req: loggedRequest };
