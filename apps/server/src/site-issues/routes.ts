import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteIssueBody, siteIssueResolveBody, siteIssueSchema } from '@hiu/domain';
import { siteAccess } from '../http/site-access.js';
import type { AppContext } from '../context.js';
import { raiseSiteIssue, resolveSiteIssue } from './commands.js';

const siteParams = z.object({ id: z.uuid() });
const issueParams = siteParams.extend({ issueId: z.uuid() });

/**
 * Issues that apply to every flat of a site (docs/product.md#network-wide-issues): every member reads them;
 * supervisors and admins of the site raise and resolve them.
 */
export const siteIssueRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const access = siteAccess(ctx.repos.members);

    app.get(
      '/api/sites/:id/issues',
      { schema: { tags: ['site issues'], params: siteParams, response: { 200: z.array(siteIssueSchema) } } },
      async (request) => {
        await access.orNotFound(request.user!, request.params.id);
        return ctx.repos.siteIssues.list(request.params.id);
      },
    );

    app.put(
      '/api/sites/:id/issues/:issueId',
      {
        config: { access: 'supervisor' },
        schema: {
          tags: ['site issues'],
          summary: 'Raise an issue of the whole site; the id is chosen by the caller, so a resend changes nothing',
          params: issueParams,
          body: siteIssueBody,
          response: { 200: siteIssueSchema, 201: siteIssueSchema },
        },
      },
      async (request, reply) => {
        const user = request.user!;
        await access.orNotFound(user, request.params.id);
        const { issue, created } = await raiseSiteIssue(
          ctx.database.db,
          user,
          request.params.id,
          request.params.issueId,
          request.body,
        );
        return reply.status(created ? 201 : 200).send(issue);
      },
    );

    app.post(
      '/api/sites/:id/issues/:issueId/resolution',
      {
        config: { access: 'supervisor' },
        schema: {
          tags: ['site issues'],
          summary: 'Resolve an open issue, saying how it was put right',
          params: issueParams,
          body: siteIssueResolveBody,
          response: { 200: siteIssueSchema },
        },
      },
      async (request) => {
        const user = request.user!;
        await access.orNotFound(user, request.params.id);
        return resolveSiteIssue(
          ctx.database.db,
          user,
          request.params.id,
          request.params.issueId,
          request.body.closingComment,
        );
      },
    );
  };
