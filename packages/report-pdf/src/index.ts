// Builds the commissioning report PDF from the canonical report data, in the browser and on the server.
export { buildReportPdf, type ReportPdfInput, type ReportImage } from './build-report-pdf.js';
export { imageKind } from './images.js';
export { sanitise } from './text.js';
export { buildEvidenceSummaryPdf, type EvidenceFlat, type EvidenceSummaryInput } from './evidence-summary.js';
export type { PackSignOff } from './sign-off-page.js';
