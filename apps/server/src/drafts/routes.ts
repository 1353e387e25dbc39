import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { draftConflictSchema, draftSchema, saveDraftBody, UUID_PATTERN as UUID, type DraftConflict } from '@hiu/domain';
import { forbidden, notFound } from '../http/errors.js';
import type { AppContext } from '../context.js';

const idParams = z.object({ id: z.uuid() });
const savedDraft = z.object({ id: z.uuid(), lastSaved: z.string(), version: z.number().int() });
/** Today's drafts a page at a time: `before` and `beforeId` are the previous page's last draft. */
const listQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(200),
    before: z.iso.datetime({ offset: true }).optional(),
    beforeId: z.uuid().optional(),
  })
  .refine((q) => !q.before === !q.beforeId, {
    message: 'Give both before and beforeId, the last draft of the previous page',
    path: ['before'],
  });

/** Engineers' drafts: each engineer sees and changes only their own; clients have none. */
export const draftRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { drafts, members, sites } = ctx.repos;
    const field = { access: 'field' as const };

    /** A check of a site the caller does not belong to is refused; a site that is gone is stored as none. */
    const mayWorkOn = async (siteId: string, userId: string, role: string) =>
      role === 'admin' || !UUID.test(siteId) || (await members.isMember(siteId, userId)) || !(await sites.byId(siteId));

    app.post(
      '/api/drafts',
      {
        config: field,
        schema: { tags: ['drafts'], body: saveDraftBody, response: { 200: savedDraft, 409: draftConflictSchema } },
      },
      async (request, reply) => {
        const { id, ...body } = request.body;
        const me = request.user!;
        if (!(await mayWorkOn(body.siteId, me.id, me.role))) throw forbidden('You are not a member of this site');
        // The client sends its own id so a retried save updates the same draft; one is made if it does not.
        const outcome = await drafts.save({ ...body, id: id ?? randomUUID(), userId: request.user!.id });
        if ('forbidden' in outcome) throw forbidden('This draft belongs to another user');
        if ('newer' in outcome) {
          // An older copy than the stored one (a late save, another tab or device): the device merges.
          const conflict: DraftConflict = {
            error: {
              code: 'draft_conflict',
              message: 'A newer copy of this draft is on the server; this copy was not saved over it',
              draft: outcome.newer,
            },
          };
          return reply.status(409).send(conflict);
        }
        return outcome.saved;
      },
    );

    app.get(
      '/api/drafts',
      {
        config: field,
        schema: { tags: ['drafts'], querystring: listQuery, response: { 200: z.array(draftSchema) } },
      },
      (request) => {
        const { limit, before, beforeId } = request.query;
        const page = { limit, before: before && beforeId ? { lastSaved: before, id: beforeId } : undefined };
        return drafts.listForDay(request.user!.id, new Date(), page);
      },
    );

    app.get(
      '/api/drafts/:id',
      { config: field, schema: { tags: ['drafts'], params: idParams, response: { 200: draftSchema } } },
      async (request) => {
        const draft = await drafts.byIdForUser(request.params.id, request.user!.id);
        if (!draft) throw notFound('Draft not found');
        return draft;
      },
    );

    app.delete(
      '/api/drafts/:id',
      { config: field, schema: { tags: ['drafts'], params: idParams, response: { 204: z.null() } } },
      async (request, reply) => {
        if (!(await drafts.deleteForUser(request.params.id, request.user!.id))) throw notFound('Draft not found');
        return reply.status(204).send(null);
      },
    );
  };
