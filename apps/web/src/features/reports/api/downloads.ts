import { reportsCsvFilename, type ReportSummary } from '@hiu/domain';
import { apiRequest, downloadFile, saveBlob } from '../../../lib/api-client';

/** The stored PDF of a report, saved under its file name (or report.pdf, docs/product.md#file-names). */
export function downloadReportPdf(report: Pick<ReportSummary, 'id' | 'pdfFilename'>): Promise<void> {
  return downloadFile(`/api/reports/${report.id}/pdf`, report.pdfFilename || 'report.pdf');
}

/**
 * A site's CSV export, streamed from the server; `onProgress` gets the bytes received so far.
 * The server answers 404 for a site without reports, so an empty file is never saved.
 */
export async function exportSiteCsv(
  site: { siteId: string; siteName: string },
  onProgress: (bytes: number) => void,
): Promise<void> {
  const res = await apiRequest('GET', `/api/reports/export.csv?siteId=${encodeURIComponent(site.siteId)}`);
  const chunks: BlobPart[] = [];
  let received = 0;
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      onProgress(received);
    }
  } else {
    chunks.push(await res.blob());
  }
  saveBlob(new Blob(chunks, { type: 'text/csv;charset=utf-8' }), reportsCsvFilename(site.siteName, new Date()));
}
