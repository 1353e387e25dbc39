import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuery } from '@hiu/domain';
import type { AppContext } from '../context.js';

/** The history of changes (decision 145): read-only, admins only, newest first, keyset-paged. */
export const auditRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/audit',
      {
        config: { access: 'admin' },
        schema: { tags: ['audit'], querystring: auditQuery, response: { 200: auditPageSchema } },
      },
      (request) => ctx.repos.audit.list(request.query),
    );
  };
