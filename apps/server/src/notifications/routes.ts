import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailPreferenceBody,
  emailPreferencesSchema,
  inboxPageQuery,
  inboxPageSchema,
  mailFailureSchema,
  NOTIFICATION_KINDS_BY_ROLE,
  unreadCountSchema,
} from '@hiu/domain';
import { notFound, unprocessable } from '../http/errors.js';
import type { AppContext } from '../context.js';
import { KIND_NAMES } from './mail.js';

const idParams = z.object({ id: z.uuid() });
const BAD_PAGE = 'This page of notifications does not exist';
const tokenParams = z.object({ token: z.string().regex(/^[0-9a-f]{64}$/) });

const page = (message: string) =>
  `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>Email notifications</title>` +
  `<body style="font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem">${message}</body></html>`;

/**
 * My inbox (docs/product.md#notifications): every signed-in person's own entries, newest first, and the unread
 * count the bell shows. People only: the accounts API tokens act as have no inbox.
 */
export const notificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { notifications } = ctx.repos;
    const mine = { access: 'user' as const, peopleOnly: true };

    app.get(
      '/api/notifications',
      {
        config: mine,
        schema: { tags: ['notifications'], querystring: inboxPageQuery, response: { 200: inboxPageSchema } },
      },
      async (request) => {
        const { limit, after } = request.query;
        const from = after === undefined ? undefined : Number(after);
        if (from !== undefined && !Number.isSafeInteger(from)) throw unprocessable(BAD_PAGE, { after: BAD_PAGE });
        return notifications.page(request.user!.id, limit, from);
      },
    );

    app.get(
      '/api/notifications/unread-count',
      { config: mine, schema: { tags: ['notifications'], response: { 200: unreadCountSchema } } },
      async (request) => ({ unread: await notifications.unreadCount(request.user!.id) }),
    );

    app.post(
      '/api/notifications/:id/read',
      { config: mine, schema: { tags: ['notifications'], params: idParams, response: { 204: z.null() } } },
      async (request, reply) => {
        if (!(await notifications.markRead(request.user!.id, request.params.id)))
          throw notFound('Notification not found');
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/notifications/preferences',
      { config: mine, schema: { tags: ['notifications'], response: { 200: emailPreferencesSchema } } },
      async (request) => {
        const chosen = await notifications.emailPreferences(request.user!.id);
        const kinds = NOTIFICATION_KINDS_BY_ROLE[request.user!.role];
        return kinds.map((kind) => ({ kind, label: KIND_NAMES[kind], email: chosen.get(kind) ?? true }));
      },
    );

    app.put(
      '/api/notifications/preferences',
      {
        config: mine,
        schema: { tags: ['notifications'], body: emailPreferenceBody, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await notifications.setEmail(request.user!.id, request.body.kind, request.body.email);
        return reply.status(204).send(null);
      },
    );

    // The link in every mail's footer and List-Unsubscribe header. Opening it asks first (mail scanners open
    // links); the button, or a mail program's one-click POST, turns that kind of email off.
    app.get(
      '/api/notifications/unsubscribe/:token',
      { config: { access: 'public' }, schema: { hide: true, params: tokenParams } },
      async (request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .send(
            page(
              `<h1>Stop these emails?</h1><form method="post"><button type="submit" style="min-height:48px;padding:0 1rem;font-size:1rem">Unsubscribe</button></form>`,
            ),
          ),
    );

    app.register(async (oneClick) => {
      // A mail program posts "List-Unsubscribe=One-Click" as a form; its words change nothing.
      oneClick.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
        done(null, undefined),
      );
      oneClick.post(
        '/api/notifications/unsubscribe/:token',
        { config: { access: 'public', formPost: true }, schema: { hide: true, params: tokenParams } },
        async (request, reply) => {
          const { token } = request.params as { token: string };
          const done = await notifications.unsubscribe(token);
          return reply
            .status(done ? 200 : 404)
            .type('text/html; charset=utf-8')
            .send(
              page(
                done
                  ? '<h1>Unsubscribed</h1><p>You will get no more emails of this kind. Your notifications in the app are as before; turn emails on again under Notifications.</p>'
                  : '<h1>Link not known</h1><p>This unsubscribe link is not one of ours, or its account is gone.</p>',
              ),
            );
        },
      );
    });

    app.get(
      '/api/notifications/mail-failures',
      {
        config: { access: 'admin' },
        schema: { tags: ['notifications'], response: { 200: z.array(mailFailureSchema) } },
      },
      async () =>
        (await notifications.mailFailures()).map(({ state, nextAttemptAt, failedAt, ...f }) => ({
          ...f,
          state: state === 'failed' ? ('failed' as const) : ('retrying' as const),
          nextAttemptAt: state === 'failed' ? null : nextAttemptAt.toISOString(),
          failedAt: failedAt?.toISOString() ?? null,
        })),
    );

    app.post(
      '/api/notifications/read-all',
      { config: mine, schema: { tags: ['notifications'], response: { 204: z.null() } } },
      async (request, reply) => {
        await notifications.markAllRead(request.user!.id);
        return reply.status(204).send(null);
      },
    );
  };
