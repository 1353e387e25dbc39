import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { CorruptObjectError, StoreUnavailableError } from '../files/object-store.js';

/** An error whose status, code and message are safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Sent with the error, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
    /** Typed parts of the body beside code and message (the domain's apiErrorSchema lists them). */
    readonly details?: { missingFileIds?: string[] },
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, 'not_found', what);
export const forbidden = (message = 'You do not have access to this') => new HttpError(403, 'forbidden', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new HttpError(409, 'conflict', message, fields);
export const unprocessable = (message: string, fields?: Record<string, string>) =>
  new HttpError(422, 'validation_failed', message, fields);

function body(code: string, message: string, fields?: Record<string, string>, details?: HttpError['details']) {
  return { error: { ...(fields ? { code, message, fields } : { code, message }), ...details } };
}

/** One error shape for every failure; no stack trace leaves the server. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send(body(err.code, err.message, err.fields, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const zodPath = (issue.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path;
        const path =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || zodPath?.map(String).join('.') || '(body)';
        fields[path] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return reply.status(422).send(body('validation_failed', first, fields));
    }
    // A file's bytes the object store did not send, or sent wrong: never served (docs/product.md#files). Raised
    // by a streamed download before its first byte went, so written as text: the reply's stream was its payload.
    if (err instanceof StoreUnavailableError || err instanceof CorruptObjectError) {
      const damaged = err instanceof CorruptObjectError;
      request.log[damaged ? 'error' : 'warn']({ err }, damaged ? 'stored file fails its SHA-256' : 'file store down');
      const message = damaged
        ? 'This file cannot be read from the file store now'
        : 'The file store is not answering; try again shortly';
      return reply
        .status(503)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(body('file_store_unavailable', message)));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send(body('internal', 'Something went wrong on the server'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      const database = databaseFailure(err);
      if (database === 'unavailable') {
        request.log.error({ err }, 'database unavailable');
        return reply.status(503).send(body('unavailable', DATABASE_UNAVAILABLE));
      }
      // Input the route's validation let through but the database refused: the caller's fault, not a crash.
      if (database === 'data') {
        request.log.warn({ err }, 'database refused a value');
        return reply
          .status(422)
          .send(
            body(
              'validation_failed',
              'A value could not be stored. Check the entry for unusual characters or numbers.',
            ),
          );
      }
      // Two requests raced past the same check (e.g. a unique name): the loser is told, nothing is half-done.
      if (database === 'conflict') {
        request.log.warn({ err }, 'database constraint refused a change');
        return reply
          .status(409)
          .send(body('conflict', 'This conflicts with a change made at the same time. Reload and try again.'));
      }
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send(body('internal', 'Something went wrong on the server'));
    }
    const code =
      status === 413
        ? 'too_large'
        : status === 415
          ? 'unsupported_media_type'
          : status === 429
            ? 'rate_limited'
            : 'bad_request';
    const message =
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError ? 'Malformed JSON body' : err.message;
    return reply.status(status).send(body(code, message));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body('not_found', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`));
  });
}

export const DATABASE_UNAVAILABLE = 'The database is not available. Please try again shortly.';

// SQLSTATE classes 08 (connection), 57P (operator intervention: shutdown, restart), 53300 (too many connections).
const UNAVAILABLE_CODES =
  /^(08...|57P0[1-4]|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)$/;
// node-postgres and PGlite report a lost connection or a closed database without a code.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed/i;

/**
 * What kind of database failure an error is, looking through the wrappers (drizzle wraps every driver
 * error in a DrizzleQueryError whose `cause` holds the driver's error and its SQLSTATE code).
 */
export function databaseFailure(err: unknown): 'unavailable' | 'data' | 'conflict' | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Object; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_CODES.test(code)) return 'unavailable';
      if (/^22...$/.test(code)) return 'data';
      if (code === '23505' || code === '23503') return 'conflict';
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return 'unavailable';
    // AggregateError (a refused connection to each of several addresses) holds the causes in `errors`.
    const errors = (current as { errors?: unknown }).errors;
    current = cause ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return undefined;
}

/** Fastify's own refusals before routing (a path that is not valid percent-encoding), in the API's error shape. */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
  const message = err.code === 'FST_ERR_BAD_URL' ? 'The address is not valid' : 'Bad request';
  reply.status(status).send(body('bad_request', message));
}
