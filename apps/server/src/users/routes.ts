import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createUserBody, inviteUserBody, updateUserBody, userListItemSchema, userSchema } from '@hiu/domain';
import { conflict, HttpError, unprocessable } from '../http/errors.js';
import { randomBytes } from 'node:crypto';
import { inviteUser } from '../auth/commands.js';
import { mailIsOn } from '../notifications/mail-setting.js';
import { hashPassword } from '../http/passwords.js';
import type { AppContext } from '../context.js';
import { createUser, updateUser } from './commands.js';
import { EMAIL_EXISTS } from './repository.js';

const idParams = z.object({ id: z.uuid() });

export const userRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { users } = ctx.repos;
    const admin = { access: 'admin' as const };

    app.get(
      '/api/users',
      { config: admin, schema: { tags: ['users'], response: { 200: z.array(userListItemSchema) } } },
      async () => {
        const [list, held] = await Promise.all([users.list(), ctx.repos.files.unclaimedByOwner()]);
        return list.map((u) => ({ ...u, unclaimedUploads: held.get(u.id) ?? { count: 0, bytes: 0 } }));
      },
    );

    app.post(
      '/api/users',
      { config: admin, schema: { tags: ['users'], body: createUserBody, response: { 201: userSchema } } },
      async (request, reply) => {
        const { password, ...rest } = request.body;
        // Refused before hashing: the hash is deliberately costly.
        if (await users.withHashByEmail(rest.email)) {
          throw conflict(EMAIL_EXISTS, { email: EMAIL_EXISTS });
        }
        const user = await createUser(ctx.database.db, request.user, {
          ...rest,
          passwordHash: await hashPassword(password),
        });
        return reply.status(201).send(user);
      },
    );

    // With email on, the person chooses their own password from the emailed link (docs/product.md#invitations).
    app.post(
      '/api/users/invitations',
      { config: admin, schema: { tags: ['users'], body: inviteUserBody, response: { 201: userSchema } } },
      async (request, reply) => {
        if (!mailIsOn(ctx.database.db))
          throw new HttpError(409, 'email_off', 'This server sends no email: add the user with a password instead.');
        if (await users.withHashByEmail(request.body.email)) throw conflict(EMAIL_EXISTS, { email: EMAIL_EXISTS });
        // A password nobody knows until the person sets theirs.
        const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
        const user = await inviteUser(ctx.database.db, request.user, { ...request.body, passwordHash });
        ctx.jobs.nudge();
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
        return updateUser(ctx.database.db, users, request.user, request.params.id, {
          ...patch,
          ...(password ? { passwordHash: await hashPassword(password) } : {}),
        });
      },
    );
  };
