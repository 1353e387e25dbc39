import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers (helmet) on every response; `scriptHashes` are the inline scripts allowed by hash. The
 * middleware is built once: @fastify/helmet built it again for every request (parsing the Content Security
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
  app.addHook('onRequest', (request, reply, done) =>
    headers(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
}
