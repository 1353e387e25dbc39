import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  correctionBody,
  decideReview,
  REVIEW_STATE_LABELS,
  reviewBody,
  reviewCountSchema,
  reviewQueuePageSchema,
  reviewQueueQuery,
  reviewResultSchema,
  type ReviewState,
  type User,
} from '@hiu/domain';
import { forbidden, HttpError, notFound, unprocessable } from '../http/errors.js';
import { siteAccess } from '../http/site-access.js';
import type { AppContext } from '../context.js';

const idParams = z.object({ id: z.uuid() });

const notAwaiting = (state: ReviewState) =>
  new HttpError(
    409,
    'conflict',
    `This report is not awaiting review: it is ${REVIEW_STATE_LABELS[state].toLowerCase()}`,
    {
      reviewState: state,
    },
  );

const correctionResultSchema = z.object({
  id: z.uuid(),
  revision: z.number().int(),
  overallStatus: z.enum(['PASS', 'FAIL', 'PENDING']),
  verdictChanged: z.boolean(),
});

/**
 * Review of submitted reports (decisions 145 and 180): a site's queue, the decision, and corrections of a
 * recorded value. Supervisors of the report's site and admins only.
 */
export const reviewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { reports, review } = ctx.repos;
    const access = siteAccess(ctx.repos.members);

    /** The report, if the reviewer may review it: another's report of a site they belong to. */
    const reviewable = async (user: User, id: string) => {
      const report = await reports.summary(id);
      if (!report || !(await access.canSee(user, report.siteId))) throw notFound('Report not found');
      return report;
    };

    app.post(
      '/api/reports/:id/review',
      {
        config: { access: 'supervisor', peopleOnly: true },
        schema: { tags: ['reports'], params: idParams, body: reviewBody, response: { 200: reviewResultSchema } },
      },
      async (request) => {
        const user = request.user!;
        const report = await reviewable(user, request.params.id);
        // A report is checked by someone other than its engineer (decision 145).
        if (report.userId === user.id) throw forbidden('You cannot review your own report');
        const body = request.body;
        // The rule book says whether the decision is possible; the database decides between two reviewers.
        if (!decideReview(report.reviewState, body.decision).ok) throw notAwaiting(report.reviewState);
        const reason = body.decision === 'send_back' ? body.reason : null;
        const fields = body.decision === 'send_back' ? [...new Set(body.fields ?? [])] : [];
        const decided = await review.review(report.id, body.decision, reason, fields, user, body.revision);
        if (decided) {
          ctx.jobs.nudge();
          return decided;
        }
        const now = await reports.detail(report.id);
        if (!now) throw notFound('Report not found');
        if (now.reviewState !== 'awaiting_review') throw notAwaiting(now.reviewState);
        throw new HttpError(
          409,
          'conflict',
          `This report was corrected since you opened it (revision ${body.revision} is now ${now.revision}): read it again before deciding`,
          { revision: `Now revision ${now.revision}` },
        );
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
        const user = request.user!;
        const report = await reviewable(user, request.params.id);
        // A correction is a reviewer's, like a decision: never the report's own engineer's (decision 145).
        if (report.userId === user.id) throw forbidden('You cannot correct your own report');
        const outcome = await review.correct(report.id, request.body, user);
        if (!outcome.ok && outcome.reason === 'not_found') throw notFound('Report not found');
        if (!outcome.ok && outcome.reason === 'approved')
          throw new HttpError(409, 'conflict', 'This report is approved: an approved report is locked', {
            reviewState: 'approved',
          });
        if (!outcome.ok && outcome.reason === 'invalid') {
          const message = Object.values(outcome.fields).join('; ');
          throw unprocessable(message, outcome.fields);
        }
        if (!outcome.ok) {
          const message = 'The report already holds this value';
          throw unprocessable(message, { value: message });
        }
        ctx.jobs.nudge();
        const { ok: _ok, ...result } = outcome;
        return { id: report.id, ...result, overallStatus: result.overallStatus as 'PASS' | 'FAIL' | 'PENDING' };
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
