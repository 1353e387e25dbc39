import type { Db } from '../db/client.js';
import { reportExportRepository } from './export-repository.js';
import { reportPdfRepository } from './pdf-repository.js';
import { reportReadRepository } from './read-repository.js';
import { reportSubmitRepository } from './submit-repository.js';

export type { SiteReports } from './site-scope.js';

/** The reports' SQL over one executor, written by job: lists and reads, the submit, the PDFs and the exports. */
export function reportsRepository(db: Db) {
  return {
    ...reportReadRepository(db),
    ...reportSubmitRepository(db),
    ...reportPdfRepository(db),
    ...reportExportRepository(db),
  };
}
export type ReportsRepository = ReturnType<typeof reportsRepository>;
