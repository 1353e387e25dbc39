import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approvedWorkOnly,
  buildSiteDashboard,
  currentTestPack,
  dashboardQuery,
  rangesByType,
  siteDashboardSchema,
} from '@hiu/domain';
import { notFound } from '../http/errors.js';
import { seesApprovedOnly, siteAccess } from '../http/site-access.js';
import type { AppContext } from '../context.js';

const idParams = z.object({ id: z.uuid() });

/** A site's dashboard: the figures behind its charts, for the admins, supervisors and clients who may see the site. */
export const dashboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const access = siteAccess(ctx.repos.members);
    app.get(
      '/api/sites/:id/dashboard',
      {
        // docs/product.md#dashboard: for admins, supervisors and clients; an engineer's work is on home.
        config: { access: 'oversight' },
        schema: {
          tags: ['dashboard'],
          params: idParams,
          querystring: dashboardQuery,
          response: { 200: siteDashboardSchema },
        },
      },
      async (request) => {
        await access.orNotFound(request.user!, request.params.id);
        const data = await ctx.repos.dashboard.data(request.params.id, request.query);
        // An admin sees every site, so only the read finds that there is none: not a dashboard of zeros.
        if (!data.designParameters) throw notFound('Site not found');
        const reports = seesApprovedOnly(request.user!) ? approvedWorkOnly(data.reports) : data.reports;
        // Each flat against its own type's ranges under the site's test pack, as the pack's summary draws them.
        const pack = currentTestPack(data.testPack);
        return buildSiteDashboard(data.flats, reports, rangesByType(data.designParameters, pack), pack);
      },
    );
  };
