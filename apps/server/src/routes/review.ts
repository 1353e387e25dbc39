import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decideReview, REVIEW_STATE_LABELS, reviewBody, reviewResultSchema } from '@hiu/domain';
import { forbidden, HttpError, notFound } from '../http/errors.js';
import { siteAccess } from '../http/site-access.js';
import type { AppContext } from '../context.js';

const idParams = z.object({ id: z.uuid() });

/** A supervisor of the report's site, or an admin, approves a submitted report or sends it back (decision 145). */
export const reviewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { reports } = ctx.repos;
    const access = siteAccess(ctx.repos.members);

    app.post(
      '/api/reports/:id/review',
      {
        config: { access: 'supervisor' },
        schema: { tags: ['reports'], params: idParams, body: reviewBody, response: { 200: reviewResultSchema } },
      },
      async (request) => {
        const user = request.user!;
        const report = await reports.summary(request.params.id);
        if (!report || !(await access.canSee(user, report.siteId))) throw notFound('Report not found');
        // A report is checked by someone other than its engineer (decision 145).
        if (report.userId === user.id) throw forbidden('You cannot review your own report');
        const notAwaiting = (state: typeof report.reviewState) =>
          new HttpError(
            409,
            'conflict',
            `This report is not awaiting review: it is ${REVIEW_STATE_LABELS[state].toLowerCase()}`,
            {
              reviewState: state,
            },
          );
        const body = request.body;
        // The rule book says whether the decision is possible; the database decides between two reviewers.
        if (!decideReview(report.reviewState, body.decision).ok) throw notAwaiting(report.reviewState);
        const reason = body.decision === 'send_back' ? body.reason : null;
        const decided = await reports.review(report.id, body.decision, reason, user);
        if (decided) return decided;
        const now = await reports.summary(report.id);
        if (!now) throw notFound('Report not found');
        throw notAwaiting(now.reviewState);
      },
    );
  };
