// Builds and keeps the CSV export line of every report that lacks one of the current format (reports stored
// before lines were kept, or under an older format). Optional: an export builds any line it does not find.
//   DATABASE_URL=postgres://... npx tsx apps/server/scripts/fill-report-csv-lines.ts
import { openDatabase } from '../src/db/client.js';
import { fillReportCsvLines } from '../src/reports/csv-export.js';
import { reportsRepository } from '../src/reports/repository.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to the PostgreSQL database');
const database = await openDatabase({ databaseUrl: url });
const t0 = performance.now();
const filled = await fillReportCsvLines(reportsRepository(database.db));
// A fresh visibility map and statistics: exports read a site's lines from their index alone,
// which needs the pages that an upgrade or this fill rewrote to be marked all-visible.
await database.exec('VACUUM (ANALYZE) report_csv_lines');
await database.close();
console.log(`CSV lines built for ${filled} reports in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
