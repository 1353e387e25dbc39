import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  basicInfoProblems,
  contradictions,
  EVIDENCE_SLACK_MS,
  evaluate,
  failureReasons,
  fileUrlFor,
  findTestPack,
  FORTY_FIVE_REASON_MESSAGE,
  fortyFiveReasonMissing,
  implausibleTimes,
  initialReviewState,
  issueProblems,
  radiatorReasonProblems,
  originalFileIds,
  designForType,
  rangesFor,
  referencedFileIds,
  reportPdfFilename,
  reportVerdict,
  STANDARD_PACK,
  currentTestPack,
  isTestPackId,
  testPackName,
  type createReportBody,
  type ReportSummary,
  type SiteDesign,
  type TimeBounds,
  type User,
  type WizardData,
  withClosingRecord,
} from '@hiu/domain';
import { HttpError, conflict, forbidden, unprocessable } from '../http/errors.js';
import { siteAccess } from '../http/site-access.js';
import type { Db } from '../db/client.js';
import { runCommand, type UnitOfWork } from '../db/unit-of-work.js';
import type { NewReport } from './submit-repository.js';
import { REPORT_PDF_JOB, reportPdfJobKey } from '../jobs/report-pdf-key.js';
import { submittedEvent } from '../webhooks/payloads.js';

type Owned = { userId: string | null };
const asPackId = (id: string) => (isTestPackId(id) ? id : 'standard');
/** A report as it leaves the server: without the id of the engineer who wrote it. */
export const publicSummary = <T extends ReportSummary & Owned>({ userId: _userId, ...summary }: T): Omit<T, 'userId'> =>
  summary;

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

/** The checks the body schema cannot make: file references, dates, and the wizard's own submit rules. */
function checkShape(data: WizardData, completedAt: string, bounds: TimeBounds, design: SiteDesign) {
  const fields: Record<string, string> = {};
  data.photosSignature.photos.forEach((p, i) => {
    if (p.url.toLowerCase() !== fileUrlFor(p.id).toLowerCase())
      fields[`wizardData.photosSignature.photos.${i}.url`] = 'Must be the url of this photo id';
  });
  const done = Date.parse(completedAt);
  // Times no check can have: in the future, before the site existed, long before its draft.
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
  // Readings that cannot both be true (docs/product.md#readings-that-agree): both fields are named, the flow
  // at design load held to the site's design-flow tolerance as the phone holds it. A reading that is only
  // implausible (energy against power x time) is a warning in the verdict, never a refusal.
  for (const c of contradictions(data, design)) {
    fields[`wizardData.${c.field}`] ??= c.message;
    fields[`wizardData.${c.other}`] ??= c.message;
  }
  // An answer that raises an issue, and every open issue, must say who acts and by when.
  for (const p of issueProblems(data)) fields[`wizardData.${p.path}`] ??= p.message;
  // A radiator, or step 4, not carried out says why (docs/product.md#steps).
  for (const p of radiatorReasonProblems(data.radiators)) fields[`wizardData.${p.path}`] ??= p.message;
  const first = Object.values(fields)[0];
  if (first) throw unprocessable(first, fields);
}

export interface SubmitDeps {
  db: Db;
  log: FastifyBaseLogger;
}

/** The photos or signature a report lists that left the server while it was being stored (orphan clean-up). */
export class FilesGone extends Error {
  constructor(readonly missing: string[]) {
    super('files gone');
  }
}

/**
 * Stores a judged report in the command's transaction: the report and its CSV line, its history entry, its
 * webhook event and its PDF job (built after the answer by the job queue), the flat's drafts
 * deleted and its files claimed. 'exists', storing nothing, when a report with this id already exists (a
 * retry, or two submits racing); FilesGone, rolling everything back, when a listed file is no longer there.
 */
export async function storeReport(
  { repos, record, emit, enqueue }: UnitOfWork,
  report: NewReport,
  fileIds: string[],
): Promise<'created' | 'exists'> {
  const retestOf = report.propertyId ? await repos.reports.sentBackLatest(report.propertyId) : null;
  if (!(await repos.reports.insert({ ...report, retestOf }))) return 'exists';
  emit('report.submitted', submittedEvent(report));
  enqueue({
    kind: REPORT_PDF_JOB,
    key: reportPdfJobKey(report.id),
    payload: { reportId: report.id },
    ownerId: report.userId,
  });
  record({
    entityType: 'report',
    entityId: report.id,
    action: 'submitted',
    after: {
      propertyId: report.propertyId ?? null,
      siteId: report.siteId ?? null,
      overallStatus: report.overallStatus,
      reviewState: report.reviewState ?? 'awaiting_review',
      ...(retestOf ? { retestOf } : {}),
    },
  });
  if (report.propertyId) await repos.reports.deleteDraftsOf(report.propertyId);
  const missing = await repos.reports.claimFiles(report.id, fileIds);
  if (missing.length) throw new FilesGone(missing);
  return 'created';
}

/** What a submit comes to: a new report (201), or the one this id already stored for its author (200). */
export type Submitted = { created: boolean; report: Omit<ReportSummary & Owned, 'userId'> };

/**
 * Files a submitted check as a report: the server judges it by the rule book against the site's ranges as
 * they are now, under the pack it was taken with, and stores it with its files (docs/architecture.md, "How a
 * reading travels").
 * Every refusal is an HttpError the caller answers as it is.
 */
