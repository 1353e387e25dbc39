import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Serves the built web app; any non-API path gets index.html so the client router can answer it. */
export async function serveWebApp(app: FastifyInstance, dist: string) {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    app.log.warn(`web app not built (${dist} missing); serving the API only`);
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    setHeaders(reply, file) {
      if (file.includes(`${path.sep}assets${path.sep}`))
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      else reply.header('Cache-Control', 'no-cache');
    },
  });
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({
        error: { code: 'not_found', message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` },
      });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
