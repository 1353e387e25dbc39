import type { AuditEntry } from '../schemas/team.js';
import { historyChanges } from '../history/history-changes.js';
import { historySentence } from '../history/history-sentence.js';
import { auditActionLabel, auditEntityLabel } from '../history/history-words.js';
import { csvLine, neutraliseCsvCell } from './report-csv.js';

/**
 * The history export's columns (docs/product.md#history): the entry as the screen reads it, the names beside
 * the ids, then the recorded before and after for a program that wants them exactly.
 */
export const AUDIT_CSV_COLUMNS = [
  'When (UTC)',
  'Who',
  'Action',
  'What happened',
  'Changes',
  'Reason',
  'Site',
  'Property',
  'Report',
  'Entity',
  'Entity ID',
  'Site ID',
  'Property ID',
  'Before',
  'After',
] as const;

const json = (v: Record<string, unknown> | null) => (v ? JSON.stringify(v) : '');

export function auditCsvLine(e: AuditEntry): string {
  return csvLine(
    [
      e.at,
      e.actorName,
      auditActionLabel(e.action),
      historySentence(e),
      historyChanges(e).join('\n'),
      e.reason ?? '',
      e.names?.site ?? '',
      e.names?.property ?? '',
      e.names?.report ?? '',
      auditEntityLabel(e.entityType),
      e.entityId,
      e.siteId ?? '',
      e.propertyId ?? '',
      json(e.before),
      json(e.after),
    ].map(neutraliseCsvCell),
  );
}

export const auditCsvHeaderLine = () => csvLine(AUDIT_CSV_COLUMNS);

export const auditCsvFilename = (now: Date) => `history-${now.toISOString().slice(0, 10)}.csv`;
