import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SESSION_COOKIE } from './access.js';

interface Shell {
  path: string;
  file: string;
  signedIn: boolean;
}

/** Serves the built web app; any non-API path gets index.html so the client router can answer it. */
export async function serveWebApp(app: FastifyInstance, dist: string) {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    app.log.warn(`web app not built (${dist} missing); serving the API only`);
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    // "/" is answered below like every other screen, so it can get its shell.
    index: false,
    // The build writes .br and .gz beside each file; the smallest the browser accepts is sent.
    preCompressed: true,
    setHeaders(reply, file) {
      if (file.includes(`${path.sep}assets${path.sep}`))
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      else reply.header('Cache-Control', 'no-cache');
    },
  });
  const shells = readShells(dist);
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({
        error: { code: 'not_found', message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` },
      });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile(pageFor(request, shells));
  });
}

interface ShellIndex {
  /** CSP sources ('sha256-...') of the shells' one inline script, the loader that starts the code after the paint. */
  scriptHashes: string[];
  shells: Shell[];
}

function readShellIndex(dist: string): ShellIndex {
  const file = path.join(dist, 'shells', 'index.json');
  if (!fs.existsSync(file)) return { scriptHashes: [], shells: [] };
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ShellIndex;
}

/** The inline scripts the built shells need the Content-Security-Policy to allow (by hash, never 'unsafe-inline'). */
export function shellScriptHashes(dist: string | undefined): string[] {
  return dist ? readShellIndex(dist).scriptHashes : [];
}

/** The screens the build drew a first paint for (shells/index.json), by path. */
function readShells(dist: string): Map<string, Shell> {
  return new Map(readShellIndex(dist).shells.map((s) => [s.path, s]));
}

/**
 * The screen's shell when the visitor will see that screen: a signed-in screen only with a session cookie,
 * sign-in only without one (it is not checked here; a stale cookie just means the plain page next time).
 * A signed-in screen asked for without a session gets sign-in's shell: that is where the visitor is going
 * (the app moves the address there without loading the screen). Otherwise index.html, which draws nothing
 * until the app decides.
 */
function pageFor(request: FastifyRequest, shells: Map<string, Shell>): string {
  const shell = shells.get(request.url.split('?')[0]!);
  const hasSession = Boolean(request.cookies[SESSION_COOKIE]);
  if (!shell) return 'index.html';
  if (shell.signedIn === hasSession) return `shells/${shell.file}`;
  const signIn = [...shells.values()].find((s) => s.path === '/sign-in');
  return shell.signedIn && signIn ? `shells/${signIn.file}` : 'index.html';
}
