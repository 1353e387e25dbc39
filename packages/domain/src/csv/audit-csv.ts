import type { AuditEntry } from '../schemas/team.js';
import { csvLine, neutraliseCsvCell } from './report-csv.js';

/** The history export's columns (docs/product.md#history). */
export const AUDIT_CSV_COLUMNS = [
  'When (UTC)',
  'Who',
  'Action',
  'Entity',
  'Entity ID',
  'Site ID',
  'Property ID',
  'Before',
  'After',
  'Reason',
] as const;

const json = (v: Record<string, unknown> | null) => (v ? JSON.stringify(v) : '');

export function auditCsvLine(e: AuditEntry): string {
  return csvLine(
    [
      e.at,
      e.actorName,
      e.action,
      e.entityType,
      e.entityId,
      e.siteId ?? '',
      e.propertyId ?? '',
      json(e.before),
      json(e.after),
      e.reason ?? '',
    ].map(neutraliseCsvCell),
  );
}

export const auditCsvHeaderLine = () => csvLine(AUDIT_CSV_COLUMNS);

export const auditCsvFilename = (now: Date) => `history-${now.toISOString().slice(0, 10)}.csv`;
