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
import { notFound, unprocessable } from '../http/errors.js';
import { ADDRESS_EXISTS } from '../repositories/properties.js';
import { tag } from '../answers/serve.js';
import type { AppContext } from '../context.js';
import type { TransactionRepositories } from '../repositories/index.js';
import { UUID_PATTERN as UUID } from '@hiu/domain';
import { seesApprovedOnly, siteAccess } from '../http/site-access.js';

const idParams = z.object({ id: z.string().max(64) });
const draftParams = z.object({ id: z.string().max(64), draftId: z.string().max(64) });

/** 20,000 properties of up to 300-character addresses fit; typical imports are far smaller. */
const BULK_BODY_LIMIT = 8 * 1024 * 1024;

/** The site's own spelling of a type, matched case-insensitively; undefined when the site has no such type. */
export function siteTypeFor(site: Pick<Site, 'availableBuildingTypes'>, type: string): string | undefined {
  const t = type.trim().toLowerCase();
  return site.availableBuildingTypes.find((x) => x.toLowerCase() === t);
}

const notATypeMessage = (site: Site, type: string) =>
  `${type} is not one of this site's property types (${site.availableBuildingTypes.join(', ') || 'none'})`;

export const propertyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { properties, sites, drafts } = ctx.repos;
    const admin = { access: 'admin' as const };
    const user = { access: 'user' as const };
    const tags = ['properties'];

    /** In a transaction, the site's row stays shared until it ends: its types cannot change under a check. */
    const siteOr404 = async (id: string, tx?: TransactionRepositories): Promise<Site> => {
      const site = !UUID.test(id) ? undefined : tx ? await tx.sites.byId(id, 'share') : await sites.byId(id);
      if (!site) throw notFound('Site not found');
      return site;
    };
    const propertyOr404 = async (id: string): Promise<Property> => {
      const property = UUID.test(id) ? await properties.byId(id) : undefined;
      if (!property) throw notFound('Property not found');
      return property;
    };
    const access = siteAccess(ctx.repos.members);
    const typeOr422 = (site: Site, type: string, field = 'propertyType') => {
      const found = siteTypeFor(site, type);
      if (!found) throw unprocessable(notATypeMessage(site, type), { [field]: notATypeMessage(site, type) });
      return found;
    };

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
        return ctx.remembered(
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

    // A re-test under a test pack starts with the issues still open on the flat's latest report (decision 190).
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
        if (!UUID.test(draftId) || !(await drafts.deleteForProperty(draftId, property.id, request.user)))
          throw notFound('Draft not found');
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/properties',
      { config: admin, schema: { tags, body: createPropertyBody, response: { 201: propertySchema } } },
      async (request, reply) => {
        // The type is checked and the property written while the site's types cannot change (the site's row
        // shared), so a site change removing the type counts this property or refuses it.
        const property = await ctx.repos.transaction(async (tx) => {
          const site = await siteOr404(request.body.siteId, tx);
          const propertyType = typeOr422(site, request.body.propertyType);
          return tx.properties.create(
            {
              siteId: site.id,
              address: request.body.address,
              propertyType,
              block: request.body.block ?? '',
              floor: request.body.floor ?? '',
            },
            request.user,
          );
        });
        return reply.status(201).send(property);
      },
    );

    app.patch(
      '/api/properties/:id',
      {
        config: admin,
        schema: { tags, params: idParams, body: updatePropertyBody, response: { 200: propertySchema } },
      },
      async (request) => {
        const property = await propertyOr404(request.params.id);
        const { address, propertyType, block, floor } = request.body;
        if ([address, propertyType, block, floor].every((v) => v === undefined))
          throw unprocessable('Nothing to update');
        // Checked against the site's types and written in one transaction, as a new property is.
        return ctx.repos.transaction(async (tx) => {
          const site = await siteOr404(property.siteId, tx);
          const updated = await tx.properties.update(
            property.id,
            {
              ...(address !== undefined ? { address } : {}),
              ...(propertyType !== undefined ? { propertyType: typeOr422(site, propertyType) } : {}),
              ...(block !== undefined ? { block } : {}),
              ...(floor !== undefined ? { floor } : {}),
            },
            request.user,
          );
          if (!updated) throw notFound('Property not found');
          return updated;
        });
      },
    );

    app.delete('/api/properties/:id', { config: admin, schema: { tags, params: idParams } }, async (request, reply) => {
      const property = await propertyOr404(request.params.id);
      if (!(await properties.delete(property.id, request.user))) throw notFound('Property not found');
      return reply.status(204).send();
    });

    app.post(
      '/api/properties/bulk',
      {
        config: admin,
        bodyLimit: BULK_BODY_LIMIT,
        schema: { tags, body: bulkPropertiesBody, response: { 201: bulkPropertiesResult } },
      },
      async (request, reply) => {
        // Checked and written in one transaction, like a single property (the site's types cannot change under it).
        const count = await ctx.repos.transaction(async (tx) => {
          const site = await siteOr404(request.body.siteId, tx);
          const fields: Record<string, string> = {};
          const seen = new Map<string, number>();
          const rows = request.body.properties.map((p, i) => {
            const type = siteTypeFor(site, p.propertyType);
            if (!type) fields[`properties.${i}.propertyType`] = notATypeMessage(site, p.propertyType);
            const key = p.address.toLowerCase();
            const earlier = seen.get(key);
            if (earlier !== undefined) fields[`properties.${i}.address`] = `Same address as item ${earlier + 1}`;
            else seen.set(key, i);
            return {
              address: p.address,
              propertyType: type ?? p.propertyType,
              assignedTo: p.assignedTo?.toLowerCase(),
              block: p.block,
              floor: p.floor,
            };
          });
          // "Assigned To": an active engineer who is a member of this site, by email.
          const emails = rows.flatMap((r) => (r.assignedTo ? [r.assignedTo] : []));
          const engineers = emails.length ? await tx.assignments.engineersByEmail(site.id, emails) : new Map();
          rows.forEach((r, i) => {
            if (r.assignedTo && !engineers.has(r.assignedTo))
              fields[`properties.${i}.assignedTo`] = `${r.assignedTo} is not an engineer on this site`;
          });
          const existing = await tx.properties.existingAddresses(
            site.id,
            rows.map((r) => r.address),
          );
          rows.forEach((r, i) => {
            if (existing.has(r.address.toLowerCase())) fields[`properties.${i}.address`] ??= ADDRESS_EXISTS;
          });
          const first = Object.values(fields)[0];
          if (first) {
            const count = Object.keys(fields).length;
            const message = count === 1 ? first : `${count} properties cannot be imported; the first: ${first}`;
            throw unprocessable(message, fields);
          }
          return tx.properties.createMany(
            site.id,
            rows.map((r) => ({
              address: r.address,
              propertyType: r.propertyType,
              engineerId: r.assignedTo ? engineers.get(r.assignedTo) : undefined,
              block: r.block,
              floor: r.floor,
            })),
            request.user,
          );
        });
        return reply.status(201).send({ count });
      },
    );
  };
