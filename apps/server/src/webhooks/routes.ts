import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  webhookCreateBody,
  webhookDeliveryPageSchema,
  webhookEndpointSchema,
  webhookUpdateBody,
  webhookWithSecretSchema,
} from '@hiu/domain';
import { notFound, unprocessable } from '../http/errors.js';
import type { AppContext } from '../context.js';
import { webhooksRepository } from './repository.js';
import {
  createWebhook,
  deleteWebhook,
  resendDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from './commands.js';
import { resolvesPublicly, urlProblem } from '../http/outbound/target-safety.js';

const idParams = z.object({ id: z.uuid() });
const resendParams = z.object({ id: z.uuid(), eventId: z.uuid() });
const pageQuery = z.object({ cursor: z.coerce.number().int().positive().optional() });

/** Webhook endpoints, their secrets and delivery logs: admins only. */
export const webhookRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const db = ctx.database.db;
    const hooks = webhooksRepository(db);
    const admin = { access: 'admin' as const };
    const tags = ['webhooks'];
    const allowPrivate = ctx.config.webhookAllowPrivate;

    const checkUrl = async (url: string) => {
      const problem = urlProblem(url, allowPrivate) ?? (await resolvesPublicly(new URL(url).hostname, allowPrivate));
      if (problem) throw unprocessable(problem, { url: problem });
    };

    app.get(
      '/api/webhooks',
      { config: admin, schema: { tags, response: { 200: z.array(webhookEndpointSchema) } } },
      () => hooks.list(),
    );

    app.post(
      '/api/webhooks',
      { config: admin, schema: { tags, body: webhookCreateBody, response: { 201: webhookWithSecretSchema } } },
      async (request, reply) => {
        await checkUrl(request.body.url);
        return reply.status(201).send(await createWebhook(db, request.user, request.body));
      },
    );

    app.patch(
      '/api/webhooks/:id',
      {
        config: admin,
        schema: { tags, params: idParams, body: webhookUpdateBody, response: { 200: webhookEndpointSchema } },
      },
      async (request) => {
        if (request.body.url !== undefined) await checkUrl(request.body.url);
        const updated = await updateWebhook(db, request.user, request.params.id, request.body);
        if (!updated) throw notFound('Webhook not found');
        return updated;
      },
    );

    app.delete(
      '/api/webhooks/:id',
      { config: admin, schema: { tags, params: idParams, response: { 204: z.null() } } },
      async (request, reply) => {
        if (!(await deleteWebhook(db, request.user, request.params.id))) throw notFound('Webhook not found');
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/webhooks/:id/rotate-secret',
      { config: admin, schema: { tags, params: idParams, response: { 200: webhookWithSecretSchema } } },
      async (request) => {
        const rotated = await rotateWebhookSecret(db, request.user, request.params.id);
        if (!rotated) throw notFound('Webhook not found');
        return rotated;
      },
    );

    app.post(
      '/api/webhooks/:id/test',
      {
        config: admin,
        schema: { tags, params: idParams, response: { 202: z.object({ eventId: z.uuid() }) } },
      },
      async (request, reply) => {
        const eventId = await sendTestEvent(db, request.user, request.params.id);
        if (!eventId) throw notFound('Webhook not found');
        ctx.jobs.nudge();
        return reply.status(202).send({ eventId });
      },
    );

    app.get(
      '/api/webhooks/:id/deliveries',
      {
        config: admin,
        schema: { tags, params: idParams, querystring: pageQuery, response: { 200: webhookDeliveryPageSchema } },
      },
      async (request) => {
        if (!(await hooks.get(request.params.id))) throw notFound('Webhook not found');
        return hooks.deliveries(request.params.id, request.query.cursor);
      },
    );

    app.post(
      '/api/webhooks/:id/deliveries/:eventId/resend',
      {
        config: admin,
        schema: { tags, params: resendParams, response: { 202: z.object({ queued: z.literal(true) }) } },
      },
      async (request, reply) => {
        if (!(await resendDelivery(db, request.user, request.params.id, request.params.eventId)))
          throw notFound('This event was never sent to this webhook');
        ctx.jobs.nudge();
        return reply.status(202).send({ queued: true as const });
      },
    );
  };
