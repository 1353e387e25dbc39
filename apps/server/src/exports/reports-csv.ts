import { Readable } from 'node:stream';
import {
  CSV_LINE_END,
  packCsvColumns,
  REPORT_CSV_COLUMNS,
  packCsvCells,
  quotedCsvLine,
  reportCsvHeaderLine,
  reportCsvLine,
  withStoredDefaults,
} from '@hiu/domain';
import type { ReportsRepository, SiteReports } from '../repositories/reports.js';

/**
 * A site's reports as CSV (docs/product.md#csv-export, decision 052), produced batch by batch as the client reads it:
 * the stream pulls the next batch only when the previous one has been sent, so memory does not grow
 * with the number of reports. Lines are read as stored; a report without a stored line of the current
 * format has its line built here, and kept for the next export.
 */
export function reportsCsvStream(repo: ReportsRepository, scope: SiteReports): Readable {
  async function* lines() {
    // A site with test-pack reports gets the pack's columns after the standard ones (decision 190); a
    // standard site's file is exactly as it was.
    if (await repo.hasPackReports(scope)) {
      yield* packLines(repo, scope);
      return;
    }
    yield reportCsvHeaderLine();
    for await (const batch of repo.exportBatches(scope)) {
      if ('pieces' in batch) {
        yield* batch.pieces;
        continue;
      }
      let chunk = '';
      const built: { reportId: string; line: string }[] = [];
      for (const row of batch.rows) {
        if (row.line !== null) chunk += row.line;
        else if (row.source) {
          const line = reportCsvLine(row.source);
          built.push({ reportId: row.id, line });
          chunk += line;
        } // else the report was deleted between the two reads of its batch
      }
      // A line that fails to be kept (say, its report was deleted meanwhile) is simply built again next time.
      const keeping = repo.storeCsvLines(built).catch(() => {});
      yield chunk;
      await keeping;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** Every line of a site with test-pack reports: the standard cells as stored lines hold them, then the pack's. */
async function* packLines(repo: ReportsRepository, scope: SiteReports) {
  yield quotedCsvLine([...REPORT_CSV_COLUMNS, ...packCsvColumns()]);
  for await (const rows of repo.exportSourceBatches(scope)) {
    let chunk = '';
    for (const row of rows) {
      const standard = reportCsvLine(row);
      const pack = quotedCsvLine(packCsvCells(withStoredDefaults(row.wizardData)));
      chunk += `${standard.slice(0, -CSV_LINE_END.length)},${pack}`;
    }
    yield chunk;
  }
}

/**
 * Builds and keeps the line of every report that lacks one of the current format, so even the first
 * export after an upgrade reads stored lines. Optional: an export builds any line it does not find.
 */
export async function fillReportCsvLines(repo: ReportsRepository, batchSize = 2000): Promise<number> {
  let after: string | null = null;
  let filled = 0;
  for (;;) {
    const rows = await repo.withoutCsvLine(after, batchSize);
    if (rows.length === 0) return filled;
    await repo.storeCsvLines(rows.map((row) => ({ reportId: row.id, line: reportCsvLine(row) })));
    filled += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
