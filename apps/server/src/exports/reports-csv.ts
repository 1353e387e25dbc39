import { Readable } from 'node:stream';
import { csvLine, reportCsvHeaderLine, reportCsvRow, wizardDataSchema } from '@hiu/domain';
import type { ReportsRepository } from '../repositories/reports.js';

/**
 * A site's reports as CSV (spec section 9, ruling 2), produced batch by batch as the client reads it:
 * the stream pulls the next batch only when the previous one has been sent, so memory does not grow
 * with the number of reports.
 */
export function reportsCsvStream(repo: ReportsRepository, siteName: string): Readable {
  async function* lines() {
    yield reportCsvHeaderLine();
    for await (const batch of repo.exportRows(siteName)) {
      let chunk = '';
      for (const row of batch) {
        // Stored data passed the schema at submit; parsing fills defaults for fields added since.
        const wizardData = wizardDataSchema.parse(row.wizardData);
        chunk += csvLine(reportCsvRow({ ...row, completedAt: row.completedAt.toISOString(), wizardData }));
      }
      yield chunk;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
