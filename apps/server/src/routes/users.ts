import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createUserBody, updateUserBody, userSchema } from '@hiu/domain';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { hashPassword } from '../http/passwords.js';
import type { AppContext } from '../app.js';

const idParams = z.object({ id: z.uuid() });

export const userRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { users } = ctx.repos;
    const admin = { access: 'admin' as const };

    app.get('/api/users', { config: admin, schema: { tags: ['users'], response: { 200: z.array(userSchema) } } }, () =>
      users.list(),
    );

    app.post(
      '/api/users',
      { config: admin, schema: { tags: ['users'], body: createUserBody, response: { 201: userSchema } } },
      async (request, reply) => {
        const { password, ...rest } = request.body;
        if (await users.withHashByEmail(rest.email)) {
          throw conflict('A user with this email already exists', { email: 'A user with this email already exists' });
        }
        const user = await users.create({ ...rest, passwordHash: await hashPassword(password) }, request.user);
        return reply.status(201).send(user);
      },
    );

    app.patch(
      '/api/users/:id',
      {
        config: admin,
        schema: { tags: ['users'], params: idParams, body: updateUserBody, response: { 200: userSchema } },
      },
      async (request) => {
        const { password, ...patch } = request.body;
        if (Object.keys(request.body).length === 0) throw unprocessable('Nothing to update');
        const target = await users.byId(request.params.id);
        if (!target) throw notFound('User not found');
        const losesAdmin =
          target.role === 'admin' &&
          target.active &&
          ((patch.role && patch.role !== 'admin') || patch.active === false);
        if (losesAdmin && (await users.countActiveAdmins()) <= 1) {
          throw unprocessable('There must always be at least one active admin');
        }
        const updated = await users.update(
          target.id,
          { ...patch, ...(password ? { passwordHash: await hashPassword(password) } : {}) },
          request.user,
        );
        return updated!;
      },
    );
  };
