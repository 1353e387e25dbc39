import { neutraliseCsvCell, yesNoNa } from '../csv/report-csv.js';
import type { WizardData } from '../schemas/wizard-data.js';
import { ISSUE_OWNER_LABELS } from './cp1-ts1.js';
import { missingPhotoTags, packValue } from './pack-rules.js';
import type { PackField } from './cp1-ts1.js';
import type { TestPack } from './test-pack-types.js';
import { packOf, testPackName, testPackVersions } from './test-packs.js';
import { radiatorTempsText, zoneFlowsText, type RoomReadingsData } from './room-readings.js';

/** "CP1 Hot-water peak: Kitchen tap flow (L/min)" */
const column = (group: string, label: string, unit?: string) => `CP1 ${group}: ${label}${unit ? ` (${unit})` : ''}`;

let known: { versions: number; fields: PackField[]; columns: string[] } | undefined;

/** Every field of every version of the pack: the newest version's in its order, then any an older one dropped. */
function csvFields() {
  const versions = testPackVersions('cp1-ts1');
  if (known?.versions === versions.length) return known;
  const fields = new Map<string, PackField>();
  for (const pack of versions.reverse()) for (const f of pack.fields) if (!fields.has(f.key)) fields.set(f.key, f);
  const list = [...fields.values()];
  known = {
    versions: versions.length,
    fields: list,
    columns: [
      'Test Pack',
      ...list.map((f) => column(f.group, f.label, f.kind === 'number' ? f.unit : undefined)),
      'CP1 Radiators: flow / return (°C), ΔT (K)',
      'CP1 Underfloor zones: flow (L/min)',
      'CP1 Required Photos Missing',
      'CP1 Issues',
    ],
  };
  return known;
}

/**
 * The columns a CSV gains when any of its reports was taken under the CP1/TS1 pack, after the
 * standard ones, which keep their places: the pack that judged each report, then the readings of every
 * version of the pack in step order (a report leaves a field its version lacks empty), then its required
 * photos not taken and its issues list.
 */
export function packCsvColumns(): readonly string[] {
  return csvFields().columns;
}

/** "Lag the pipework (Installer, due 2026-12-01, open)" */
function issuesText(data: WizardData): string {
  return (data.cp1?.issues ?? [])
    .map(
      (i) =>
        `${i.description.trim()} (${ISSUE_OWNER_LABELS[i.owner]}${i.due ? `, due ${i.due}` : ''}, ${i.resolved ? 'resolved' : 'open'})`,
    )
    .join('; ');
}

/** One report's cells of `packCsvColumns`, neutralised; a standard report names its pack and leaves the rest empty. */
export function packCsvCells(data: WizardData): string[] {
  const pack: TestPack = packOf(data);
  const name = testPackName(data.testPack);
  const { fields, columns } = csvFields();
  if (pack.id !== 'cp1-ts1') return [name, ...columns.slice(1).map(() => '')];
  const own = new Set(pack.fields.map((f) => f.key));
  const values = fields.map((f) => {
    if (!own.has(f.key)) return '';
    const v = packValue(data, f);
    return f.kind === 'yesno' ? (v === null ? '' : yesNoNa(v as boolean)) : String(v).trim();
  });
  const rooms = (data.cp1 ?? {}) as RoomReadingsData;
  return [
    name,
    ...values,
    radiatorTempsText(rooms),
    zoneFlowsText(rooms),
    missingPhotoTags(data).join('; '),
    issuesText(data),
  ].map(neutraliseCsvCell);
}
