import { isoDay } from './dates.js';

/** A part of a file name: characters no file system accepts, controls and whitespace runs become "-". */
function namePart(text: string, max: number): string {
  const safe = text
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|,;_]+/g, '-')
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return [...safe]
    .slice(0, max)
    .join('')
    .replace(/[-.]+$/, '');
}

/**
 * `<site>_<address>_<serial>_<YYYY-MM-DD>_<PASS|FAIL>.pdf`, so a person can tell a folder of reports apart
 *. Underscores separate the parts, so none appears inside one; long parts are cut.
 */
export function reportPdfFilename(r: {
  siteName: string;
  propertyAddress: string;
  hiuSerial: string;
  completedAt: Date | string;
  overallStatus: string;
}): string {
  const parts = [
    namePart(r.siteName, 40) || 'Site',
    namePart(r.propertyAddress, 60) || 'Address',
    namePart(r.hiuSerial, 40) || 'Unknown',
    isoDay(new Date(r.completedAt)),
    r.overallStatus,
  ];
  return `${parts.join('_')}.pdf`;
}

/**
 * An earlier revision's PDF: the report's file name with that revision's own verdict (a revision that passed is
 * never named FAIL because a later correction failed it) and its number: `…_PASS-revision-1.pdf`.
 */
export function revisionPdfFilename(current: string, revision: number, overallStatus: string): string {
  const base = current.replace(/\.pdf$/i, '').replace(/_(PASS|FAIL|PENDING)$/, '');
  return `${base}_${overallStatus}-revision-${revision}.pdf`;
}

/** HIU-<year>-<number>: the reference printed on a report and quoted by the office. */
export function reportReference(year: number, n: number): string {
  return `HIU-${year}-${String(n).padStart(6, '0')}`;
}

/** {site name lower-cased, non-alphanumerics as hyphens}-reports-{YYYY-MM-DD}.csv (docs/product.md#file-names). */
export function reportsCsvFilename(siteName: string, today: Date): string {
  return `${siteName.toLowerCase().replace(/[^a-z0-9]/g, '-')}-reports-${isoDay(today)}.csv`;
}

export const SITE_TEMPLATE_FILENAME = 'site-upload-template.csv';
