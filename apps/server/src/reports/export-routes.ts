import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analysisCsvFilename, reportsCsvFilename } from '@hiu/domain';
import { notFound } from '../http/errors.js';
import { attachment } from '../exports/content-disposition.js';
import { reportsCsvStream } from './csv-export.js';
import { analysisCsvStream } from './analysis-export.js';
import type { AppContext } from '../context.js';
import { siteLookup, siteQuery } from './site-query.js';

/** The reports' CSV files: a site's export (docs/product.md#csv-export) and the analysis export. */
export const reportExportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { reports } = ctx.repos;
    const { siteOf, requiredSite } = siteLookup(ctx.repos.sites);

    // Every report of the site, history included (an audit wants all of them), newest first.
    app.get(
      '/api/reports/export.csv',
      { config: { access: 'admin' }, schema: { tags: ['reports'], querystring: siteQuery } },
      async (request, reply) => {
        const siteId = await requiredSite(request.query);
        const site = (await ctx.repos.sites.byId(siteId))!;
        // Nothing is exported for a site without reports (docs/product.md#csv-export).
        if (!(await reports.siteHasReports({ siteId }))) throw notFound('This site has no reports to export');
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', attachment(reportsCsvFilename(site.name, new Date())))
          .send(reportsCsvStream(reports, { siteId }));
      },
    );

    // The analysis export: one row per report, one column per reading with its range and
    // verdict; one site, or every site when none is named.
    app.get(
      '/api/reports/analysis.csv',
      {
        config: { access: 'admin' },
        schema: { tags: ['reports'], querystring: siteQuery },
      },
      async (request, reply) => {
        const siteId = await siteOf(request.query);
        if (siteId === null) throw notFound('Site not found');
        const site = siteId ? await ctx.repos.sites.byId(siteId) : undefined;
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', attachment(analysisCsvFilename(site?.name, new Date())))
          .send(analysisCsvStream(reports, siteId ? { siteId } : undefined));
      },
    );
  };
