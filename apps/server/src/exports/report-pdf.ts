import { buildReportPdf } from '@hiu/report-pdf';
import type { ReportPdfInput } from '@hiu/report-pdf';
import { referencedFileIds } from '@hiu/domain';
import type { ReportsRepository } from '../repositories/reports.js';

/** Builds a report's PDF on the server, embedding its photos and signature from the files table. */
export async function renderReportPdf(
  repo: ReportsRepository,
  input: Omit<ReportPdfInput, 'images'>,
  preloaded?: Awaited<ReturnType<ReportsRepository['imageFiles']>>,
): Promise<Buffer> {
  const files = preloaded ?? (await repo.imageFiles(referencedFileIds(input.wizardData)));
  const images: ReportPdfInput['images'] = {};
  for (const f of files) images[f.id.toLowerCase()] = { bytes: new Uint8Array(f.data), contentType: f.contentType };
  return Buffer.from(await buildReportPdf({ ...input, images }));
}
