import { Readable } from 'node:stream';
import {
  CSV_LINE_END,
  packCsvCells,
  quotedCsvLine,
  reportCsvLine,
  reportRecordCsvCells,
  reportsCsvFileColumns,
  withStoredDefaults,
} from '@hiu/domain';
import type { ReportsRepository, SiteReports } from './repository.js';

/** A line (with its end) followed by more cells: the line's end moves after them. */
const withCells = (line: string, cells: string[]) => `${line.slice(0, -CSV_LINE_END.length)},${quotedCsvLine(cells)}`;

/**
 * A site's reports as CSV (docs/product.md#csv-export), produced batch by batch as the client reads it:
 * the stream pulls the next batch only when the previous one has been sent, so memory does not grow
 * with the number of reports. Each report's own cells are read as stored (a report without a stored line of the
 * current format has its line built here, and kept for the next export); its record (reference, review, block,
 * floor, superseded) is read as it is now and added after them, since a review changes it after submit.
 */
export function reportsCsvStream(
  repo: ReportsRepository,
  scope: SiteReports,
  /** Reports read in one query; smaller for a job sharing the embedded database's connection with requests. */
  batchSize?: number,
  /** Keeps each line built here for the next export; not from a read-only snapshot (an evidence pack's). */
  keepBuiltLines = true,
): Readable {
  async function* lines() {
    // A site with test-pack reports gets the pack's columns after the standard ones; a
    // standard site's file has the standard columns, then the record's.
    if (await repo.hasPackReports(scope)) {
      yield* packLines(repo, scope, batchSize);
      return;
    }
    yield quotedCsvLine(reportsCsvFileColumns(false));
    for await (const batch of repo.exportBatches(scope, batchSize)) {
      const records = await repo.csvRecords(
        scope,
        batch.rows.map((r) => r.id),
      );
      let chunk = '';
      const built: { reportId: string; line: string }[] = [];
      for (const row of batch.rows) {
        let line = row.line;
        if (line === null && row.source) {
          line = reportCsvLine(row.source);
          built.push({ reportId: row.id, line });
        }
        const record = records.get(row.id);
        // else the report was deleted between the reads of its batch
        if (line !== null && record) chunk += withCells(line, reportRecordCsvCells(record));
      }
      // A line that fails to be kept (say, its report was deleted meanwhile) is simply built again next time.
      const keeping = keepBuiltLines ? repo.storeCsvLines(built).catch(() => {}) : undefined;
      yield chunk;
      await keeping;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** Every line of a site with test-pack reports: the standard cells as stored lines hold them, the pack's, the record's. */
async function* packLines(repo: ReportsRepository, scope: SiteReports, batchSize?: number) {
  yield quotedCsvLine(reportsCsvFileColumns(true));
  for await (const rows of repo.exportSourceBatches(scope, batchSize)) {
    const records = await repo.csvRecords(
      scope,
      rows.map((r) => r.id),
    );
    let chunk = '';
    for (const row of rows) {
      const record = records.get(row.id);
      if (!record) continue;
      const standard = reportCsvLine(row);
      const pack = packCsvCells(withStoredDefaults(row.wizardData));
      chunk += withCells(standard, [...pack, ...reportRecordCsvCells(record)]);
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
