import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteHiuModelsSchema } from '@hiu/domain';
import { notFound } from '../http/errors.js';
import type { AppContext } from '../context.js';
import { siteAccess } from '../http/site-access.js';

const params = z.object({ id: z.uuid() });

/** Model suggestions for the HIU model field: any engineer may read them, like the site itself. */
export const hiuModelRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sites, hiuModels } = ctx.repos;
    const access = siteAccess(ctx.repos.members);
    app.get(
      '/api/sites/:id/hiu-models',
      { config: { access: 'user' }, schema: { tags: ['sites'], params, response: { 200: siteHiuModelsSchema } } },
      async (request) => {
        await access.orNotFound(request.user!, request.params.id);
        if (!(await sites.byId(request.params.id))) throw notFound('Site not found');
        return hiuModels.forSite(request.params.id);
      },
    );
  };
