import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountLinkSchema,
  authOptionsSchema,
  firstAdminBody,
  linkToken,
  passwordResetBody,
  setPasswordBody,
  signInBody,
  userSchema,
} from '@hiu/domain';
import { HttpError, conflict } from '../http/errors.js';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../http/access.js';
import {
  dummyHash,
  hashPassword,
  holdPasswordCheck,
  passwordCheckHasRoom,
  PasswordHashingBusy,
  verifyPassword,
} from '../http/passwords.js';
import { rememberingFullKeys } from '../http/full-sign-in-keys.js';
import {
  accountDelayMs,
  resetLimit,
  SIGN_IN_WINDOW_SECONDS,
  signInLimits,
  tooManyAttempts,
  tooManyResetRequests,
} from '../http/sign-in-limits.js';
import { createFirstAdmin, signOut } from '../users/commands.js';
import { LINK_GONE, requestPasswordReset, setPasswordWithLink, signInAttempts } from './commands.js';
import { mailIsOn } from '../notifications/mail-setting.js';
import { hashToken } from '../users/repository.js';
import type { AppContext } from '../context.js';

const BAD_CREDENTIALS = 'Email or password is incorrect';
const noEmail = () =>
  new HttpError(409, 'email_off', 'This server sends no email. Ask your admin to set a new password for you.');

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { users } = ctx.repos;
    const linkOf = (token: string) => ctx.repos.accountLinks.peek(hashToken(token));
    const attempts = rememberingFullKeys(signInAttempts(ctx.database.db, SIGN_IN_WINDOW_SECONDS));

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
        const user = await createFirstAdmin(ctx.database.db, {
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
        const limits = signInLimits(email, request.ip);
        // Past a limit this server knows of: refused from memory, before anything else.
        const full = attempts.knownFull(limits.all);
        if (full !== undefined) throw tooManyAttempts(full);
        // Every attempt is counted against its address before anything else, refused ones included (one statement):
        // an address that is only ever told "busy" meets its own limit, and then costs nothing.
        const letGo = holdPasswordCheck(request.ip);
        let row: Awaited<ReturnType<typeof users.withHashByEmail>>;
        let ok: boolean;
        try {
          const [made = 0] = await attempts.take([limits.address]);
          // One check per address waits or runs at a time; and one the line has no place for goes no further. The
          // address's attempts so far are its place in line: a fresh address goes before the flood's.
          if (!letGo || !passwordCheckHasRoom(made)) throw new PasswordHashingBusy();
          // The account's counts, also before the check, in the database, so concurrent attempts cannot all slip
          // under the limit.
          const [, accountCount = 0] = await attempts.take([limits.pair, limits.account]);
          const delay = accountDelayMs(accountCount);
          if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
          try {
            row = await users.withHashByEmail(email);
            ok = await verifyPassword(password, row?.passwordHash ?? dummyHash(), made);
          } catch (err) {
            // Never checked (the line filled meanwhile, or the database failed): the account's counts get it back.
            // The address keeps it.
            await attempts.giveBack([limits.pair.key, limits.account.key]).catch(() => undefined);
            throw err;
          }
        } finally {
          letGo?.();
        }
        if (!row || !ok || !row.active) {
          await attempts.removeExpired();
          throw new HttpError(401, 'bad_credentials', BAD_CREDENTIALS);
        }
        // A sign-in is not a failure: this address starts again for the account, and the shared counts get it back.
        await attempts.clear([limits.pair.key]);
        await attempts.giveBack([limits.address.key, limits.account.key]);
        const session = await users.createSession(row.id);
        setSessionCookie(request, reply, session.token, session.expiresAt, ctx.config.secureCookies);
        return { id: row.id, email: row.email, name: row.name, role: row.role, active: row.active };
      },
    );

    // Invitations and password reset by email (docs/product.md#invitations) work only where email is sent.
    app.get(
      '/api/auth/options',
      { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: authOptionsSchema } } },
      async () => ({ emailLinks: mailIsOn(ctx.database.db) }),
    );

    // The same answer whether or not an account has the address: it reveals nothing.
    app.post(
      '/api/auth/password-reset',
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], body: passwordResetBody, response: { 202: z.object({ message: z.string() }) } },
      },
      async (request, reply) => {
        if (!mailIsOn(ctx.database.db)) throw noEmail();
        // Counted against the caller's address before anything is looked up (docs/product.md#invitations).
        await attempts.take([resetLimit(request.ip)]).catch((err: unknown) => {
          throw err instanceof HttpError && err.status === 429 ? tooManyResetRequests(err) : err;
        });
        await requestPasswordReset(ctx.database.db, request.body.email);
        ctx.jobs.nudge();
        return reply.status(202).send({
          message: 'If an account has this address, an email with a link to choose a new password is on its way.',
        });
      },
    );

    app.get(
      '/api/auth/links/:token',
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], params: z.object({ token: linkToken }), response: { 200: accountLinkSchema } },
      },
      async (request) => {
        const link = await linkOf(request.params.token);
        if (!link || !link.active) throw new HttpError(410, 'link_gone', LINK_GONE);
        return { purpose: link.purpose, name: link.name, email: link.email };
      },
    );

    // Sets the password and uses the link up; every other session of the person ends, this one starts.
    app.post(
      '/api/auth/password',
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], body: setPasswordBody, response: { 200: userSchema } },
      },
      async (request, reply) => {
        // Refused before hashing: the hash is deliberately costly and this call is public.
        if (!(await linkOf(request.body.token))) throw new HttpError(410, 'link_gone', LINK_GONE);
        const passwordHash = await hashPassword(request.body.password);
        const user = await setPasswordWithLink(ctx.database.db, users, request.body.token, passwordHash);
        const session = await users.createSession(user.id);
        setSessionCookie(request, reply, session.token, session.expiresAt, ctx.config.secureCookies);
        return user;
      },
    );

    app.post(
      '/api/auth/logout',
      { config: { access: 'public' }, schema: { tags: ['auth'], response: { 204: z.null() } } },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await signOut(ctx.database.db, users, token);
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
