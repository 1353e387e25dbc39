import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiTokenSchema, apiTokenWithSecretSchema, tokenCreateBody } from '@hiu/domain';
import { HttpError, notFound } from '../http/errors.js';
import type { AppContext } from '../context.js';
import { tokensRepository } from './repository.js';
import { createToken, revokeToken } from './commands.js';

const idParams = z.object({ id: z.uuid() });

/** API tokens: admins make, list and revoke them; a token itself can never reach these. */
export const tokenRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tokens = tokensRepository(ctx.database.db);
    const admin = { access: 'admin' as const };
    const tags = ['tokens'];

    app.get('/api/tokens', { config: admin, schema: { tags, response: { 200: z.array(apiTokenSchema) } } }, () =>
      tokens.list(),
    );

    app.post(
      '/api/tokens',
      { config: admin, schema: { tags, body: tokenCreateBody, response: { 201: apiTokenWithSecretSchema } } },
      async (request, reply) => {
        return reply.status(201).send(await createToken(ctx.database.db, request.user, request.body));
      },
    );

    app.delete(
      '/api/tokens/:id',
      { config: admin, schema: { tags, params: idParams, response: { 204: z.null() } } },
      async (request, reply) => {
        const revoked = await revokeToken(ctx.database.db, request.user, request.params.id);
        if (!revoked) throw notFound('Token not found');
        if (revoked === 'already') throw new HttpError(409, 'conflict', 'This token is revoked already');
        ctx.repos.users.heard(`user:${revoked.userId}`);
        return reply.status(204).send(null);
      },
    );
  };
