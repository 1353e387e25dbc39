import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  signOffBody,
  signOffRequestBody,
  signOffRequestSchema,
  signOffScopeSchema,
  siteSignOffSchema,
  sniffImageType,
  witnessBody,
  witnessSchema,
  type User,
} from '@hiu/domain';
import { notFound, unprocessable } from '../http/errors.js';
import { siteAccess } from '../http/site-access.js';
import { checkImageSize } from '../http/image-limits.js';
import type { AppContext } from '../context.js';
import { markWitnessed, requestSignOff, signOff, unmarkWitnessed } from './commands.js';

const siteParams = z.object({ id: z.uuid() });

/**
 * The site's handover sign-off, signed on screen by its client (or its supervisor or an admin), and the flats
 * witnessed by the client or an assessor. The next evidence pack prints both.
 */
export const signOffRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { signOffs, properties } = ctx.repos;
    const access = siteAccess(ctx.repos.members);

    app.post(
      '/api/sites/:id/sign-off-requests',
      {
        config: { access: 'supervisor', peopleOnly: true },
        schema: {
          tags: ['sign-off'],
          summary: "Asks the site's clients and assessors to sign its handover",
          params: siteParams,
          body: signOffRequestBody,
          response: { 202: signOffRequestSchema },
        },
      },
      async (request, reply) => {
        await access.orNotFound(request.user!, request.params.id);
        const asked = await requestSignOff(ctx.database.db, request.user!, request.params.id, request.body.message);
        return reply.status(202).send(asked);
      },
    );

    app.post(
      '/api/sites/:id/sign-offs',
      {
        config: { access: 'oversight', peopleOnly: true },
        bodyLimit: 512 * 1024,
        schema: {
          tags: ['sign-off'],
          summary: "Signs the site's current built evidence pack",
          description:
            'Signs one built pack (`packId`), the newest and not superseded: the sign-off keeps its SHA-256, build date ' +
            'and the approved reports it holds, and later packs print what it covers. 409 when the pack is not built, ' +
            'superseded or expired, and while reports of the site await review unless `exception` says why (10-500 ' +
            'characters; printed under the sign-off in summary.pdf).',
          params: siteParams,
          body: signOffBody,
          response: { 201: siteSignOffSchema },
        },
      },
      async (request, reply) => {
        const user = request.user!;
        await access.orNotFound(user, request.params.id);
        const png = Buffer.from(request.body.signature.slice(request.body.signature.indexOf(',') + 1), 'base64');
        if (sniffImageType(png) !== 'image/png')
          throw unprocessable('Sign in the box', { signature: 'Sign in the box' });
        // Before anything decodes it (the pack's PDF draws it): no more pixels than the signature box makes.
        checkImageSize(png, 'image/png', 'signature');
        const made = await signOff(ctx.database.db, user, request.params.id, { ...request.body, signature: png });
        return reply.status(201).send(made);
      },
    );

    app.get(
      '/api/sites/:id/sign-off-scope',
      {
        config: { access: 'oversight' },
        schema: {
          tags: ['sign-off'],
          summary: "The site's approved work now: each flat's latest approved report at its revision, and their digest",
          params: siteParams,
          response: { 200: signOffScopeSchema },
        },
      },
      async (request) => {
        await access.orNotFound(request.user!, request.params.id);
        return signOffs.scope(request.params.id);
      },
    );

    app.get(
      '/api/sites/:id/sign-offs',
      {
        config: { access: 'oversight' },
        schema: { tags: ['sign-off'], params: siteParams, response: { 200: z.array(siteSignOffSchema) } },
      },
      async (request) => {
        await access.orNotFound(request.user!, request.params.id);
        return signOffs.list(request.params.id);
      },
    );

    app.get(
      '/api/sites/:id/sign-offs/:signOffId/signature',
      {
        config: { access: 'oversight' },
        schema: { tags: ['sign-off'], params: siteParams.extend({ signOffId: z.uuid() }) },
      },
      async (request, reply) => {
        await access.orNotFound(request.user!, request.params.id);
        const png = await signOffs.signature(request.params.id, request.params.signOffId);
        if (!png) throw notFound('Sign-off not found');
        return reply.header('Content-Type', 'image/png').header('X-Content-Type-Options', 'nosniff').send(png);
      },
    );

    const propertyOf = async (user: User, id: string) => {
      const property = await properties.byId(id);
      if (!property || !(await access.canSee(user, property.siteId))) throw notFound('Property not found');
      return property;
    };

    app.put(
      '/api/properties/:id/witness',
      {
        config: { access: 'supervisor', peopleOnly: true },
        schema: { tags: ['sign-off'], params: siteParams, body: witnessBody, response: { 200: witnessSchema } },
      },
      async (request) => {
        const property = await propertyOf(request.user!, request.params.id);
        await markWitnessed(ctx.database.db, request.user, property, request.body);
        const { name, role, date } = request.body;
        return { propertyId: property.id, address: property.address, name, role, date };
      },
    );

    app.delete(
      '/api/properties/:id/witness',
      { config: { access: 'supervisor', peopleOnly: true }, schema: { tags: ['sign-off'], params: siteParams } },
      async (request, reply) => {
        const property = await propertyOf(request.user!, request.params.id);
        if (!(await unmarkWitnessed(ctx.database.db, request.user, property)))
          throw notFound('This flat is not marked as witnessed');
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/sites/:id/witnesses',
      {
        config: { access: 'oversight' },
        schema: { tags: ['sign-off'], params: siteParams, response: { 200: z.array(witnessSchema) } },
      },
      async (request) => {
        await access.orNotFound(request.user!, request.params.id);
        return signOffs.witnesses(request.params.id);
      },
    );
  };
