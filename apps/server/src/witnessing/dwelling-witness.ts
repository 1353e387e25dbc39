import type { Dwelling, WitnessRecord } from '@hiu/domain';

/**
 * A dwelling's witness in dwellings.json: its newest witness record (the report witnessed, the readings seen and
 * the signature's hash), or a flat marked witnessed before records held those, read as it was.
 */
export function dwellingWitness(
  mark: { witness_name: string | null; witness_role: string | null; witnessed_on: string | null },
  record: WitnessRecord | undefined,
): Dwelling['witness'] {
  if (record)
    return {
      name: record.name,
      role: record.role,
      date: record.date,
      reportId: record.reportId,
      readings: record.readings,
      signatureSha256: record.signatureSha256,
    };
  if (!mark.witness_name || !mark.witness_role || !mark.witnessed_on) return null;
  return {
    name: mark.witness_name,
    role: mark.witness_role,
    date: mark.witnessed_on,
    reportId: null,
    readings: [],
    signatureSha256: null,
  };
}
