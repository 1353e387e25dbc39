import { Stream } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deeper than any body the API accepts; a deeper one is refused before it is walked any further. */
const MAX_DEPTH = 64;

/**
 * What no text field may hold: NUL, which PostgreSQL cannot store in text or jsonb (it would fail as a
 * server error), and a lone UTF-16 surrogate, which would be stored silently changed to U+FFFD.
 */
export function badText(value: string): string | undefined {
  if (value.includes('\u0000')) return 'Must not contain a NUL character';
  if (LONE_SURROGATE.test(value)) return 'Contains an invalid character';
  return undefined;
}

/** The first bad string (or key) in a parsed value, with its path; iterative, so deep values cannot overflow the stack. */
export function findBadText(root: unknown): { path: string; message: string } | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const message = badText(value);
      if (message) return { path: path.join('.') || '(body)', message };
      continue;
    }
    // A stream is an upload's bytes, read by its route (files/), not text.
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || value instanceof Stream) continue;
    if (path.length >= MAX_DEPTH) return { path: `${path.slice(0, 3).join('.')}...`, message: 'Nested too deeply' };
    for (const [key, child] of Object.entries(value)) {
      const message = badText(key);
      if (message) return { path: [...path, key.replace(/[^\x20-\x7e]/g, '?')].join('.'), message };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

/**
 * Refuses text the database cannot store faithfully in any body, query string or path parameter, with a
 * 422 naming the field, before a route's own validation runs (so no route has to remember it).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const bad = findBadText(part);
      if (bad) return done(new HttpError(422, 'validation_failed', bad.message, { [bad.path]: bad.message }));
    }
    done();
  });
}
