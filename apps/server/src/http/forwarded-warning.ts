import type { FastifyInstance } from 'fastify';

/**
 * Requests that carry X-Forwarded-For come through a proxy. Without TRUST_PROXY every client behind it shares
 * the proxy's address, so the per-address sign-in limit is shared by all of them: say so once, in the log.
 */
export function warnOfUntrustedProxy(app: FastifyInstance, trustProxy: boolean | string) {
  if (trustProxy) return;
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    done();
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    app.log.warn(
      'Requests arrive with X-Forwarded-For but TRUST_PROXY is not set: every client behind the proxy shares its ' +
        'address, so one client can use up the sign-in limit of all. Set TRUST_PROXY to the proxy addresses.',
    );
  });
}
