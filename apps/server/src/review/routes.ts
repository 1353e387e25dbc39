import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkApprovalBody,
  bulkApprovalResultSchema,
  correctionBody,
  reviewBody,
  reviewCountSchema,
  reviewQueuePageSchema,
  reviewQueueQuery,
  reviewResultSchema,
} from '@hiu/domain';
import { siteAccess } from '../http/site-access.js';
import type { AppContext } from '../context.js';
import { approvePassingReports, correctReport, reviewReport } from './commands.js';

const idParams = z.object({ id: z.uuid() });

const correctionResultSchema = z.object({
  id: z.uuid(),
  revision: z.number().int(),
  overallStatus: z.enum(['PASS', 'FAIL', 'PENDING']),
  verdictChanged: z.boolean(),
});

/**
 * Review of submitted reports: a site's queue, the decision, and corrections of a
 * recorded value. Supervisors of the report's site and admins only.
 */
export const reviewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { review } = ctx.repos;
    const access = siteAccess(ctx.repos.members);

    app.post(
      '/api/reports/:id/review',
      {
        config: { access: 'supervisor', peopleOnly: true },
        schema: { tags: ['reports'], params: idParams, body: reviewBody, response: { 200: reviewResultSchema } },
      },
      async (request) => {
        const decided = await reviewReport(ctx.database.db, request.user!, request.params.id, request.body);
        ctx.jobs.nudge();
        return decided;
      },
    );

    // Bulk approval of passing reports from the queue: one command per report (decision in commands.ts).
    app.post(
      '/api/reports/approvals',
      {
        config: { access: 'supervisor', peopleOnly: true },
        schema: { tags: ['reports'], body: bulkApprovalBody, response: { 200: bulkApprovalResultSchema } },
      },
      async (request) => {
        const result = await approvePassingReports(ctx.database.db, request.user!, request.body);
        ctx.jobs.nudge();
        return result;
      },
    );

    app.post(
      '/api/reports/:id/corrections',
      {
        config: { access: 'supervisor', peopleOnly: true },
        schema: {
          tags: ['reports'],
          params: idParams,
          body: correctionBody,
          response: { 200: correctionResultSchema },
        },
      },
      async (request) => {
        const corrected = await correctReport(ctx.database.db, request.user!, request.params.id, request.body);
        ctx.jobs.nudge();
        return corrected;
      },
    );

    app.get(
      '/api/sites/:id/review-queue',
      {
        config: { access: 'supervisor' },
        schema: {
          tags: ['reports'],
          params: idParams,
          querystring: reviewQueueQuery,
          response: { 200: reviewQueuePageSchema },
        },
      },
      async (request) => {
        await access.orNotFound(request.user!, request.params.id);
        return review.queue(request.params.id, request.query);
      },
    );

    app.get(
      '/api/me/review-counts',
      {
        config: { access: 'supervisor' },
        schema: { tags: ['reports'], response: { 200: z.array(reviewCountSchema) } },
      },
      (request) => review.counts(request.user!),
    );
  };
