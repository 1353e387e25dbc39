// A report PDF worker thread (report-pdf.ts): builds one PDF and hands its bytes back without a copy.
// Plain JavaScript because a new thread starts without the server's TypeScript loader (Node 20 workers do not
// inherit `--import tsx`); the PDF package, which is TypeScript, is loaded through tsx.
import { Tinypool } from 'tinypool';
import { tsImport } from 'tsx/esm/api';

const { buildReportPdf } = await tsImport('@hiu/report-pdf', import.meta.url);

/** @param {import('@hiu/report-pdf').ReportPdfInput} input */
export default async function buildPdfInWorker(input) {
  return Tinypool.move(await buildReportPdf(input));
}

/** Answers once the thread has loaded the PDF code (warm()). */
export function ready() {}
