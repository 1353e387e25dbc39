import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inboxPageQuery, inboxPageSchema, unreadCountSchema } from '@hiu/domain';
import { notFound, unprocessable } from '../http/errors.js';
import type { AppContext } from '../context.js';

const idParams = z.object({ id: z.uuid() });
const BAD_PAGE = 'This page of notifications does not exist';

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

    app.post(
      '/api/notifications/read-all',
      { config: mine, schema: { tags: ['notifications'], response: { 204: z.null() } } },
      async (request, reply) => {
        await notifications.markAllRead(request.user!.id);
        return reply.status(204).send(null);
      },
    );
  };
