import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  samplingPlanSchema,
  samplingRateBody,
  sniffImageType,
  witnessableReadings,
  witnessableReadingSchema,
  witnessRecordBody,
  witnessRecordSchema,
  type User,
} from '@hiu/domain';
import { notFound, unprocessable } from '../http/errors.js';
import { seesApprovedOnly, siteAccess } from '../http/site-access.js';
import { checkImageSize } from '../http/image-limits.js';
import type { AppContext } from '../context.js';
import { recordWitness, setSamplingRate } from './commands.js';
import { siteSamplingPlan } from './plan.js';

const idParams = z.object({ id: z.uuid() });

/**
 * Witnessing (docs/product.md#witnessing-and-sampling): an assessor of the site witnesses an approved report,
 * entering the readings they saw and signing; the site's sampling plan says which flats are due and the coverage.
 */
export const witnessingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = ctx.repos.witnessing;
    const access = siteAccess(ctx.repos.members);

    /** A report the caller may see: on one of their sites, and approved for those who see approved work only. */
    const reportFor = async (user: User, id: string) => {
      const report = await repo.report(id);
      if (
        !report ||
        !(await access.canSee(user, report.site_id)) ||
        (seesApprovedOnly(user) && report.review_state !== 'approved')
      )
        throw notFound('Report not found');
      return report;
    };

    app.get(
      '/api/reports/:id/witnessable',
      {
        config: { access: 'witness' },
        schema: {
          tags: ['witnessing'],
          summary: 'The readings of a report an assessor may witness, with their units and ranges',
          params: idParams,
          response: { 200: z.array(witnessableReadingSchema) },
        },
      },
      async (request) => {
        const report = await reportFor(request.user!, request.params.id);
        const data = { testPack: report.test_pack ?? { id: 'standard', version: 1 } };
        return witnessableReadings(data as never, report.ranges);
      },
    );

    app.post(
      '/api/reports/:id/witness-records',
      {
        config: { access: 'witness', peopleOnly: true },
        bodyLimit: 512 * 1024,
        schema: {
          tags: ['witnessing'],
          params: idParams,
          body: witnessRecordBody,
          response: { 201: witnessRecordSchema },
        },
      },
      async (request, reply) => {
        const user = request.user!;
        await reportFor(user, request.params.id);
        const png = Buffer.from(request.body.signature.slice(request.body.signature.indexOf(',') + 1), 'base64');
        if (sniffImageType(png) !== 'image/png')
          throw unprocessable('Sign in the box', { signature: 'Sign in the box' });
        // Before anything decodes it (the pack's PDF draws it): no more pixels than the signature box makes.
        checkImageSize(png, 'image/png', 'signature');
        const made = await recordWitness(ctx.database.db, user, request.params.id, { ...request.body, signature: png });
        return reply.status(201).send(made);
      },
    );

    app.get(
      '/api/reports/:id/witness-records',
      {
        config: { access: 'oversight' },
        schema: { tags: ['witnessing'], params: idParams, response: { 200: z.array(witnessRecordSchema) } },
      },
      async (request) => {
        await reportFor(request.user!, request.params.id);
        return repo.ofReport(request.params.id);
      },
    );

    app.get(
      '/api/sites/:id/witness-records/:recordId/signature',
      {
        config: { access: 'oversight' },
        schema: { tags: ['witnessing'], params: idParams.extend({ recordId: z.uuid() }) },
      },
      async (request, reply) => {
        await access.orNotFound(request.user!, request.params.id);
        const png = await repo.signature(request.params.id, request.params.recordId);
        if (!png) throw notFound('Witness record not found');
        return reply.header('Content-Type', 'image/png').header('X-Content-Type-Options', 'nosniff').send(png);
      },
    );

    app.get(
      '/api/sites/:id/sampling',
      {
        config: { access: 'oversight' },
        schema: {
          tags: ['witnessing'],
          summary: "The site's sampling plan: which flats are due for witnessing, and the coverage",
          params: idParams,
          response: { 200: samplingPlanSchema },
        },
      },
      async (request) => {
        await access.orNotFound(request.user!, request.params.id);
        return siteSamplingPlan(repo, request.params.id);
      },
    );

    app.put(
      '/api/sites/:id/sampling',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['witnessing'],
          params: idParams,
          body: samplingRateBody,
          response: { 200: samplingPlanSchema },
        },
      },
      async (request) => {
        await access.orNotFound(request.user!, request.params.id);
        await setSamplingRate(ctx.database.db, request.user, request.params.id, request.body.rate);
        return siteSamplingPlan(repo, request.params.id);
      },
    );
  };
