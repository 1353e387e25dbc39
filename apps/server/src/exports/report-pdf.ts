import { availableParallelism } from 'node:os';
import { Tinypool } from 'tinypool';
import type { EvidenceSummaryInput, ReportPdfInput } from '@hiu/report-pdf';
import {
  pdfImageBudget,
  pdfImageNotShown,
  sniffImageType,
  UPLOAD_LIMITS,
  type PdfImageVerdict,
  type WizardData,
} from '@hiu/domain';
import type { ReportsRepository } from '../reports/repository.js';
import { withStoredImages, type FileDeps } from '../files/commands.js';
import { HttpError } from '../http/errors.js';

type Input = Omit<ReportPdfInput, 'images' | 'imagesNotShown'>;
/** Tinypool types it after MessagePort's last postMessage overload (options); at run time it is the list. */
type TransferList = NonNullable<Parameters<Tinypool['run']>[1]>['transferList'];

export interface ReportPdfs {
  /**
   * Builds a report's PDF, embedding its photos and signature from the files table within the report's image
   * budget. One build at a time per `who` (the user asking), so one user's reports never hold every worker
   * thread.
   */
  render(repo: ReportsRepository, input: Input, who?: string): Promise<Buffer>;
  /** Builds an evidence pack's summary.pdf: a long table of every flat, so off the thread that answers HTTP. */
  summary(input: EvidenceSummaryInput): Promise<Buffer>;
  /** Starts a worker thread now (a listening server), so the first report does not wait for one to load. */
  warm(): Promise<void>;
  /** Stops the worker threads (the app's onClose). */
  close(): Promise<void>;
}

const workerEntry = new URL('./pdf-worker.mjs', import.meta.url).href;

/**
 * Bounds of one build. Its inputs are bounded already (at most 31 images within the upload
 * limits and the report's image budget); these stop whatever still runs away: the thread's
 * JavaScript heap, and its time, after which the thread is ended and the build fails.
 */
export const PDF_BUILD_LIMITS = {
  resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
  timeoutMs: 30_000,
} as const;

/**
 * Report PDFs are built in worker threads: a PDF takes tens of milliseconds of CPU (more with photos), and on
 * the thread that answers HTTP every draft save queued behind it would wait that long. One thread fewer than
 * the cores, at least two; one started at the first PDF (or by warm()) and kept, the others started when
 * builds overlap and stopped after a minute without work. Idle threads do not keep the process alive.
 */
export function reportPdfs(
  log: { error(obj: object, msg: string): void },
  stored?: Pick<FileDeps, 'files' | 'objects'>,
): ReportPdfs {
  let pool: Tinypool | undefined;
  const started = () => {
    if (!pool) {
      pool = new Tinypool({
        filename: workerEntry,
        // Two at least: one user's build (one at a time each, see `queues`) always leaves a thread to the
        // others. Only one is started with the server: loading two at once slowed its first requests.
        minThreads: 1,
        maxThreads: Math.max(2, availableParallelism() - 1),
        idleTimeout: 60_000,
        resourceLimits: PDF_BUILD_LIMITS.resourceLimits,
      });
      // A thread that dies outside a task (it cannot start) is reported here; unheard, it would stop the server.
      pool.on('error', (err: unknown) => log.error({ err }, 'report PDF worker failed'));
    }
    return pool;
  };
  // Each user's builds, one after another: the tail of each user's chain.
  const queues = new Map<string, Promise<unknown>>();
  const build = async (repo: ReportsRepository, input: Input): Promise<Buffer> => {
    const { images, imagesNotShown, transferList } = await reportImages(
      withStoredImages(repo, stored),
      input.wizardData,
    );
    let pdf: Uint8Array;
    try {
      // The images move to the thread rather than being copied: this thread keeps none of them.
      pdf = await started().run({ ...input, images, imagesNotShown } satisfies ReportPdfInput, {
        signal: AbortSignal.timeout(PDF_BUILD_LIMITS.timeoutMs),
        transferList: transferList as unknown as TransferList,
      });
    } catch (err) {
      const e = err as { name?: string; code?: string };
      if (e?.name !== 'AbortError' && e?.code !== 'ERR_WORKER_OUT_OF_MEMORY') throw err;
      log.error({ err }, 'report PDF build ran out of time or memory');
      // 503: the phone's outbox sends the report again later.
      throw new HttpError(503, 'pdf_build_failed', "The report's PDF could not be built just now. It is tried again.");
    }
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  };
  return {
    render(repo, input, who) {
      if (!who) return build(repo, input);
      const next = (queues.get(who) ?? Promise.resolve()).catch(() => {}).then(() => build(repo, input));
      queues.set(who, next);
      const forget = () => {
        if (queues.get(who) === next) queues.delete(who);
      };
      next.then(forget, forget);
      return next;
    },
    async summary(input) {
      const pdf: Uint8Array = await started().run(input, {
        name: 'summary',
        signal: AbortSignal.timeout(PDF_BUILD_LIMITS.timeoutMs * 4),
      });
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    async warm() {
      await started().run(undefined, { name: 'ready' });
    },
    async close() {
      const stopping = pool;
      pool = undefined;
      await stopping?.destroy();
    },
  };
}

/**
 * A report's images as its PDF will use them, read from the database one at a time: the
 * signature first, then the photos in the report's order, each spending the report's image budget. One that
 * would overspend it is not kept (nor read, when its size alone would), and the PDF says why in its place;
 * one that is missing, damaged or beyond the upload limits is not kept either ("Image not available"). At
 * most the budget's bytes are held, each image in a buffer of its own, to be moved to the PDF thread.
 */
export async function reportImages(repo: Pick<ReportsRepository, 'imageFiles' | 'imageBytes'>, data: WizardData) {
  const { photos, signature } = data.photosSignature;
  const ids = [signature ? signature.slice('/api/files/'.length) : '', ...photos.map((p) => p.id)]
    .map((id) => id.toLowerCase())
    .filter((id, i, all) => id && all.indexOf(id) === i);
  const sizes = new Map((await repo.imageFiles(ids)).map((f) => [f.id.toLowerCase(), f.size]));
  const budget = pdfImageBudget();
  const images: ReportPdfInput['images'] = {};
  const imagesNotShown: Record<string, string> = {};
  const transferList: ArrayBuffer[] = [];
  for (const id of ids) {
    const size = sizes.get(id);
    // Missing, or larger than uploads may be (stored before the limits): "Image not available", never read.
    if (size === undefined || size > UPLOAD_LIMITS.photo.maxBytes) continue;
    let stored: Buffer | null | undefined;
    let verdict: PdfImageVerdict = 'over_bytes';
    if (budget.fits(size)) {
      stored = await repo.imageBytes(id);
      verdict = stored ? budget.take(stored) : 'unreadable';
    }
    if (verdict === 'over_bytes' || verdict === 'over_pixels') imagesNotShown[id] = pdfImageNotShown(verdict);
    if (verdict !== 'shown' || !stored) continue;
    const bytes = new Uint8Array(stored); // its own buffer: a driver's may be shared with other values
    images[id] = { bytes, contentType: sniffImageType(bytes)! };
    transferList.push(bytes.buffer);
  }
  return { images, imagesNotShown, transferList };
}
