import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { frameworkErrors, registerErrorHandler } from './http/errors.js';
import { registerInputGuard } from './http/input-guard.js';
import { serializerCompiler } from './http/serializer.js';
import { registerReadLimit } from './http/read-limit.js';
import { registerAccess, registerCsrfGuard, type Access } from './http/access.js';
import { serveWebApp, shellScriptHashes } from './http/web-app.js';
import { countRequestsInFlight, requestsInFlight } from './http/requests-in-flight.js';
import { logAbortedRequests, logSerializers, RequestLog } from './http/request-log.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { configurePasswordHashing } from './http/passwords.js';
import { warnOfUntrustedProxy } from './http/forwarded-warning.js';
import { createRepositories } from './repositories/index.js';
import { responseCache } from './response-cache/cache.js';
import { listenForChanges } from './response-cache/change-notifications.js';
import { cachedReads } from './response-cache/cached-reads.js';
import { scheduleEmbeddedVacuum } from './jobs/embedded-vacuum.js';
import { scheduleOrphanFileCleanup } from './jobs/orphan-files.js';
import { JOB_CONCURRENCY, scheduleJobCleanup } from './jobs/queue/settings.js';
import { webhooksRepository } from './webhooks/repository.js';
import { startJobRunner } from './jobs/queue/runner.js';
import { jobStore as makeJobStore } from './jobs/queue/store.js';
import { reportPdfJob } from './jobs/report-pdf-job.js';
import { REPORT_PDF_JOB } from './jobs/report-pdf-key.js';
import { webhookDeliveryJob } from './webhooks/deliver.js';
import { WEBHOOK_DELIVERY_JOB } from './webhooks/events.js';
import { WEBHOOKS_TAG_DESCRIPTION } from './webhooks/openapi.js';
import { webhookRoutes } from './webhooks/routes.js';
import { tokenRoutes } from './tokens/routes.js';
import { tokensRepository } from './tokens/repository.js';
import { reportPdfs } from './exports/report-pdf.js';
import { authRoutes } from './auth/routes.js';
import { userRoutes } from './users/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { notificationMailJob, smtpTransport } from './notifications/mail-job.js';
import { MAIL_JOB } from './notifications/mail-job-key.js';
import { turnMailOn } from './notifications/mail-setting.js';
import { turnPushOn } from './push/push-on.js';
import { pushJob } from './push/push-job.js';
import { PUSH_JOB } from './push/push-job-key.js';
import { pushRoutes } from './push/routes.js';
import { DUE_DIGEST_JOB, dueDigestJob, REVIEW_DIGEST_JOB, reviewDigestJob } from './notifications/digests.js';
import { accountMailJob } from './auth/account-mail.js';
import { ACCOUNT_MAIL_JOB } from './auth/account-mail-key.js';
import { siteRoutes } from './sites/routes.js';
import { propertyRoutes } from './properties/routes.js';
import { draftRoutes } from './drafts/routes.js';
import { fileRoutes } from './files/routes.js';
import { FILE_OFFLOAD_JOB, FILE_RELEASE_JOB, fileOffloadJob, fileReleaseJob } from './files/commands.js';
import { openObjectStore } from './files/store-from-config.js';
import { serverFiles } from './files/server-files.js';
import { reportRoutes } from './reports/routes.js';
import { reportExportRoutes } from './reports/export-routes.js';
import { reportTableRoutes } from './reports/table-routes.js';
import { hiuModelRoutes } from './hiu-models/routes.js';
import type { AppContext } from './context.js';
import { memberRoutes } from './memberships/routes.js';
import { historyRoutes } from './history/routes.js';
import { assignmentRoutes } from './assignments/routes.js';
import { signOffRoutes } from './sign-offs/routes.js';
import { siteIssueRoutes } from './site-issues/routes.js';
import { evidencePackRoutes } from './evidence-packs/routes.js';
import { evidencePackJob } from './jobs/evidence-pack-job.js';
import { EVIDENCE_PACK_JOB, pruneExpiredPacks } from './evidence-packs/commands.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { dwellingRoutes } from './dwellings/routes.js';
import { witnessingRoutes } from './witnessing/routes.js';
import { reviewRoutes } from './review/routes.js';

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

