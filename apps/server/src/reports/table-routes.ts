import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  failuresWithValues,
  reportSiteSchema,
  reportTablePageSchema,
  reportTableQuery,
  wizardDataSchema,
} from '@hiu/domain';
import type { AppContext } from '../context.js';
import { reportTableQueries, toTableRow } from './table-repository.js';

/** The reports screen's sites (by id) and each site's table of flats. */
export const reportTableRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const table = reportTableQueries(ctx.database.db);

    app.get(
      '/api/reports/by-site',
      { config: { access: 'admin' }, schema: { tags: ['reports'], response: { 200: z.array(reportSiteSchema) } } },
      () => table.sites(),
    );

    app.get(
      '/api/reports/table',
      {
        config: { access: 'admin' },
        schema: { tags: ['reports'], querystring: reportTableQuery, response: { 200: reportTablePageSchema } },
      },
      async (request) => {
        const q = request.query;
        const [page, summary] = await Promise.all([table.page(q), table.summary(q.siteId)]);
        // A failed row shows its stored reasons, each out-of-range one with its reading and range by the rule
        // book, from the report's own data and the ranges it was judged against.
        const failed = page.rows.filter((r) => r.verdict === 'failed' && r.report_id).map((r) => r.report_id!);
        const sources = new Map((await table.failureSources(failed)).map((s) => [s.id, s]));
        const failuresOf = (reportId: string | null) => {
          const s = reportId ? sources.get(reportId) : undefined;
          if (!s) return [];
          const data = wizardDataSchema.safeParse(s.wizard_data);
          if (!data.success) return s.failure_reasons;
          return failuresWithValues(s.failure_reasons, data.data, s.ranges);
        };
        return {
          items: page.rows.map((r) => toTableRow(r, failuresOf(r.report_id))),
          total: page.total,
          next: page.next,
          ...summary,
        };
      },
    );
  };
