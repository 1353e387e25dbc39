import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSiteBody,
  MAX_SITE_BULK_BYTES,
  MAX_SITE_BULK_ROWS,
  page,
  pageQuery,
  parseSiteBulk,
  planSiteBulk,
  SITE_BULK_TEMPLATE,
  SITE_BULK_TEMPLATE_FILE_NAME,
  siteBulkBody,
  siteBulkResultSchema,
  siteBulkSummary,
  siteDeleteImpactSchema,
  siteProgressSchema,
  siteSchema,
  siteSummarySchema,
  updateSiteBody,
  type Site,
  type User,
} from '@hiu/domain';
import { HttpError, notFound } from '../http/errors.js';
import { applySiteBulk, createSite, deleteSite, updateSite } from './commands.js';
import { tag } from '../response-cache/cached-reads.js';
import type { AppContext } from '../context.js';
import { UUID_PATTERN as UUID } from '@hiu/domain';
import { seesApprovedOnly, siteAccess } from '../http/site-access.js';

/** Any id string: one that is not a uuid is simply not found (404), like an unknown one. */
const idParams = z.object({ id: z.string().max(64) });

/** A bulk upload carries a 5 MB file as JSON text; escaping can grow it, so the body may be larger. */
export const BULK_BODY_LIMIT = 2 * MAX_SITE_BULK_BYTES;
/** The list answers at most this many issues; the summary still counts all of them. */
const MAX_LISTED_ISSUES = 1000;

export const siteRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sites } = ctx.repos;
    const db = ctx.database.db;
    const admin = { access: 'admin' as const };
    // Admins, and API tokens of scope manage on their own sites (docs/product.md#integrations).
    const manage = { access: 'manage' as const };
    const user = { access: 'user' as const };
    const tags = ['sites'];

    const access = siteAccess(ctx.repos.members);
    const siteOr404 = async (id: string): Promise<Site> => {
      const site = UUID.test(id) ? await sites.byId(id) : undefined;
      if (!site) throw notFound('Site not found');
      return site;
    };
    /** The site, if the caller belongs to it (admins to every site); 404 otherwise. */
    const visibleSiteOr404 = async (id: string, caller: User): Promise<Site> => {
      if (UUID.test(id)) await access.orNotFound(caller, id);
      return siteOr404(id);
    };

    // Engineers need the list for the site picker: everyone sees the sites they belong to, admins all.
    app.get(
      '/api/sites',
      { config: user, schema: { tags, querystring: pageQuery, response: { 200: page(siteSummarySchema) } } },
      (request, reply) => {
        const user = request.user!;
        const admin = user.role === 'admin';
        return ctx.cachedRead(
          request,
          reply,
          () => sites.list({ ...request.query, ...(admin ? {} : { memberId: user.id }) }),
          // Which sites a member sees changes with their memberships; which an admin sees, with any site.
          (page) => [admin ? tag.everySite : tag.person(user.id), ...page.items.map((s) => tag.site(s.id))],
        );
      },
    );

    app.get(
      '/api/sites/bulk/template',
      { config: admin, schema: { tags, produces: ['text/csv'] } },
      async (_request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${SITE_BULK_TEMPLATE_FILE_NAME}"`)
          .send(SITE_BULK_TEMPLATE),
    );

    app.post(
      '/api/sites/bulk',
      {
        config: admin,
        bodyLimit: BULK_BODY_LIMIT,
        schema: { tags, body: siteBulkBody, response: { 200: siteBulkResultSchema } },
      },
      async (request) => {
        const { csvData } = request.body;
        if (new TextEncoder().encode(csvData).length > MAX_SITE_BULK_BYTES) {
          throw new HttpError(
            413,
            'too_large',
            `The CSV file is larger than ${MAX_SITE_BULK_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
          );
        }
        const parsed = parseSiteBulk(csvData);
        if (parsed.rowCount > MAX_SITE_BULK_ROWS) {
          throw new HttpError(
            413,
            'too_large',
            `The CSV file has ${parsed.rowCount} rows; at most ${MAX_SITE_BULK_ROWS} can be uploaded at a time. Split it into smaller files.`,
          );
        }
        // Existing sites are looked up even when the file has errors, so one upload reports every problem.
        const plan = planSiteBulk(parsed, await sites.existingForBulk(parsed));
        const summary = siteBulkSummary(plan.issues, plan);
        if (summary.totalErrors === 0 && summary.sitesCreated + summary.propertiesCreated > 0)
          await applySiteBulk(db, request.user, plan);
        return { summary, errors: plan.issues.slice(0, MAX_LISTED_ISSUES) };
      },
    );

    app.get(
      '/api/sites/:id',
      { config: user, schema: { tags, params: idParams, response: { 200: siteSchema } } },
      (request) => visibleSiteOr404(request.params.id, request.user!),
    );

    // Home's "143 of 200 commissioned, 9 failed" for the chosen site; engineers see it too.
    app.get(
      '/api/sites/:id/progress',
      { config: user, schema: { tags, params: idParams, response: { 200: siteProgressSchema } } },
      async (request) =>
        ctx.repos.properties.siteProgress(
          (await visibleSiteOr404(request.params.id, request.user!)).id,
          seesApprovedOnly(request.user!),
        ),
    );

    app.get(
      '/api/sites/:id/delete-impact',
      { config: admin, schema: { tags, params: idParams, response: { 200: siteDeleteImpactSchema } } },
      async (request) => sites.deleteImpact((await siteOr404(request.params.id)).id),
    );

    app.post(
      '/api/sites',
      { config: manage, schema: { tags, body: createSiteBody, response: { 201: siteSchema } } },
      async (request, reply) => {
        const user = request.user!;
        // A token that makes a site belongs to it, so it can keep it in step.
        const member = user.role === 'admin' ? undefined : user.id;
        return reply.status(201).send(await createSite(db, user, request.body, member));
      },
    );

    app.patch(
      '/api/sites/:id',
      { config: manage, schema: { tags, params: idParams, body: updateSiteBody, response: { 200: siteSchema } } },
      async (request) => {
        if (!UUID.test(request.params.id)) throw notFound('Site not found');
        await access.orNotFound(request.user!, request.params.id);
        return updateSite(db, request.user, request.params.id, request.body);
      },
    );

    app.delete('/api/sites/:id', { config: admin, schema: { tags, params: idParams } }, async (request, reply) => {
      await deleteSite(db, request.user, (await siteOr404(request.params.id)).id);
      return reply.status(204).send();
    });
  };
