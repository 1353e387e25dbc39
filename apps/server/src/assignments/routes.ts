import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignBody,
  assignResultSchema,
  myAssignmentSchema,
  propertyAssignmentSchema,
  propertyAssignmentsQuery,
  siteEngineerSchema,
  unassignBody,
} from '@hiu/domain';
import { siteAccess } from '../http/site-access.js';
import { tag } from '../response-cache/cached-reads.js';
import type { AppContext } from '../context.js';
import { assignProperties, unassignProperties } from './commands.js';

const siteParams = z.object({ id: z.uuid() });

/** Supervisors and admins assign a site's properties to its engineers. */
export const assignmentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { assignments } = ctx.repos;
    const access = siteAccess(ctx.repos.members);

    app.post(
      '/api/sites/:id/assignments',
      {
        config: { access: 'supervisor' },
        schema: { tags: ['assignments'], params: siteParams, body: assignBody, response: { 200: assignResultSchema } },
      },
      async (request) => {
        const siteId = request.params.id;
        await access.orNotFound(request.user!, siteId);
        const { engineerId, dueDate, propertyIds, filter } = request.body;
        return assignProperties(ctx.database.db, request.user, {
          siteId,
          engineerId,
          dueDate: dueDate ?? null,
          target: propertyIds ? { propertyIds } : { filter: filter ?? {} },
        });
      },
    );

    app.delete(
      '/api/sites/:id/assignments',
      {
        config: { access: 'supervisor' },
        schema: {
          tags: ['assignments'],
          params: siteParams,
          body: unassignBody,
          response: { 200: z.object({ unassigned: z.number().int() }) },
        },
      },
      async (request) => {
        const siteId = request.params.id;
        await access.orNotFound(request.user!, siteId);
        return {
          unassigned: await unassignProperties(ctx.database.db, request.user, siteId, request.body.propertyIds),
        };
      },
    );

    app.get(
      '/api/sites/:id/engineers',
      {
        config: { access: 'supervisor' },
        schema: { tags: ['assignments'], params: siteParams, response: { 200: z.array(siteEngineerSchema) } },
      },
      async (request) => {
        await access.orNotFound(request.user!, request.params.id);
        return assignments.engineersOf(request.params.id);
      },
    );

    app.get(
      '/api/sites/:id/assignments',
      {
        config: { access: 'supervisor' },
        schema: {
          tags: ['assignments'],
          params: siteParams,
          querystring: propertyAssignmentsQuery,
          response: { 200: z.array(propertyAssignmentSchema) },
        },
      },
      async (request) => {
        await access.orNotFound(request.user!, request.params.id);
        return assignments.ofProperties(request.params.id, request.query.propertyId);
      },
    );

    // Anyone signed in may ask; only engineers are ever assigned, so everyone else gets an empty list.
    app.get(
      '/api/me/assignments',
      { config: { access: 'user' }, schema: { tags: ['assignments'], response: { 200: z.array(myAssignmentSchema) } } },
      (request, reply) =>
        ctx.cachedRead(
          request,
          reply,
          () => assignments.forEngineer(request.user!.id),
          // A flat's report or draft names the engineer it is assigned to (migration 0030).
          (flats) => [tag.person(request.user!.id), ...new Set(flats.map((f) => tag.site(f.siteId)))],
        ),
    );
  };
