import { randomUUID } from 'node:crypto';
import { wizardDataSchema } from '@hiu/domain';
import type { ReportPdfs } from '../exports/report-pdf.js';
import { HttpError } from '../http/errors.js';
import type { ReportsRepository } from '../repositories/reports.js';
import type { JobHandler } from './queue/runner.js';
import type { JobStore } from './queue/store.js';
import { reportPdfJobKey } from './report-pdf-key.js';

type Report = NonNullable<Awaited<ReturnType<ReportsRepository['detail']>>>;
interface Deps {
  reports: ReportsRepository;
  pdfs: ReportPdfs;
  log: { error(obj: object, msg: string): void };
}

/**
 * The report's stored PDF, built from its stored data and the ranges it was judged against when there is
 * none yet (its job has not run) or the stored copy is gone. Builds that overlap store one copy.
 */
export async function storedReportPdf(d: Deps, report: Report, who?: string): Promise<Buffer> {
  const stored = report.pdfFileId ? await d.reports.pdfBytes(report.pdfFileId) : undefined;
  if (stored) return stored;
  // Read back through its schema, so parts missing from an older shape build as empty.
  const data = wizardDataSchema.safeParse(report.wizardData);
  if (!data.success) {
    d.log.error({ reportId: report.id, issues: data.error.issues }, 'stored report data unreadable');
    throw new HttpError(
      500,
      'pdf_unavailable',
      "This report's PDF is missing and could not be built again from its stored data.",
    );
  }
  const bytes = await d.pdfs.render(
    d.reports,
    {
      report,
      wizardData: data.data,
      ranges: report.ranges,
      rangesFrom: report.rangesSource,
      notes: report.notes,
      failedStep: report.failedStep,
      failureReasons: report.failureReasons,
    },
    undefined,
    who ?? report.userId ?? undefined,
  );
  return d.reports.attachPdf(report.id, { id: randomUUID(), data: bytes, ownerId: report.userId });
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
 * has stopped, the caller builds it itself; overlapping builds store one copy (attachPdf).
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
  return report?.pdfFileId ? d.reports.pdfBytes(report.pdfFileId) : undefined;
}
