import { isoDay } from './dates.js';

/** HIU_{serial or Unknown}_{timestamp}.pdf (docs/product.md#file-names); the serial is made safe for a file name. */
export function reportPdfFilename(hiuSerial: string, completedAt: Date): string {
  const serial = hiuSerial.trim().replace(/[^A-Za-z0-9._-]+/g, '-') || 'Unknown';
  return `HIU_${serial}_${completedAt.getTime()}.pdf`;
}

/** {site name lower-cased, non-alphanumerics as hyphens}-reports-{YYYY-MM-DD}.csv (docs/product.md#file-names). */
export function reportsCsvFilename(siteName: string, today: Date): string {
  return `${siteName.toLowerCase().replace(/[^a-z0-9]/g, '-')}-reports-${isoDay(today)}.csv`;
}

export const SITE_TEMPLATE_FILENAME = 'site-upload-template.csv';
