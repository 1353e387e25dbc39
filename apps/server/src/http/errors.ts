import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error whose status, code and message are safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, 'not_found', what);
export const forbidden = (message = 'You do not have access to this') => new HttpError(403, 'forbidden', message);
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, 'conflict', message, fields);
export const unprocessable = (message: string, fields?: Record<string, string>) =>
  new HttpError(422, 'validation_failed', message, fields);

function body(code: string, message: string, fields?: Record<string, string>) {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** One error shape for every failure; no stack trace leaves the server (ruling 17). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) return reply.status(err.status).send(body(err.code, err.message, err.fields));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const zodPath = (issue.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path;
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || zodPath?.map(String).join('.') || '(body)';
        fields[path] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return reply.status(422).send(body('validation_failed', first, fields));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send(body('internal', 'Something went wrong on the server'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      if (isDatabaseUnavailable(err)) {
        request.log.error({ err }, 'database unavailable');
        return reply.status(503).send(body('unavailable', 'The database is not available. Please try again shortly.'));
      }
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send(body('internal', 'Something went wrong on the server'));
    }
    const code = status === 413 ? 'too_large' : status === 415 ? 'unsupported_media_type' : status === 429 ? 'rate_limited' : 'bad_request';
    const message = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError ? 'Malformed JSON body' : err.message;
    return reply.status(status).send(body(code, message));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body('not_found', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`));
  });
}

function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? '';
  return ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '08003'].includes(code);
}
