import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dwellingsSchema } from '@hiu/domain';
import { notFound } from '../http/errors.js';
import { seesApprovedOnly, siteAccess } from '../http/site-access.js';
import type { AppContext } from '../context.js';
import { buildDwellings } from './build.js';

const idParams = z.object({ id: z.uuid() });

/**
 * A site's dwellings.json (docs/product.md#dwellings-export): whoever may follow the site's evidence pack reads it;
 * a client sees approved work only.
 */
export const dwellingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const access = siteAccess(ctx.repos.members);
    app.get(
      '/api/sites/:id/dwellings',
      {
        config: { access: 'oversight' },
        schema: {
          tags: ['evidence packs'],
          summary: 'One entry per dwelling, under the versioned dwellings.json schema',
          params: idParams,
          response: { 200: dwellingsSchema },
        },
      },
      async (request) => {
        const user = request.user!;
        await access.orNotFound(user, request.params.id);
        const dwellings = await buildDwellings(
          ctx.repos,
          request.params.id,
          seesApprovedOnly(user),
          ctx.repos.witnessing,
        );
        if (!dwellings) throw notFound('Site not found');
        return dwellings;
      },
    );
  };
