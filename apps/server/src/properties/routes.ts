import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkPropertiesBody,
  packIssueSchema,
  bulkPropertiesResult,
  createPropertyBody,
  page,
  propertyDeleteImpactSchema,
  propertyDraftSchema,
  propertyWorkSchema,
  propertyListQuery,
  propertySchema,
  propertyWithStatusSchema,
  updatePropertyBody,
  type Property,
  type Site,
} from '@hiu/domain';
import { notFound } from '../http/errors.js';
import { discardDraft } from '../drafts/commands.js';
import { createProperty, deleteProperty, importProperties, updateProperty } from './commands.js';
import { tag } from '../response-cache/cached-reads.js';
import type { AppContext } from '../context.js';
import { UUID_PATTERN as UUID } from '@hiu/domain';
import { seesApprovedOnly, siteAccess } from '../http/site-access.js';

const idParams = z.object({ id: z.string().max(64) });
const draftParams = z.object({ id: z.string().max(64), draftId: z.string().max(64) });

/** 20,000 properties of up to 300-character addresses fit; typical imports are far smaller. */
const BULK_BODY_LIMIT = 8 * 1024 * 1024;

export const propertyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { properties, sites, drafts } = ctx.repos;
    const admin = { access: 'admin' as const };
    // Admins, and API tokens of scope manage on their own sites (docs/product.md#integrations).
    const manage = { access: 'manage' as const };
    const user = { access: 'user' as const };
    const tags = ['properties'];

    const db = ctx.database.db;
    const siteOr404 = async (id: string): Promise<Site> => {
      const site = UUID.test(id) ? await sites.byId(id) : undefined;
      if (!site) throw notFound('Site not found');
      return site;
    };
    const propertyOr404 = async (id: string): Promise<Property> => {
      const property = UUID.test(id) ? await properties.byId(id) : undefined;
      if (!property) throw notFound('Property not found');
      return property;
    };
    const access = siteAccess(ctx.repos.members);
    // The engineer's property picker uses this too: always one site, searched and paged in SQL.
    app.get(
      '/api/properties',
      {
        config: user,
        schema: { tags, querystring: propertyListQuery, response: { 200: page(propertyWithStatusSchema) } },
      },
      async (request, reply) => {
        const user = request.user!;
        const { siteId } = request.query;
        return ctx.cachedRead(
          request,
          reply,
          async () => {
            // A membership goes with its site, so a member's site exists; only an admin's is looked up.
            if (user.role === 'admin') await siteOr404(siteId);
            else await access.orNotFound(user, siteId);
            return properties.list({ ...request.query, approvedOnly: seesApprovedOnly(user) });
          },
          () => [tag.site(siteId), tag.person(user.id)],
        );
      },
    );

    app.get(
      '/api/properties/:id',
      { config: user, schema: { tags, params: idParams, response: { 200: propertySchema } } },
      async (request) => {
        const property = await propertyOr404(request.params.id);
        await access.orNotFound(request.user!, property.siteId, 'Property not found');
        return property;
      },
    );

    app.get(
      '/api/properties/:id/delete-impact',
      { config: admin, schema: { tags, params: idParams, response: { 200: propertyDeleteImpactSchema } } },
      async (request) => properties.deleteImpact((await propertyOr404(request.params.id)).id),
    );

    // Before starting a flat: the caller's own check of it to resume, and anyone else's in progress (who, at
    // which step, since when), never the readings (docs/product.md#drafts).
    app.get(
      '/api/properties/:id/work',
      { config: { access: 'field' }, schema: { tags, params: idParams, response: { 200: propertyWorkSchema } } },
      async (request) => {
        const property = await propertyOr404(request.params.id);
        await access.orNotFound(request.user!, property.siteId, 'Property not found');
        return drafts.workInProgress(property.id, request.user!.id);
      },
    );

    // A re-test under a test pack starts with the issues still open on the flat's latest report.
    app.get(
      '/api/properties/:id/open-issues',
      {
        config: { access: 'field' },
        schema: { tags, params: idParams, response: { 200: z.array(packIssueSchema) } },
      },
      async (request) => {
        const property = await propertyOr404(request.params.id);
        await access.orNotFound(request.user!, property.siteId, 'Property not found');
        return properties.latestOpenIssues(property.id);
      },
    );

    // Abandoned checks: an admin sees who holds a draft of the property and can discard one, so a check
    // nobody will finish stops marking the property "In progress". A discard is in the history.
    app.get(
      '/api/properties/:id/drafts',
      { config: admin, schema: { tags, params: idParams, response: { 200: z.array(propertyDraftSchema) } } },
      async (request) => drafts.listForProperty((await propertyOr404(request.params.id)).id),
    );

    app.delete(
      '/api/properties/:id/drafts/:draftId',
      { config: admin, schema: { tags, params: draftParams, response: { 204: z.null() } } },
      async (request, reply) => {
        const property = await propertyOr404(request.params.id);
        const { draftId } = request.params;
        if (!UUID.test(draftId) || !(await discardDraft(db, request.user, draftId, property.id)))
          throw notFound('Draft not found');
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/properties',
      { config: manage, schema: { tags, body: createPropertyBody, response: { 201: propertySchema } } },
      async (request, reply) => {
        if (!UUID.test(request.body.siteId)) throw notFound('Site not found');
        await access.orNotFound(request.user!, request.body.siteId);
        return reply.status(201).send(await createProperty(db, request.user, request.body));
      },
    );

    app.patch(
      '/api/properties/:id',
      {
        config: manage,
        schema: { tags, params: idParams, body: updatePropertyBody, response: { 200: propertySchema } },
      },
      async (request) => {
        const property = await propertyOr404(request.params.id);
        await access.orNotFound(request.user!, property.siteId, 'Property not found');
        return updateProperty(db, request.user, property, request.body);
      },
    );

    app.delete('/api/properties/:id', { config: admin, schema: { tags, params: idParams } }, async (request, reply) => {
      await deleteProperty(db, request.user, (await propertyOr404(request.params.id)).id);
      return reply.status(204).send();
    });

    app.post(
      '/api/properties/bulk',
      {
        config: manage,
        bodyLimit: BULK_BODY_LIMIT,
        schema: { tags, body: bulkPropertiesBody, response: { 201: bulkPropertiesResult } },
      },
      async (request, reply) => {
        if (!UUID.test(request.body.siteId)) throw notFound('Site not found');
        await access.orNotFound(request.user!, request.body.siteId);
        return reply.status(201).send({ count: await importProperties(db, request.user, request.body) });
      },
    );
  };
