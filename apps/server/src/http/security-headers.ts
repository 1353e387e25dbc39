import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers (helmet) on every response; `scriptHashes` are the inline scripts allowed by hash. They are
 * worked out once: @fastify/helmet built the middleware again for every request (parsing the Content Security
 * Policy each time), a cost as large as a whole hello-world.
 */
export function registerSecurityHeaders(app: FastifyInstance, scriptHashes: string[]) {
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly only (no JS eval): the barcode decoder on phones without a built-in one.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'same-origin' },
  });
  const fixed = headersSetBy(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(fixed);
    done();
  });
}

/**
 * The headers a helmet middleware sets, which with these options are the same for every response: worked out
 * once, and given to each reply with its own headers, so each is checked once as the answer is written.
 */
function headersSetBy(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const set: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (set[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  };
  let finished = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished || Object.keys(set).length === 0) throw new Error('helmet did not set its headers at once');
  return set;
}
