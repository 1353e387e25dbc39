import { neutraliseCsvCell, yesNoNa } from '../csv/report-csv.js';
import type { WizardData } from '../schemas/wizard-data.js';
import { ISSUE_OWNER_LABELS } from './cp1-ts1.js';
import { missingPhotoTags, packValue } from './pack-rules.js';
import { currentTestPack, packOf, testPackName, type TestPack } from './test-packs.js';

const CP1 = currentTestPack('cp1-ts1');

/** "CP1 Hot-water peak: Kitchen tap flow (L/min)" */
const column = (group: string, label: string, unit?: string) => `CP1 ${group}: ${label}${unit ? ` (${unit})` : ''}`;

/**
 * The columns a CSV gains when any of its reports was taken under the CP1/TS1 pack (decision 190), after the
 * standard ones, which keep their places: the pack that judged each report, then the pack's readings in step
 * order, then its required photos not taken and its issues list.
 */
export const PACK_CSV_COLUMNS: readonly string[] = [
  'Test Pack',
  ...CP1.fields.map((f) => column(f.group, f.label, f.kind === 'number' ? f.unit : undefined)),
  'CP1 Required Photos Missing',
  'CP1 Issues',
];

/** "Lag the pipework (Installer, due 2026-12-01, open)" */
function issuesText(data: WizardData): string {
  return (data.cp1?.issues ?? [])
    .map(
      (i) =>
        `${i.description.trim()} (${ISSUE_OWNER_LABELS[i.owner]}${i.due ? `, due ${i.due}` : ''}, ${i.resolved ? 'resolved' : 'open'})`,
    )
    .join('; ');
}

/** One report's cells of PACK_CSV_COLUMNS, neutralised; a standard report names its pack and leaves the rest empty. */
export function packCsvCells(data: WizardData): string[] {
  const pack: TestPack = packOf(data);
  const name = testPackName(data.testPack);
  if (pack.id !== 'cp1-ts1') return [name, ...PACK_CSV_COLUMNS.slice(1).map(() => '')];
  const values = CP1.fields.map((f) => {
    const v = packValue(data, f);
    return f.kind === 'yesno' ? (v === null ? '' : yesNoNa(v as boolean)) : String(v).trim();
  });
  return [name, ...values, missingPhotoTags(data).join('; '), issuesText(data)].map(neutraliseCsvCell);
}
