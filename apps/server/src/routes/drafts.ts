import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { draftSchema, saveDraftBody } from '@hiu/domain';
import { forbidden, notFound } from '../http/errors.js';
import type { AppContext } from '../context.js';

const idParams = z.object({ id: z.uuid() });
const savedDraft = z.object({ id: z.uuid(), lastSaved: z.string() });

/** Engineers' drafts: each engineer sees and changes only their own. */
export const draftRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { drafts } = ctx.repos;

    app.post(
      '/api/drafts',
      { schema: { tags: ['drafts'], body: saveDraftBody, response: { 200: savedDraft } } },
      async (request) => {
        const { id, ...body } = request.body;
        // The client sends its own id so a retried save updates the same draft; one is made if it does not.
        const saved = await drafts.save({ ...body, id: id ?? randomUUID(), userId: request.user!.id });
        if (!saved) throw forbidden('This draft belongs to another user');
        return saved;
      },
    );

    app.get('/api/drafts', { schema: { tags: ['drafts'], response: { 200: z.array(draftSchema) } } }, (request) =>
      drafts.listForDay(request.user!.id),
    );

    app.get(
      '/api/drafts/:id',
      { schema: { tags: ['drafts'], params: idParams, response: { 200: draftSchema } } },
      async (request) => {
        const draft = await drafts.byIdForUser(request.params.id, request.user!.id);
        if (!draft) throw notFound('Draft not found');
        return draft;
      },
    );

    app.delete(
      '/api/drafts/:id',
      { schema: { tags: ['drafts'], params: idParams, response: { 204: z.null() } } },
      async (request, reply) => {
        if (!(await drafts.deleteForUser(request.params.id, request.user!.id))) throw notFound('Draft not found');
        return reply.status(204).send(null);
      },
    );
  };
