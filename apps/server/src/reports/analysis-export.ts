import { Readable } from 'node:stream';
import { analysisCsvHeaderLine, analysisCsvLine, wizardDataSchema } from '@hiu/domain';
import type { ReportsRepository, SiteReports } from './repository.js';

const BATCH = 1000;

/**
 * The analysis export, one site's reports or all of them, newest first, read in keyset pages
 * as the client reads: memory stays flat whatever the number of reports. Stored data is read through the
 * wizard schema, so an older shape's missing readings are empty cells.
 */
export function analysisCsvStream(repo: ReportsRepository, scope: SiteReports | undefined): Readable {
  async function* lines() {
    yield analysisCsvHeaderLine();
    let after: { completedAt: Date; id: string } | null = null;
    for (;;) {
      const rows = await repo.analysisPage(scope, after, BATCH);
      if (rows.length === 0) return;
      let chunk = '';
      for (const row of rows) {
        const data = wizardDataSchema.safeParse(row.wizardData);
        chunk += analysisCsvLine({ ...row, wizardData: data.success ? data.data : wizardDataSchema.parse({}) });
      }
      yield chunk;
      const last = rows[rows.length - 1]!;
      after = { completedAt: last.completedAt, id: last.id };
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
