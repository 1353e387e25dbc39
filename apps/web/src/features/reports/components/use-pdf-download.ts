import { useState } from 'react';
import type { ReportSummary } from '@hiu/domain';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { downloadReportPdf } from '../api/downloads';

/** A report's PDF download; a failed one is told to the user, not only logged (docs/product.md#reports). */
export function usePdfDownload(report: Pick<ReportSummary, 'id' | 'pdfFilename'> | null, address: string) {
  const [downloading, setDownloading] = useState(false);
  async function download() {
    if (!report) return;
    setDownloading(true);
    try {
      await downloadReportPdf(report);
    } catch (error) {
      console.error('Failed to download PDF', error);
      const message = error instanceof ApiError ? error.userMessage : 'Check your connection and try again.';
      notify.error('Download failed', `The PDF for ${address} could not be downloaded. ${message}`);
    } finally {
      setDownloading(false);
    }
  }
  return { downloading, download };
}
