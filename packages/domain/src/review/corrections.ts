import { MEASUREMENTS, SECTIONS } from '../rules/catalogue.js';
import type { WizardData } from '../schemas/wizard-data.js';

/**
 * The recorded values a supervisor may correct after submit (a mistyped serial, a transcription slip), and
 * the fields a reviewer may mark when sending a report back. Photos, signature, answers and times are
 * evidence: they are never corrected, only re-tested.
 */
export interface CorrectableField {
  id: string;
  /** Names the step too, since several steps record a "Flow Temperature". */
  label: string;
  unit: string;
  path: readonly [string] | readonly [string, string];
  kind: 'number' | 'text';
}

const sectionTitle = (id: string) => SECTIONS.find((s) => s.id === id)?.title ?? '';

export const CORRECTABLE_FIELDS: readonly CorrectableField[] = [
  { id: 'hiuModel', label: `${sectionTitle('basicInfo')}: HIU model`, unit: '', path: ['hiuModel'], kind: 'text' },
  { id: 'hiuSerial', label: `${sectionTitle('basicInfo')}: HIU serial`, unit: '', path: ['hiuSerial'], kind: 'text' },
  ...MEASUREMENTS.map((m) => ({
    id: m.id,
    label: `${sectionTitle(m.section)}: ${m.label}`,
    unit: m.unit,
    path: m.path,
    kind: 'number' as const,
  })),
  {
    id: 'remoteCutOffValveSerial',
    label: `${sectionTitle('photosSignature')}: Remote cut-off valve serial`,
    unit: '',
    path: ['photosSignature', 'remoteCutOffValveSerial'],
    kind: 'text',
  },
];

export function correctableField(id: string): CorrectableField | undefined {
  return CORRECTABLE_FIELDS.find((f) => f.id === id);
}

/** The value a field holds in the data, as the report shows it. */
export function correctableValue(data: WizardData, field: CorrectableField): string {
  const [a, b] = field.path;
  const top = (data as unknown as Record<string, unknown>)[a];
  const v = b === undefined ? top : (top as Record<string, unknown> | undefined)?.[b];
  return typeof v === 'string' ? v : '';
}

/** A copy of the data with one field's value replaced; the original is left as it was. */
export function withCorrection(data: WizardData, field: CorrectableField, value: string): WizardData {
  const next = structuredClone(data) as unknown as Record<string, Record<string, unknown>>;
  const [a, b] = field.path;
  if (b === undefined) (next as unknown as Record<string, unknown>)[a] = value;
  else next[a] = { ...next[a], [b]: value };
  return next as unknown as WizardData;
}
