import { availableParallelism } from 'node:os';
import { Tinypool } from 'tinypool';
import type { ReportPdfInput } from '@hiu/report-pdf';
import { referencedFileIds } from '@hiu/domain';
import type { ReportsRepository } from '../repositories/reports.js';

type Input = Omit<ReportPdfInput, 'images'>;
type ImageFiles = Awaited<ReturnType<ReportsRepository['imageFiles']>>;

export interface ReportPdfs {
  /** Builds a report's PDF, embedding its photos and signature from the files table (or those given). */
  render(repo: ReportsRepository, input: Input, preloaded?: ImageFiles): Promise<Buffer>;
  /** Starts a worker thread now (a listening server), so the first report does not wait for one to load. */
  warm(): Promise<void>;
  /** Stops the worker threads (the app's onClose). */
  close(): Promise<void>;
}

const workerEntry = new URL('./pdf-worker.mjs', import.meta.url).href;

/**
 * Report PDFs are built in worker threads: a PDF takes tens of milliseconds of CPU (more with photos), and on
 * the thread that answers HTTP every draft save queued behind it would wait that long. One thread fewer than
 * the cores, at least one, started at the first PDF (or by warm()); one is kept once started, the others stop
 * after a minute without work. Idle threads do not keep the process alive.
 */
export function reportPdfs(log: { error(obj: object, msg: string): void }): ReportPdfs {
  let pool: Tinypool | undefined;
  const started = () => {
    if (!pool) {
      pool = new Tinypool({
        filename: workerEntry,
        minThreads: 1,
        maxThreads: Math.max(1, availableParallelism() - 1),
        idleTimeout: 60_000,
      });
      // A thread that dies outside a task (it cannot start) is reported here; unheard, it would stop the server.
      pool.on('error', (err: unknown) => log.error({ err }, 'report PDF worker failed'));
    }
    return pool;
  };
  return {
    async render(repo, input, preloaded) {
      const files = preloaded ?? (await repo.imageFiles(referencedFileIds(input.wizardData)));
      const images: ReportPdfInput['images'] = {};
      for (const f of files) images[f.id.toLowerCase()] = { bytes: new Uint8Array(f.data), contentType: f.contentType };
      const pdf: Uint8Array = await started().run({ ...input, images } satisfies ReportPdfInput);
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
