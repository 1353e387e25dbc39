import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReportBody,
  latestReportSchema,
  page,
  myReportsPageSchema,
  reportDetailSchema,
  reportSiteGroupSchema,
  reportSummarySchema,
  REVIEW_STATES,
  revisionPdfFilename,
  type ReviewState,
  type User,
} from '@hiu/domain';
import { forbidden, notFound } from '../http/errors.js';
import { publicSummary, submitReport } from './submit-report.js';
import { attachment } from '../exports/content-disposition.js';
import { tag } from '../response-cache/cached-reads.js';
import type { AppContext } from '../context.js';
import { siteLookup, siteQuery } from './site-query.js';
import { seesApprovedOnly, siteAccess } from '../http/site-access.js';
import { awaitRunningBuild, revisionPdf, storedReportPdf } from '../jobs/report-pdf-job.js';
import { serverFiles } from '../files/server-files.js';
import { fileStream } from '../files/commands.js';
import type { Readable as NodeReadable } from 'node:stream';

const idParams = z.object({ id: z.uuid() });
const listQuery = siteQuery.extend({
  reviewState: z.enum(REVIEW_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
const latestQuery = listQuery.omit({ reviewState: true });

type Readable = { userId: string | null; siteId: string | null; reviewState: ReviewState };

export const reportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { reports } = ctx.repos;
    const pdfDeps = {
      reports,
      review: ctx.repos.review,
      siteIssues: ctx.repos.siteIssues,
      db: ctx.database.db,
      files: serverFiles({ db: ctx.database.db, files: ctx.repos.files, objects: ctx.objects, log: app.log }),
      pdfs: ctx.pdfs,
      jobs: ctx.jobStore,
      log: app.log,
    };
    const streamDeps = { files: ctx.repos.files, objects: ctx.objects };
    const access = siteAccess(ctx.repos.members);
    const { siteOf, requiredSite } = siteLookup(ctx.repos.sites);

    /**
     * Who may read a report: admins; its author; a supervisor of its site; a client of its
     * site once it is approved. Another engineer's report is refused (403); to anyone else it does not exist.
     */
    const readableOrThrow = async (user: User, report: Readable | undefined) => {
      if (!report) throw notFound('Report not found');
      if (user.role === 'admin' || report.userId === user.id) return;
      if (user.role === 'engineer') throw forbidden('This report belongs to another engineer');
      const approvedOnly = seesApprovedOnly(user);
      if ((approvedOnly && report.reviewState !== 'approved') || !(await access.canSee(user, report.siteId)))
        throw notFound('Report not found');
    };

    app.post(
      '/api/reports',
      {
        config: { access: 'field' },
        schema: {
          tags: ['reports'],
          body: createReportBody,
          response: { 200: reportSummarySchema, 201: reportSummarySchema },
        },
      },
      async (request, reply) => {
        const deps = { db: ctx.database.db, log: request.log };
        const { created, report } = await submitReport(deps, request.user!, request.body);
        if (created) ctx.jobs.nudge();
        return reply.status(created ? 201 : 200).send(report);
      },
    );

    app.get(
      '/api/reports/sites',
      { config: { access: 'admin' }, schema: { tags: ['reports'], response: { 200: z.array(reportSiteGroupSchema) } } },
      () => reports.siteGroups(),
    );

    // "My reports": what the caller submitted, newest first (docs/product.md#my-reports).
    const myReportsQuery = z.object({
      before: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z\|[0-9a-f-]{36}$/i, 'before must be the next value of the previous page')
        .optional(),
      limit: z.coerce.number().int().min(1).max(100).default(25),
      /** Part of the address, site name or reference, whatever the case; empty finds every report. */
      q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
    });
    app.get(
      '/api/me/reports',
      {
        config: { access: 'field' },
        schema: { tags: ['reports'], querystring: myReportsQuery, response: { 200: myReportsPageSchema } },
      },
      async (request, reply) => {
        const { before, limit, q } = request.query;
        const [at, id] = before ? before.split('|') : [];
        const mine = () =>
          reports.mine(request.user!.id, at && id ? { completedAt: new Date(at), id } : null, limit, q ?? '');
        return ctx.cachedRead(request, reply, mine, () => [tag.person(request.user!.id)]);
      },
    );

    app.get(
      '/api/reports',
      { schema: { tags: ['reports'], querystring: listQuery, response: { 200: z.array(reportSummarySchema) } } },
      async (request) => {
        const user = request.user!;
        const { siteId: _i, siteName: _n, ...q } = request.query;
        const siteId = await siteOf(request.query);
        if (siteId === null) return [];
        // Engineers see their own reports; supervisors their sites'; clients their sites' approved ones; admins all.
        const rows = await reports.list({
          ...q,
          ...(siteId ? { siteId } : {}),
          ...(user.role === 'engineer' ? { userId: user.id } : {}),
          ...(user.role === 'supervisor' || seesApprovedOnly(user) ? { memberId: user.id } : {}),
          ...(seesApprovedOnly(user) ? { reviewState: 'approved' as const } : {}),
        });
        return rows.map(publicSummary);
      },
    );

    // The reports screen: a site's latest report per property, each with the count of its earlier ones.
    app.get(
      '/api/reports/latest',
      {
        config: { access: 'admin' },
        schema: { tags: ['reports'], querystring: latestQuery, response: { 200: page(latestReportSchema) } },
      },
      async (request) => {
        const { limit, offset } = request.query;
        const { items, total } = await reports.latestPerProperty({
          siteId: await requiredSite(request.query),
          limit,
          offset,
        });
        return { items: items.map(publicSummary), total };
      },
    );

    // A property's history: the reports before this one, newest first, each with its own PDF.
    app.get(
      '/api/reports/:id/earlier',
      {
        config: { access: 'supervisor' },
        schema: { tags: ['reports'], params: idParams, response: { 200: z.array(reportSummarySchema) } },
      },
      async (request) => {
        const report = await reports.summary(request.params.id);
        // Supervisors read the attempts at their own sites' flats (the review screen).
        if (!report || !(await access.canSee(request.user!, report.siteId))) throw notFound('Report not found');
        return (await reports.earlierThan(report)).map(publicSummary);
      },
    );

    app.get(
      '/api/reports/:id',
      { schema: { tags: ['reports'], params: idParams, response: { 200: reportDetailSchema } } },
      async (request) => {
        const report = await reports.detail(request.params.id);
        await readableOrThrow(request.user!, report);
        const { userId: _u, pdfFileId: _p, rangesSource: _r, ...detail } = report!;
        return { ...detail, revisions: await ctx.repos.review.revisions(report!) };
      },
    );

    const pdfQuery = z.object({ revision: z.coerce.number().int().min(1).max(100_000).optional() });
    app.get(
      '/api/reports/:id/pdf',
      { schema: { tags: ['reports'], params: idParams, querystring: pdfQuery } },
      async (request, reply) => {
        const found = await reports.detail(request.params.id);
        await readableOrThrow(request.user!, found);
        const report = found!;
        const wanted = request.query.revision;
        const send = (body: Buffer | NodeReadable, size: number, filename: string) =>
          reply
            .header('Content-Type', 'application/pdf')
            .header('Content-Length', size)
            .header('Content-Disposition', attachment(filename))
            .send(body);
        // A kept PDF is streamed from wherever it is, checked against its SHA-256 as it goes [254]; one not built
        // yet (or lost) is built now, in memory as it is made, and kept.
        const streamKept = async (fileId: string | null | undefined, filename: string) => {
          const kept = fileId ? await ctx.repos.files.whereIs(fileId) : undefined;
          return kept && send(await fileStream(streamDeps, kept), kept.size, filename);
        };
        // An earlier revision keeps its own PDF.
        if (wanted !== undefined && wanted !== report.revision) {
          const row = wanted < report.revision ? await ctx.repos.review.revision(report.id, wanted) : undefined;
          if (!row) throw notFound(`This report has no revision ${wanted}`);
          const kept = (await ctx.repos.review.revisions(report)).find((v) => v.revision === wanted);
          const filename = revisionPdfFilename(report.pdfFilename, wanted, kept?.overallStatus ?? report.overallStatus);
          const streamed = await streamKept(row.pdfFileId, filename);
          if (streamed) return streamed;
          const bytes = await revisionPdf(pdfDeps, report, wanted, request.user!.id);
          if (!bytes) throw notFound(`This report has no revision ${wanted}`);
          return send(bytes, bytes.length, filename);
        }
        const filename = report.pdfFilename || 'report.pdf';
        const streamed = await streamKept(report.pdfFileId, filename);
        if (streamed) return streamed;
        // Not built yet: wait for a build under way, else build it now (the queued job then finds it stored).
        const built = await awaitRunningBuild(pdfDeps, report.id);
        const bytes = built ?? (await storedReportPdf(pdfDeps, report, request.user!.id));
        return send(bytes, bytes.length, filename);
      },
    );
  };
