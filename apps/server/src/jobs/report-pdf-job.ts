import { randomUUID } from 'node:crypto';
import { siteIssuesOpenAt, wizardDataSchema } from '@hiu/domain';
import type { ReportPdfs } from '../exports/report-pdf.js';
import { HttpError } from '../http/errors.js';
import type { ReportsRepository } from '../reports/repository.js';
import type { ReviewRepository } from '../review/repository.js';
import type { SiteIssuesRepository } from '../site-issues/repository.js';
import type { Db } from '../db/client.js';
import { keepReportPdf, keepRevisionPdf } from '../reports/commands.js';
import type { ServerFiles } from '../files/server-files.js';
import type { JobHandler } from './queue/runner.js';
import type { JobStore } from './queue/store.js';
import { reportPdfJobKey } from './report-pdf-key.js';

type Report = NonNullable<Awaited<ReturnType<ReportsRepository['detail']>>>;
interface Deps {
  reports: ReportsRepository;
  review: ReviewRepository;
  /** The site's network-wide issues, those open at the report's submit printed in it. */
  siteIssues: Pick<SiteIssuesRepository, 'list'>;
  /** Where a built PDF is kept, by a command of its own (reports/commands.ts). */
  db: Db;
  /** Where its bytes are: the database or the object store (FILE_STORE). */
  files: ServerFiles;
  pdfs: ReportPdfs;
  log: { error(obj: object, msg: string): void };
}

/** A stored PDF's bytes, from the database or the object store; undefined when there is none. */
async function storedPdf(d: Pick<Deps, 'reports' | 'files'>, fileId: string | null | undefined) {
  const file = fileId ? await d.reports.pdfFile(fileId) : undefined;
  return file && d.files.bytesOf(file);
}

/**
 * The report's stored PDF, built from its stored data and the ranges it was judged against when there is
 * none yet (its job has not run) or the stored copy is gone. Builds that overlap store one copy.
 */
export async function storedReportPdf(d: Deps, report: Report, who?: string): Promise<Buffer> {
  let current = report;
  for (let attempt = 1; ; attempt++) {
    const stored = await storedPdf(d, current.pdfFileId);
    if (stored) return stored;
    const bytes = await renderRevision(d, current, current, who);
    const kept = await keepReportPdf(
      d.db,
      d.files,
      current.id,
      { id: randomUUID(), data: bytes, ownerId: current.userId },
      current,
    );
    if (kept !== 'stale') return kept;
    // Corrected or reviewed while it was built: build it again from the report as it is now.
    const now = await d.reports.detail(current.id);
    if (!now || attempt >= 5) return bytes;
    current = now;
  }
}

/** The report as one of its revisions left it: the current one, or an earlier one kept by a correction. */
type RevisionState = Pick<
  Report,
  'wizardData' | 'overallStatus' | 'failureReasons' | 'hiuModel' | 'hiuSerial' | 'revision'
>;

async function renderRevision(d: Deps, report: Report, state: RevisionState, who?: string): Promise<Buffer> {
  // Read back through its schema, so parts missing from an older shape build as empty.
  const data = wizardDataSchema.safeParse(state.wizardData);
  if (!data.success) {
    d.log.error({ reportId: report.id, issues: data.error.issues }, 'stored report data unreadable');
    throw new HttpError(
      500,
      'pdf_unavailable',
      "This report's PDF is missing and could not be built again from its stored data.",
    );
  }
  const revisions = (await d.review.revisions(report)).filter((r) => r.revision <= state.revision);
  const current = state.revision === report.revision;
  // As they stood when the engineer submitted it (docs/product.md#network-wide-issues): a rebuild prints the same.
  const networkIssues = report.siteId
    ? siteIssuesOpenAt(await d.siteIssues.list(report.siteId), report.completedAt)
    : [];
  return d.pdfs.render(
    d.reports,
    {
      report: { ...report, ...state },
      wizardData: data.data,
      ranges: report.ranges,
      rangesFrom: report.rangesSource,
      notes: report.notes,
      failedStep: report.failedStep,
      failureReasons: state.failureReasons,
      // An earlier revision was superseded before any decision: its PDF shows no review.
      review: current
        ? {
            state: report.reviewState,
            reviewerName: report.reviewerName,
            reviewedAt: report.reviewedAt,
            reason: report.reviewReason,
          }
        : undefined,
      revisions,
      networkIssues,
    },
    who ?? report.userId ?? undefined,
  );
}

/** An earlier revision's PDF: as stored when it was replaced, or built from its kept data (one copy kept). */
export async function revisionPdf(
  d: Deps,
  report: Report,
  revision: number,
  who?: string,
): Promise<Buffer | undefined> {
  const row = await d.review.revision(report.id, revision);
  if (!row) return undefined;
  const stored = await storedPdf(d, row.pdfFileId);
  if (stored) return stored;
  const bytes = await renderRevision(d, report, { ...row, revision }, who);
  return keepRevisionPdf(d.db, d.files, report.id, revision, { id: randomUUID(), data: bytes, ownerId: report.userId });
}

export function reportPdfJob(d: Deps): JobHandler {
  return async (job) => {
    const report = await d.reports.detail(String(job.payload.reportId));
    if (!report) return; // deleted since: nothing to build
    await storedReportPdf(d, report);
  };
}

/**
 * For a download that finds no PDF yet: while a job is building it, wait a moment for that build (one
 * usually takes well under a second) rather than build it twice. Past `waitMs`, or when the job's server
 * has stopped, the caller builds it itself; overlapping builds store one copy (keepReportPdf).
 */
export async function awaitRunningBuild(
  d: Deps & { jobs: JobStore },
  reportId: string,
  waitMs = 5_000,
): Promise<Buffer | undefined> {
  const deadline = Date.now() + waitMs;
  while ((await d.jobs.byKey(reportPdfJobKey(reportId)))?.state === 'running' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const report = await d.reports.detail(reportId);
  return storedPdf(d, report?.pdfFileId);
}
