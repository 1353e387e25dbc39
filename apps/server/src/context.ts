import type { CachedReads } from './response-cache/cached-reads.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { ReportPdfs } from './exports/report-pdf.js';
import type { JobRunner } from './jobs/queue/runner.js';
import type { JobStore } from './jobs/queue/store.js';
import type { Repositories } from './repositories/index.js';
import type { ObjectStore } from './files/object-store.js';

/** What every route plugin is given; its own module so that routes need not import the app that registers them. */
export interface AppContext {
  config: Config;
  database: Database;
  repos: Repositories;
  /** Report PDFs, built off the request thread. */
  pdfs: ReportPdfs;
  /** The durable job queue: its rows, and this server's runner. */
  jobStore: JobStore;
  jobs: JobRunner;
  /** The busiest reads, answered from memory until the database announces a change. */
  cachedRead: CachedReads;
  /** Where file bytes go when FILE_STORE=s3; undefined keeps them in the database (docs/product.md#files). */
  objects: ObjectStore | undefined;
}
