import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pushEndpointBody, pushKeySchema, pushSubscriptionBody } from '@hiu/domain';
import { credentialOf } from '../http/credential.js';
import { HttpError, unprocessable } from '../http/errors.js';
import { urlProblem } from '../http/outbound/target-safety.js';
import type { AppContext } from '../context.js';
import { subscribeToPush, unsubscribeFromPush } from './commands.js';

const pushOff = () =>
  new HttpError(
    404,
    'push_off',
    'This server sends no push notifications. Your inbox in the app still shows everything.',
  );

/**
 * Push notifications to a phone or browser (docs/product.md#push-notifications): the key a browser subscribes
 * with, and each signed-in person's own subscriptions. People only: the accounts API tokens act as get none.
 */
export const pushRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const settings = ctx.config.push;
    const mine = { access: 'user' as const, peopleOnly: true };

    app.get(
      '/api/push/key',
      { config: mine, schema: { tags: ['notifications'], response: { 200: pushKeySchema } } },
      async () => {
        if (!settings) throw pushOff();
        return { publicKey: settings.publicKey };
      },
    );

    app.put(
      '/api/push/subscription',
      {
        config: mine,
        schema: { tags: ['notifications'], body: pushSubscriptionBody, response: { 204: z.null() } },
      },
      async (request, reply) => {
        if (!settings) throw pushOff();
        const problem = urlProblem(request.body.endpoint, settings.allowPrivate);
        if (problem) throw unprocessable(`The push address is refused: ${problem}`, { endpoint: problem });
        // People only (above), so the credential is a session: the subscription ends with it.
        await subscribeToPush(ctx.database.db, request.user!, credentialOf(request)!.hash, request.body);
        return reply.status(204).send(null);
      },
    );

    // Answered alike whether or not the address was subscribed: turning off twice is not an error. Whoever it was
    // for: a shared phone stops showing the previous person's notices (docs/product.md#push-notifications).
    app.delete(
      '/api/push/subscription',
      { config: mine, schema: { tags: ['notifications'], body: pushEndpointBody, response: { 204: z.null() } } },
      async (request, reply) => {
        await unsubscribeFromPush(ctx.database.db, request.user!, request.body.endpoint);
        return reply.status(204).send(null);
      },
    );
  };
