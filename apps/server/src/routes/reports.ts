import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analysisCsvFilename,
  createReportBody,
  EVIDENCE_SLACK_MS,
  evaluate,
  failureReasons,
  fileUrlFor,
  FORTY_FIVE_REASON_MESSAGE,
  fortyFiveReasonMissing,
  implausibleTimes,
  type TimeBounds,
  latestReportSchema,
  page,
  rangesFor,
  referencedFileIds,
  myReportsPageSchema,
  originalFileIds,
  reportDetailSchema,
  reportPdfFilename,
  reportSiteGroupSchema,
  reportSummarySchema,
  reportsCsvFilename,
  reportVerdict,
  findTestPack,
  STANDARD_PACK,
  initialReviewState,
  REVIEW_STATES,
  type ReportSummary,
  type ReviewState,
  type User,
  type WizardData,
} from '@hiu/domain';
import { HttpError, conflict, forbidden, notFound, unprocessable } from '../http/errors.js';
import { attachment } from '../exports/content-disposition.js';
import { reportsCsvStream } from '../exports/reports-csv.js';
import type { AppContext } from '../context.js';
import { siteAccess } from '../http/site-access.js';
import { analysisCsvStream } from '../exports/analysis-csv.js';
import { awaitRunningBuild, revisionPdf, storedReportPdf } from '../jobs/report-pdf-job.js';

