import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteMemberSchema } from '@hiu/domain';
import { notFound } from '../http/errors.js';
import type { AppContext } from '../context.js';
import { addMember, removeMember } from './commands.js';

const siteParams = z.object({ id: z.uuid() });
const memberParams = z.object({ id: z.uuid(), userId: z.uuid() });

/** Site membership: admins decide who belongs to which site. */
export const memberRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { members, sites, users } = ctx.repos;
    const admin = { access: 'admin' as const };
    const tags = ['sites'];

    const siteOr404 = async (id: string) => {
      if (!(await sites.byId(id))) throw notFound('Site not found');
    };

    app.get(
      '/api/sites/:id/members',
      { config: admin, schema: { tags, params: siteParams, response: { 200: z.array(siteMemberSchema) } } },
      async (request) => {
        await siteOr404(request.params.id);
        return members.list(request.params.id);
      },
    );

    // PUT: adding someone who already belongs changes nothing (200); a new member is 201.
    app.put(
      '/api/sites/:id/members/:userId',
      {
        config: admin,
        schema: { tags, params: memberParams, response: { 200: siteMemberSchema, 201: siteMemberSchema } },
      },
      async (request, reply) => {
        const { id, userId } = request.params;
        await siteOr404(id);
        const user = await users.byId(userId);
        if (!user) throw notFound('User not found');
        const added = await addMember(ctx.database.db, request.user, id, user);
        const member = (await members.list(id)).find((m) => m.userId === userId);
        if (!member) throw notFound('User not found');
        return reply.status(added ? 201 : 200).send(member);
      },
    );

    app.delete(
      '/api/sites/:id/members/:userId',
      { config: admin, schema: { tags, params: memberParams, response: { 204: z.null() } } },
      async (request, reply) => {
        const { id, userId } = request.params;
        if (!(await removeMember(ctx.database.db, request.user, id, userId)))
          throw notFound('This user is not a member of the site');
        return reply.status(204).send(null);
      },
    );
  };
