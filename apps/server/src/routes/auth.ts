import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { firstAdminBody, signInBody, userSchema } from '@hiu/domain';
import { HttpError, conflict } from '../http/errors.js';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../http/access.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../http/passwords.js';
import type { AppContext } from '../context.js';

const WINDOW_MS = 15 * 60_000;
const MAX_PER_EMAIL = 5;
const MAX_PER_IP = 30;
const BAD_CREDENTIALS = 'Email or password is incorrect';

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { users } = ctx.repos;

    app.get(
      '/api/auth/setup',
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], response: { 200: z.object({ needed: z.boolean() }) } },
      },
      async () => ({ needed: (await users.count()) === 0 }),
    );

    app.post(
      '/api/auth/setup',
      { config: { access: 'public' }, schema: { tags: ['auth'], body: firstAdminBody, response: { 201: userSchema } } },
      async (request, reply) => {
        // Refuse before hashing: the hash is deliberately costly and this call is public.
        if ((await users.count()) > 0) throw conflict('An admin account already exists. Please sign in.');
        const user = await users.createFirstAdmin({
          ...request.body,
          passwordHash: await hashPassword(request.body.password),
        });
        if (!user) throw conflict('An admin account already exists. Please sign in.');
        const session = await users.createSession(user.id);
        setSessionCookie(request, reply, session.token, session.expiresAt, ctx.config.secureCookies);
        return reply.status(201).send(user);
      },
    );

    app.post(
      '/api/auth/login',
      { config: { access: 'public' }, schema: { tags: ['auth'], body: signInBody, response: { 200: userSchema } } },
      async (request, reply) => {
        const { email, password } = request.body;
        const since = new Date(Date.now() - WINDOW_MS);
        const recent = await users.recentFailures(email, request.ip, since);
        if (recent.email >= MAX_PER_EMAIL || recent.ip >= MAX_PER_IP) {
          throw new HttpError(429, 'rate_limited', 'Too many sign-in attempts. Please wait 15 minutes and try again.');
        }
        const row = await users.withHashByEmail(email);
        const ok = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
        if (!row || !ok || !row.active) {
          await users.recordFailure(email, request.ip);
          throw new HttpError(401, 'bad_credentials', BAD_CREDENTIALS);
        }
        await users.clearFailures(email);
        const session = await users.createSession(row.id);
        setSessionCookie(request, reply, session.token, session.expiresAt, ctx.config.secureCookies);
        return { id: row.id, email: row.email, name: row.name, role: row.role, active: row.active };
      },
    );

    app.post(
      '/api/auth/logout',
      { config: { access: 'public' }, schema: { tags: ['auth'], response: { 204: z.null() } } },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await users.deleteSession(token);
        clearSessionCookie(reply);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/auth/me',
      { schema: { tags: ['auth'], response: { 200: userSchema } } },
      async (request) => request.user!,
    );
  };