export async function submitReport(
  deps: SubmitDeps,
  user: User,
  body: z.output<typeof createReportBody>,
): Promise<Submitted> {
  try {
    return await runCommand(deps.db, user, (uow) => judgeAndStore(uow, user, body));
  } catch (err) {
    // A file deleted between the check and the insert (orphan clean-up): the phone uploads it again.
    if (err instanceof FilesGone) {
      const ids = referencedFileIds(body.wizardData as WizardData).filter((id) =>
        err.missing.includes(id.toLowerCase()),
      );
      throw missingFiles(body.wizardData as WizardData, ids.length ? ids : err.missing);
    }
    throw err;
  }
}

/** Every check of a submit and the write it allows, in one transaction. */
async function judgeAndStore(uow: UnitOfWork, user: User, body: z.output<typeof createReportBody>): Promise<Submitted> {
  const { reports, drafts } = uow.repos;
  const access = siteAccess(uow.repos.members);
  /** Same id again: the stored report to its author (a retry), 409 to anyone else. */
  const replay = (existing: ReportSummary & Owned): Submitted => {
    if (existing.userId !== user.id) throw conflict('A report with this id already exists');
    return { created: false, report: publicSummary(existing) };
  };
  const existing = await reports.summary(body.id);
  if (existing) return replay(existing);

  const notes = body.notes.trim();
  // The server decides: the site's ranges as they are now. A report names a site that exists and
  // the engineer belongs to, or it is refused: a report no site's lists would show helps no one.
  const site = await reports.siteContext(body.wizardData.siteId, body.wizardData.propertyId);
  if (!site.siteId || !site.siteName) {
    const message = 'This site does not exist (it may have been deleted): ask the office which site this flat is on';
    throw unprocessable(message, { 'wizardData.siteId': message });
  }
  if (!(await access.canSee(user, site.siteId))) throw forbidden('You are not a member of this site');
  // The engineer is whoever is signed in, and the site's and flat's names are the server's, whatever
  // the device cached or typed (docs/product.md#steps). A flat deleted since keeps its typed address.
  const data: WizardData = {
    ...body.wizardData,
    engineerName: user.name,
    siteName: site.siteName,
    address: site.propertyAddress ?? body.wizardData.address,
    // Who closed each issue is the server's word too (docs/product.md#test-packs).
    ...(body.wizardData.cp1
      ? {
          cp1: {
            ...body.wizardData.cp1,
            issues: withClosingRecord(body.wizardData.cp1.issues ?? [], user.name, body.completedAt),
          },
        }
      : {}),
  };
  const draftCreatedAt = body.draftId ? await drafts.createdAt(body.draftId, user.id) : null;
  // The flat is judged by its property type's own values where it has them, the site's for the rest
  // (docs/product.md#values-per-property-type); the type is the office's, the check's only for a deleted flat.
  const design = designForType(site.designParameters, site.propertyType ?? data.dwellingType);
  checkShape(data, body.completedAt, { now: new Date(), siteCreatedAt: site.createdAt, draftCreatedAt }, design);

  // The pack the check was taken under judges it, by that version's rules.
  const pack = data.testPack ?? STANDARD_PACK;
  if (!findTestPack(pack)) {
    const message = `Unknown test pack: ${pack.id} version ${pack.version}`;
    throw unprocessable(message, { 'wizardData.testPack': message });
  }
  // ...and it is the pack of its site: the one the site has, or had when the check started (a site that
  // changes pack keeps the checks started before under the old one).
  if (pack.id !== site.testPack) {
    const started = Date.parse(data.startTime);
    const then = Number.isNaN(started)
      ? site.testPack
      : await reports.sitePackAt(site.siteId, site.testPack, new Date(started));
    if (pack.id !== then) {
      const wanted = testPackName({ id: site.testPack, version: currentTestPack(asPackId(site.testPack)).version });
      const message = `This site's checks are taken under ${wanted}; this report was taken under ${testPackName(pack)}`;
      throw new HttpError(409, 'wrong_pack', message, { 'wizardData.testPack': message });
    }
  }
  const ranges = rangesFor(design, pack);
  const failedStep = body.failedStep;
  const deviceFailure = failedStep ? failureReasons(failedStep, data, ranges) : [];
  if (failedStep && deviceFailure.length === 0) {
    throw unprocessable(`The recorded data shows no failure at step ${failedStep}`, {
      failedStep: `The recorded data shows no failure at step ${failedStep}`,
    });
  }
  // The failure evidence screen asks for it; the server holds to it too.
  if (failedStep && !data.photosSignature.signature) {
    throw unprocessable("A failure report needs the engineer's signature", {
      'wizardData.photosSignature.signature': 'Sign to file a failure report',
    });
  }
  const evaluation = evaluate(data, ranges, failedStep);
  if (evaluation.sections.basicInfo === 'pending') {
    // The rule book names what step 1 still lacks.
    const fields = Object.fromEntries(
      Object.entries(basicInfoProblems(data)).map(([path, message]) => [`wizardData.${path}`, message]),
    );
    throw unprocessable('Basic information is incomplete', fields);
  }
  const status = evaluation.overall;
  // Notes explain a failed check (docs/product.md#step-rules); a device failure is sent from the Failed page without them.
  if (status === 'FAIL' && !failedStep && !notes) {
    throw unprocessable('Notes are required when the check fails', {
      notes: 'Notes are required when the check fails',
    });
  }

  // Camera originals only where the site keeps them; never in the PDF.
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
  const rangesSource = 'site' as const;
  // Numbered at submit, as the PDF prints it; a replay of this id wastes one number.
  const reference = await reports.nextReference(completedAt);
  const created = await storeReport(
    uow,
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
  );
  const stored = await reports.summary(body.id);
  if (!stored) throw new Error('report not readable after insert');
  if (created === 'exists') return replay(stored);
  return { created: true, report: publicSummary(stored) };
}
