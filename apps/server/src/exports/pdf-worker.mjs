// A report PDF worker thread (report-pdf.ts): builds one PDF and hands its bytes back without a copy.
// Plain JavaScript because a new thread starts without the server's TypeScript loader (Node 20 workers do not
// inherit `--import tsx`); the PDF package, which is TypeScript, is loaded through tsx.
import os from 'node:os';
import { Tinypool } from 'tinypool';
import { tsImport } from 'tsx/esm/api';

/** The nice value of a PDF thread: background work, below the thread that answers requests (nice 0). */
const PDF_THREAD_NICE = 10;
// A PDF is never what someone is waiting on at that moment (submit does not wait for it, a pack builds in the
// background), while a draft save is. On Linux a thread's nice value is its own, so this lowers this thread
// only; where it cannot be set the build runs as before.
try {
  os.setPriority(PDF_THREAD_NICE);
} catch {
  /* not permitted here: the same priority as the server's thread */
}

const { buildReportPdf, buildEvidenceSummaryPdf } = await tsImport('@hiu/report-pdf', import.meta.url);
const { withWebpAsJpeg } = await tsImport('./webp-photos.ts', import.meta.url);

/** @param {import('@hiu/report-pdf').ReportPdfInput} input */
export default async function buildPdfInWorker(input) {
  // Decoded here, inside the thread's memory limits, not in the server's thread.
  return Tinypool.move(await buildReportPdf({ ...input, images: withWebpAsJpeg(input.images) }));
}

/**
 * An evidence pack's summary.pdf (a page or more per hundred flats): built here, so draft saves answered by
 * the server's thread do not wait behind it.
 * @param {import('@hiu/report-pdf').EvidenceSummaryInput} input
 */
export async function summary(input) {
  return Tinypool.move(await buildEvidenceSummaryPdf(input));
}

/** Answers once the thread has loaded the PDF code (warm()). */
export function ready() {}
