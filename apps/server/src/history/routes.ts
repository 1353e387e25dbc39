import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditCsvFilename,
  auditCsvHeaderLine,
  auditCsvLine,
  auditPageSchema,
  auditQuery,
  type User,
} from '@hiu/domain';
import { attachment } from '../exports/content-disposition.js';
import { notFound, unprocessable } from '../http/errors.js';
import { siteAccess } from '../http/site-access.js';
import type { AppContext } from '../context.js';

const csvQuery = auditQuery.omit({ before: true, limit: true });

/**
 * The history of changes: read-only, newest first, keyset-paged. Admins read all of
 * it; a supervisor reads the History of a site they belong to, of its properties and of its reports.
 */
export const historyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { audit, reports, properties } = ctx.repos;
    const access = siteAccess(ctx.repos.members);

    /** The one site a supervisor's question is about, which they must belong to. */
    const supervisorMayRead = async (
      user: User,
      q: { siteId?: string; propertyId?: string; entityType?: string; entityId?: string },
    ) => {
      let siteId: string | null | undefined = q.siteId;
      if (!siteId && q.propertyId) siteId = (await properties.byId(q.propertyId))?.siteId;
      if (!siteId && q.entityType === 'report' && q.entityId) siteId = (await reports.summary(q.entityId))?.siteId;
      if (!siteId) {
        const message = 'Choose a site, property or report: only admins read the whole history';
        throw unprocessable(message, { siteId: message });
      }
      if (!(await access.canSee(user, siteId))) throw notFound('Not found');
      // A site's own question is kept to that site.
      return q.siteId ? {} : { siteId };
    };

    app.get(
      '/api/audit',
      {
        config: { access: 'supervisor' },
        schema: { tags: ['audit'], querystring: auditQuery, response: { 200: auditPageSchema } },
      },
      async (request) => {
        const user = request.user!;
        const scope = user.role === 'admin' ? {} : await supervisorMayRead(user, request.query);
        return audit.list({ ...request.query, ...scope });
      },
    );

    app.get(
      '/api/audit.csv',
      { config: { access: 'admin' }, schema: { tags: ['audit'], querystring: csvQuery } },
      async (request, reply) => {
        async function* lines() {
          yield auditCsvHeaderLine();
          for await (const batch of audit.batches(request.query)) yield batch.map(auditCsvLine).join('');
        }
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', attachment(auditCsvFilename(new Date())))
          .send(Readable.from(lines(), { objectMode: false }));
      },
    );
  };