/** @deprecated import it from ./context.js (routes importing app.ts made an import circle). */

/** JSON bodies are small: wizard data refers to photos by id, the photos go to /api/files. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(
  config: Config,
  database: Database,
  opts: { logger?: boolean; logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // Every line's request is written without its credentials; `logStream` is for tests.
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, serializers: logSerializers, ...(opts.logStream && { stream: opts.logStream }) },
    logController: new RequestLog(),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    frameworkErrors,
    // Stalled and slow connections are cut; Fastify leaves all but keep-alive unlimited.
    connectionTimeout: config.http.idleTimeoutMs,
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(config.http.headersTimeoutMs, config.http.requestTimeoutMs),
      requestTimeout: config.http.requestTimeoutMs,
      // Node checks those two only this often (30 s by default).
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, config.http.headersTimeoutMs / 4)),
    },
  }).withTypeProvider<ZodTypeProvider>();
  configurePasswordHashing({
    concurrency: config.passwordHashConcurrency,
    queue: config.passwordHashQueue,
    cost: config.passwordHashCost,
  });
  warnOfUntrustedProxy(app, config.trustProxy);
  logAbortedRequests(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(cookie);
  // Every answer names its content (a hash of the body); a phone that sends it back gets 304 and no body when
  // nothing changed, so a sync of a whole block sends only what changed.
  await app.register(etag);
  // Answers of 1 KB and more go compressed to a client that accepts it: a block's flats are mostly repeated
  // keys, a tenth of their size gzipped. After the ETag, which is of the body itself. Bodies
  // sent to the server are never decompressed here: that would be a way round the body limits.
  await app.register(compress, { globalDecompression: false });
  // Inline script only by hash: the shells' loader, when the web app is served.
  registerSecurityHeaders(app, shellScriptHashes(config.webDist));
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'HIU Commissioning API', version: '1.0.0' },
      tags: [
        { name: 'webhooks', description: WEBHOOKS_TAG_DESCRIPTION },
        {
          name: 'tokens',
          description:
            'API tokens: send `Authorization: Bearer <token>` on any call. A `read` token reads what a client may (approved reports, progress) on its sites; a `read_write` token also what a supervisor may (assign, review). Tokens never reach user, token or webhook management. A revoked or expired token is answered 401 `invalid_token`.',
        },
      ],
    },
    transform: jsonSchemaTransform,
  });

  const repos = createRepositories(database.db, { sessionCacheMs: config.sessionCacheMs });
  const objects = await openObjectStore(config.fileStore);
  // Report PDFs and evidence packs' files, where FILE_STORE says (docs/product.md#files).
  const storedFiles = serverFiles({ db: database.db, files: repos.files, objects, log: app.log });
  const inFlight = requestsInFlight();
  countRequestsInFlight(app, inFlight);
  const pdfs = reportPdfs(app.log, { files: repos.files, objects });
  const jobStore = makeJobStore(database.db);
  // Email (docs/product.md#notifications): a server with SMTP_URL sends it, and its commands queue it.
  const smtp = config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : undefined;
  if (smtp) turnMailOn(database.db, true);
  // Web Push (docs/product.md#push-notifications): a server with the VAPID settings sends it.
  if (config.push) turnPushOn(database.db, true);
  const jobs = startJobRunner({
    store: jobStore,
    handlers: {
      [REPORT_PDF_JOB]: reportPdfJob({
        reports: repos.reports,
        review: repos.review,
        siteIssues: repos.siteIssues,
        db: database.db,
        files: storedFiles,
        pdfs,
        log: app.log,
      }),
      [FILE_OFFLOAD_JOB]: fileOffloadJob({ db: database.db, files: repos.files, objects, log: app.log }),
      [FILE_RELEASE_JOB]: fileReleaseJob({ db: database.db, files: repos.files, objects, log: app.log }),
      [WEBHOOK_DELIVERY_JOB]: webhookDeliveryJob(database.db, config.webhookAllowPrivate),
      ...(smtp
        ? {
            [MAIL_JOB]: notificationMailJob(database.db, smtp, config.mail),
            [ACCOUNT_MAIL_JOB]: accountMailJob(database.db, smtp, config.mail),
          }
        : {}),
      ...(config.push ? { [PUSH_JOB]: pushJob(database.db, config.push) } : {}),
      [DUE_DIGEST_JOB]: dueDigestJob(database.db),
      [REVIEW_DIGEST_JOB]: reviewDigestJob(database.db),
      [EVIDENCE_PACK_JOB]: evidencePackJob({
        repos,
        db: database.db,
        files: storedFiles,
        pdfs,
        log: app.log,
        hours: config.evidencePackHours,
        keepLease: (job) => jobStore.extend(job, config.jobLeaseSeconds),
        giveWay: () => inFlight.quiet(),
      }),
    },
    log: app.log,
    concurrency: JOB_CONCURRENCY,
    pollMs: config.jobPollMs,
    leaseSeconds: config.jobLeaseSeconds,
  });
  const answers = responseCache(config.responseCache);
  const cachedRead = cachedReads(answers);
  const ctx: AppContext = { config, database, repos, pdfs, jobStore, jobs, cachedRead, objects };
  // Sessions ended, users changed and answers made stale through another server are forgotten when announced.
  await listenForChanges(app, { config, database, users: repos.users, answers });
  // A listening server loads the PDF code in the background now rather than during the first submit.
  app.addHook('onListen', async () => {
    ctx.pdfs.warm().catch((err: unknown) => app.log.error({ err }, 'report PDF worker failed to start'));
  });
  // Jobs in hand finish before the PDF threads stop; unclaimed ones wait in the database for any server.
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (smtp) {
      turnMailOn(database.db, false);
      smtp.close();
    }
    if (config.push) turnPushOn(database.db, false);
    await ctx.pdfs.close();
  });
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
  // Before the session is looked up: a refused read costs no database work.
  await registerReadLimit(app, config.readLimit);
  const tokens = tokensRepository(database.db);
  registerAccess(app, ctx.repos.users, (id) => tokens.scopeOfAccount(id));
  registerInputGuard(app);

  // Healthy only with the database reachable (503 otherwise), so a load balancer or supervisor can tell.
  app.get('/api/health', { config: { access: 'public' }, schema: { hide: true } }, async () => {
    await database.exec('SELECT 1');
    return { ok: true };
  });
  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  await app.register(authRoutes(ctx));
  await app.register(userRoutes(ctx));
  await app.register(notificationRoutes(ctx));
  await app.register(pushRoutes(ctx));
  await app.register(siteRoutes(ctx));
  await app.register(propertyRoutes(ctx));
  await app.register(draftRoutes(ctx));
  await app.register(fileRoutes(ctx));
  await app.register(reportRoutes(ctx));
  await app.register(reportExportRoutes(ctx));
  await app.register(reportTableRoutes(ctx));
  await app.register(hiuModelRoutes(ctx));
  await app.register(memberRoutes(ctx));
  await app.register(historyRoutes(ctx));
  await app.register(assignmentRoutes(ctx));
  await app.register(reviewRoutes(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(evidencePackRoutes(ctx));
  await app.register(dwellingRoutes(ctx));
  await app.register(signOffRoutes(ctx));
  await app.register(witnessingRoutes(ctx));
  await app.register(siteIssueRoutes(ctx));
  await app.register(webhookRoutes(ctx));
  await app.register(tokenRoutes(ctx));

  scheduleOrphanFileCleanup(app, database.db, ctx.repos.files, config.orphanFileGraceHours, objects);
  scheduleEmbeddedVacuum(app, database);
  scheduleJobCleanup(app, jobStore, [
    webhooksRepository(database.db),
    { prune: () => pruneExpiredPacks(database.db, storedFiles) },
  ]);

  if (config.webDist) await serveWebApp(app, config.webDist);
  return app;
}