const idParams = z.object({ id: z.uuid() });
const listQuery = z.object({
  siteName: z.string().max(200).optional(),
  reviewState: z.enum(REVIEW_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
const latestQuery = listQuery.omit({ reviewState: true }).extend({ siteName: z.string().max(200) });
const exportQuery = z.object({ siteName: z.string().min(1, 'Choose a site to export').max(200) });

type Owned = { userId: string | null };
const publicSummary = <T extends ReportSummary & Owned>({ userId: _userId, ...summary }: T): Omit<T, 'userId'> =>
  summary;

type Readable = Owned & { siteId: string | null; reviewState: ReviewState };

/** The checks the body schema cannot make: file references, dates, and the wizard's own submit rules. */
/** 409 naming the photos and signature not on the server (the phone uploads them and sends the report again). */
function missingFiles(data: WizardData, missing: string[]): HttpError {
  const fields: Record<string, string> = {};
  data.photosSignature.photos.forEach((p, i) => {
    if (missing.includes(p.id)) fields[`wizardData.photosSignature.photos.${i}`] = `File ${p.id} is not uploaded`;
    if (p.originalId && missing.includes(p.originalId))
      fields[`wizardData.photosSignature.photos.${i}.originalId`] = `Original ${p.originalId} is not uploaded`;
  });
  const sig = data.photosSignature.signature;
  if (sig && missing.some((id) => fileUrlFor(id) === sig)) {
    fields['wizardData.photosSignature.signature'] = 'Signature is not uploaded';
  }
  return new HttpError(409, 'missing_files', `Upload these files first: ${missing.join(', ')}`, fields, undefined, {
    missingFileIds: missing,
  });
}

function checkShape(data: WizardData, completedAt: string, bounds: TimeBounds) {
  const fields: Record<string, string> = {};
  data.photosSignature.photos.forEach((p, i) => {
    if (p.url.toLowerCase() !== fileUrlFor(p.id).toLowerCase())
      fields[`wizardData.photosSignature.photos.${i}.url`] = 'Must be the url of this photo id';
  });
  const done = Date.parse(completedAt);
  // Times no check can have: in the future, before the site existed, long before its draft (decision 120).
  Object.assign(fields, implausibleTimes(data, completedAt, bounds));
  const started = Date.parse(data.startTime);
  if (data.startTime && Number.isNaN(started)) fields['wizardData.startTime'] = 'Must be a date and time';
  else if (started > done) fields.completedAt ??= 'Completion time is before the start time';
  // Evidence comes from the same device clock as completedAt, so none of it can be later than the submit.
  for (const [slug, at] of Object.entries(data.stepCompletedAt)) {
    if (Date.parse(at) > done + EVIDENCE_SLACK_MS)
      fields[`wizardData.stepCompletedAt.${slug}`] ??= 'Step completion time is after the report was completed';
  }
  const located = data.submitLocation?.at;
  if (located && Date.parse(located) > done + EVIDENCE_SLACK_MS)
    fields['wizardData.submitLocation.at'] ??= 'Location time is after the report was completed';
  if (fortyFiveReasonMissing(data.dhwChecks))
    fields['wizardData.dhwChecks.fortyFiveOverrideReason'] = FORTY_FIVE_REASON_MESSAGE;
  const first = Object.values(fields)[0];
  if (first) throw unprocessable(first, fields);
}

export const reportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { reports } = ctx.repos;
    const pdfDeps = { reports, review: ctx.repos.review, pdfs: ctx.pdfs, jobs: ctx.jobStore, log: app.log };
    const access = siteAccess(ctx.repos.members);

    /**
     * Who may read a report (decision 145): admins; its author; a supervisor of its site; a client of its
     * site once it is approved. Another engineer's report is refused (403); to anyone else it does not exist.
     */
    const readableOrThrow = async (user: User, report: Readable | undefined) => {
      if (!report) throw notFound('Report not found');
      if (user.role === 'admin' || report.userId === user.id) return;
      if (user.role === 'engineer') throw forbidden('This report belongs to another engineer');
      const approvedOnly = user.role === 'client';
      if ((approvedOnly && report.reviewState !== 'approved') || !(await access.canSee(user, report.siteId)))
        throw notFound('Report not found');
    };

    /** Same id again: the stored report to its author (a retry), 409 to anyone else. */
    const replay = (existing: ReportSummary & Owned, user: User) => {
      if (existing.userId !== user.id) throw conflict('A report with this id already exists');
      return publicSummary(existing);
    };

    app.post(
      '/api/reports',
      {
        config: { access: 'field' },
        schema: {
          tags: ['reports'],
          body: createReportBody,
          response: { 200: reportSummarySchema, 201: reportSummarySchema },
        },
      },
      async (request, reply) => {
        const user = request.user!;
        const body = request.body;
        const existing = await reports.summary(body.id);
        if (existing) return reply.status(200).send(replay(existing, user));

        // The engineer is whoever is signed in (ruling 11), whatever the device cached.
        const data: WizardData = { ...body.wizardData, engineerName: user.name };
        const notes = body.notes.trim();
        // The server decides (ruling 6): the site's ranges as they are now, or the spec's defaults if it is gone.
        const site = await reports.siteContext(data.siteId, data.propertyId);
        if (site.siteId && !(await access.canSee(user, site.siteId)))
          throw forbidden('You are not a member of this site');
        const draftCreatedAt = body.draftId ? await ctx.repos.drafts.createdAt(body.draftId, user.id) : null;
        checkShape(data, body.completedAt, { now: new Date(), siteCreatedAt: site.createdAt, draftCreatedAt });

        // The pack the check was taken under judges it, by that version's rules (decision 190).
        const pack = data.testPack ?? STANDARD_PACK;
        if (!findTestPack(pack)) {
          const message = `Unknown test pack: ${pack.id} version ${pack.version}`;
          throw unprocessable(message, { 'wizardData.testPack': message });
        }
        const ranges = rangesFor(site.designParameters, pack);
        const failedStep = body.failedStep;
        const deviceFailure = failedStep ? failureReasons(failedStep, data, ranges) : [];
        if (failedStep && deviceFailure.length === 0) {
          throw unprocessable(`The recorded data shows no failure at step ${failedStep}`, {
            failedStep: `The recorded data shows no failure at step ${failedStep}`,
          });
        }
        // The failure evidence screen asks for it; the server holds to it too (decision 152).
        if (failedStep && !data.photosSignature.signature) {
          throw unprocessable("A failure report needs the engineer's signature", {
            'wizardData.photosSignature.signature': 'Sign to file a failure report',
          });
        }
        const evaluation = evaluate(data, ranges, failedStep);
        if (evaluation.sections.basicInfo === 'pending') {
          const fields: Record<string, string> = {};
          for (const key of ['siteName', 'hiuModel', 'hiuSerial', 'meterStart'] as const) {
            if (!data[key].trim()) fields[`wizardData.${key}`] = 'Required';
          }
          if (Object.keys(fields).length === 0) fields['wizardData.meterStart'] = 'Must be a number';
          throw unprocessable('Basic information is incomplete', fields);
        }
        const status = evaluation.overall;
        // Notes explain a failed check (docs/product.md#step-rules); a device failure is sent from the Failed page without them (ruling 7).
        if (status === 'FAIL' && !failedStep && !notes) {
          throw unprocessable('Notes are required when the check fails', {
            notes: 'Notes are required when the check fails',
          });
        }

        // Camera originals only where the site keeps them (decision 175); never in the PDF.
        const originals = originalFileIds(data);
        if (originals.length && !site.keepOriginalPhotos) {
          const message = 'This site does not keep original photos: send the photos without them';
          throw unprocessable(message, { 'wizardData.photosSignature.photos': message });
        }
        // Every photo, original and the signature must already be on the server, uploaded by this engineer.
        const ids = referencedFileIds(data);
        const files = await reports.imageFiles(ids);
        const mine = new Set(files.filter((f) => f.ownerId === user.id).map((f) => f.id.toLowerCase()));
        for (const id of await reports.ownedFileIds(originals, user.id)) mine.add(id);
        const missing = [...new Set([...ids, ...originals])].filter((id) => !mine.has(id.toLowerCase()));
        if (missing.length) throw missingFiles(data, missing);

        const completedAt = new Date(body.completedAt);
        const names = {
          siteName: data.siteName.trim(),
          siteLocation: site.location,
          propertyAddress: data.address.trim(),
          dwellingType: data.dwellingType.trim(),
          hiuModel: data.hiuModel.trim(),
          hiuSerial: data.hiuSerial.trim(),
          engineerName: user.name,
          startTime: data.startTime,
        };
        const reasons = reportVerdict(data, ranges, failedStep).reasons;
        const rangesSource = site.siteId ? ('site' as const) : ('defaults' as const);
        if (rangesSource === 'defaults') {
          request.log.warn(
            { reportId: body.id, siteId: data.siteId },
            'site not found at submit; judged against default ranges',
          );
        }
        // Numbered at submit, as the PDF prints it; a replay of this id wastes one number.
        const reference = await reports.nextReference(completedAt);
        const created = await reports.create(
          {
            id: body.id,
            userId: user.id,
            siteId: site.siteId,
            propertyId: site.propertyId,
            ...names,
            completedAt,
            overallStatus: status,
            notes,
            failedStep,
            failureReasons: reasons,
            ranges,
            rangesSource,
            wizardData: data,
            reference,
            packId: pack.id,
            packVersion: pack.version,
            pdfFilename: reportPdfFilename({ ...names, completedAt, overallStatus: status }),
            reviewState: initialReviewState({ overallStatus: status, autoApprovePassing: site.autoApprovePassing }),
          },
          [...ids, ...originals],
          user,
        );
        // A file deleted between the check above and the insert (orphan clean-up): the phone uploads it again.
        if (typeof created === 'object') {
          throw missingFiles(
            data,
            ids.filter((id) => created.missing.includes(id.toLowerCase())),
          );
        }
        const stored = await reports.summary(body.id);
        if (!stored) throw new Error('report not readable after insert');
        if (created === 'exists') return reply.status(200).send(replay(stored, user));
        ctx.jobs.nudge();
        return reply.status(201).send(publicSummary(stored));
      },
    );

    app.get(
      '/api/reports/sites',
      { config: { access: 'admin' }, schema: { tags: ['reports'], response: { 200: z.array(reportSiteGroupSchema) } } },
      () => reports.siteGroups(),
    );

    // "My reports": what the caller submitted, newest first (docs/product.md#my-reports).
    const myReportsQuery = z.object({
      before: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z\|[0-9a-f-]{36}$/i, 'before must be the next value of the previous page')
        .optional(),
      limit: z.coerce.number().int().min(1).max(100).default(25),
    });
    app.get(
      '/api/me/reports',
      {
        config: { access: 'field' },
        schema: { tags: ['reports'], querystring: myReportsQuery, response: { 200: myReportsPageSchema } },
      },
      async (request) => {
        const { before, limit } = request.query;
        const [at, id] = before ? before.split('|') : [];
        return reports.mine(request.user!.id, at && id ? { completedAt: new Date(at), id } : null, limit);
      },
    );

    app.get(
      '/api/reports',
      { schema: { tags: ['reports'], querystring: listQuery, response: { 200: z.array(reportSummarySchema) } } },
      async (request) => {
        const user = request.user!;
        // Engineers see their own reports; supervisors their sites'; clients their sites' approved ones; admins all.
        const rows = await reports.list({
          ...request.query,
          ...(user.role === 'engineer' ? { userId: user.id } : {}),
          ...(user.role === 'supervisor' || user.role === 'client' ? { memberId: user.id } : {}),
          ...(user.role === 'client' ? { reviewState: 'approved' as const } : {}),
        });
        return rows.map(publicSummary);
      },
    );

    // The reports screen: a site's latest report per property, each with the count of its earlier ones.
    app.get(
      '/api/reports/latest',
      {
        config: { access: 'admin' },
        schema: { tags: ['reports'], querystring: latestQuery, response: { 200: page(latestReportSchema) } },
      },
      async (request) => {
        const { items, total } = await reports.latestPerProperty(request.query);
        return { items: items.map(publicSummary), total };
      },
    );

    // A property's history: the reports before this one, newest first, each with its own PDF.
    app.get(
      '/api/reports/:id/earlier',
      {
        config: { access: 'supervisor' },
        schema: { tags: ['reports'], params: idParams, response: { 200: z.array(reportSummarySchema) } },
      },
      async (request) => {
        const report = await reports.summary(request.params.id);
        // Supervisors read the attempts at their own sites' flats (the review screen).
        if (!report || !(await access.canSee(request.user!, report.siteId))) throw notFound('Report not found');
        return (await reports.earlierThan(report)).map(publicSummary);
      },
    );

    // Every report of the site, history included (an audit wants all of them), newest first.
    app.get(
      '/api/reports/export.csv',
      { config: { access: 'admin' }, schema: { tags: ['reports'], querystring: exportQuery } },
      async (request, reply) => {
        const { siteName } = request.query;
        // Nothing is exported for a site without reports (docs/product.md#csv-export).
        if (!(await reports.siteHasReports(siteName))) throw notFound('This site has no reports to export');
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', attachment(reportsCsvFilename(siteName, new Date())))
          .send(reportsCsvStream(reports, siteName));
      },
    );

    // The analysis export (decision 137): one row per report, one column per reading with its range and
    // verdict; one site, or every site when none is named.
    app.get(
      '/api/reports/analysis.csv',
      {
        config: { access: 'admin' },
        schema: { tags: ['reports'], querystring: z.object({ siteName: z.string().min(1).max(200).optional() }) },
      },
      async (request, reply) => {
        const { siteName } = request.query;
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', attachment(analysisCsvFilename(siteName, new Date())))
          .send(analysisCsvStream(reports, siteName));
      },
    );

    app.get(
      '/api/reports/:id',
      { schema: { tags: ['reports'], params: idParams, response: { 200: reportDetailSchema } } },
      async (request) => {
        const report = await reports.detail(request.params.id);
        await readableOrThrow(request.user!, report);
        const { userId: _u, pdfFileId: _p, rangesSource: _r, ...detail } = report!;
        return { ...detail, revisions: await ctx.repos.review.revisions(report!) };
      },
    );

    const pdfQuery = z.object({ revision: z.coerce.number().int().min(1).max(100_000).optional() });
    app.get(
      '/api/reports/:id/pdf',
      { schema: { tags: ['reports'], params: idParams, querystring: pdfQuery } },
      async (request, reply) => {
        const found = await reports.detail(request.params.id);
        await readableOrThrow(request.user!, found);
        const report = found!;
        const wanted = request.query.revision;
        // An earlier revision keeps its own PDF (decision 180).
        if (wanted !== undefined && wanted !== report.revision) {
          const bytes =
            wanted < report.revision ? await revisionPdf(pdfDeps, report, wanted, request.user!.id) : undefined;
          if (!bytes) throw notFound(`This report has no revision ${wanted}`);
          return reply
            .header('Content-Type', 'application/pdf')
            .header('Content-Length', bytes.length)
            .header(
              'Content-Disposition',
              attachment(report.pdfFilename.replace(/\.pdf$/i, '') + `-revision-${wanted}.pdf`),
            )
            .send(bytes);
        }
        // Not built yet: wait for a build under way, else build it now (the queued job then finds it stored).
        const built = report.pdfFileId ? undefined : await awaitRunningBuild(pdfDeps, report.id);
        const bytes = built ?? (await storedReportPdf(pdfDeps, report, request.user!.id));
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Length', bytes.length)
          .header('Content-Disposition', attachment(report.pdfFilename || 'report.pdf'))
          .send(bytes);
      },
    );
  };
