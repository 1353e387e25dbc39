import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { frameworkErrors, registerErrorHandler } from './http/errors.js';
import { registerInputGuard } from './http/input-guard.js';
import { registerAccess, registerCsrfGuard, type Access } from './http/access.js';
import { serveWebApp, shellScriptHashes } from './http/web-app.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createRepositories, type Repositories } from './repositories/index.js';
import { scheduleEmbeddedVacuum } from './jobs/embedded-vacuum.js';
import { scheduleOrphanFileCleanup } from './jobs/orphan-files.js';
import { reportPdfs, type ReportPdfs } from './exports/report-pdf.js';
import { authRoutes } from './routes/auth.js';
import { userRoutes } from './routes/users.js';
import { siteRoutes } from './routes/sites.js';
import { propertyRoutes } from './routes/properties.js';
import { draftRoutes } from './routes/drafts.js';
import { fileRoutes } from './routes/files.js';
import { reportRoutes } from './routes/reports.js';
import { reportTableRoutes } from './routes/report-table.js';
import { hiuModelRoutes } from './routes/hiu-models.js';

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteAccess[];
  }
}

export interface AppContext {
  config: Config;
  database: Database;
  repos: Repositories;
  /** Report PDFs, built off the request thread. */
  pdfs: ReportPdfs;
}

/** JSON bodies are small: wizard data refers to photos by id, the photos go to /api/files. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(
  config: Config,
  database: Database,
  opts: { logger?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(cookie);
  // Inline script only by hash: the shells' loader (decision 094), when the web app is served.
  registerSecurityHeaders(app, shellScriptHashes(config.webDist));
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });
  await app.register(swagger, {
    openapi: { info: { title: 'HIU Commissioning API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  const ctx: AppContext = {
    config,
    database,
    repos: createRepositories(database.db, { sessionCacheMs: config.sessionCacheMs }),
    pdfs: reportPdfs(app.log),
  };
  // A listening server loads the PDF code in the background now rather than during the first submit.
  app.addHook('onListen', async () => {
    ctx.pdfs.warm().catch((err: unknown) => app.log.error({ err }, 'report PDF worker failed to start'));
  });
  app.addHook('onClose', () => ctx.pdfs.close());
  // Every route and who may call it, for the access-table test.
  const routeTable: RouteAccess[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || !route.url.startsWith('/api/')) continue;
      routeTable.push({ method, url: route.url, access: route.config?.access ?? 'user' });
    }
  });
  registerCsrfGuard(app);
  registerAccess(app, ctx.repos.users);
  registerInputGuard(app);

  // Healthy only with the database reachable (503 otherwise), so a load balancer or supervisor can tell.
  app.get('/api/health', { config: { access: 'public' }, schema: { hide: true } }, async () => {
    await database.exec('SELECT 1');
    return { ok: true };
  });
  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  await app.register(authRoutes(ctx));
  await app.register(userRoutes(ctx));
  await app.register(siteRoutes(ctx));
  await app.register(propertyRoutes(ctx));
  await app.register(draftRoutes(ctx));
  await app.register(fileRoutes(ctx));
  await app.register(reportRoutes(ctx));
  await app.register(reportTableRoutes(ctx));
  await app.register(hiuModelRoutes(ctx));

  scheduleOrphanFileCleanup(app, ctx.repos.files, config.orphanFileGraceHours);
  scheduleEmbeddedVacuum(app, database);

  if (config.webDist) await serveWebApp(app, config.webDist);
  return app;
}
