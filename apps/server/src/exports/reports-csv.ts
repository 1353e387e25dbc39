import { Readable } from 'node:stream';
import { csvLine, emptyWizardData, reportCsvHeaderLine, reportCsvRow, type WizardData } from '@hiu/domain';
import type { ReportsRepository } from '../repositories/reports.js';

const EMPTY = emptyWizardData();

/**
 * Stored data passed the schema at submit; this only fills groups or fields added since. It is a plain merge
 * rather than a schema parse because an export runs it for every row (the parse was most of the export's time).
 */
function withDefaults(stored: Partial<WizardData> | null): WizardData {
  const d = stored ?? {};
  return {
    ...EMPTY,
    ...d,
    initialChecks: { ...EMPTY.initialChecks, ...d.initialChecks },
    standbyMode: { ...EMPTY.standbyMode, ...d.standbyMode },
    radiators: { roomChecks: d.radiators?.roomChecks ?? {} },
    heatingMode: { ...EMPTY.heatingMode, ...d.heatingMode },
    dhwChecks: { ...EMPTY.dhwChecks, ...d.dhwChecks },
    photosSignature: { ...EMPTY.photosSignature, ...d.photosSignature },
  };
}

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
        chunk += csvLine(
          reportCsvRow({
            ...row,
            completedAt: row.completedAt.toISOString(),
            wizardData: withDefaults(row.wizardData),
          }),
        );
      }
      yield chunk;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
