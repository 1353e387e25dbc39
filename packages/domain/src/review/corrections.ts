import { isDecimalOrEmpty } from '../numbers.js';
import { MEASUREMENTS, SECTIONS } from '../rules/catalogue.js';
import type { WizardData } from '../schemas/wizard-data.js';
import type { PackField } from '../packs/cp1-ts1.js';
import { limitsError } from '../packs/pack-rules.js';
import { TEST_PACK_IDS, type TestPack, type TestPackRef } from '../packs/test-pack-types.js';
import { packMeasurementId, packOf, testPackVersions } from '../packs/test-packs.js';

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
  /** Where the value sits in the data: a key a level, as deep as a radiator's valve setting. */
  path: readonly string[];
  kind: 'number' | 'text';
  /** What a reading of a test pack can be in its unit. */
  limits?: { min: number; max: number };
  /** The longest text a test pack's field holds. */
  maxLength?: number;
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
  let v: unknown = data;
  for (const key of field.path) v = (v as Record<string, unknown> | undefined)?.[key];
  return typeof v === 'string' ? v : '';
}

/** A copy of the data with one field's value replaced; the original is left as it was. */
export function withCorrection(data: WizardData, field: CorrectableField, value: string): WizardData {
  const next = structuredClone(data) as unknown as Record<string, unknown>;
  let at = next;
  field.path.forEach((key, i) => {
    if (i === field.path.length - 1) at[key] = value;
    else at = (at[key] ??= {}) as Record<string, unknown>;
  });
  return next as unknown as WizardData;
}

const RADIATOR_PREFIX = 'radiators.';

/**
 * A radiator's valve setting as a correctable value (`radiators.<room>`): a setting misread or mistyped is
 * corrected like a reading, and the room is judged again against its expected setting.
 */
export function radiatorCorrectable(room: string): CorrectableField {
  return {
    id: `${RADIATOR_PREFIX}${room}`,
    label: `${sectionTitle('radiators')}: ${room} valve setting`,
    unit: '',
    path: ['radiators', 'roomChecks', room, 'valveSetting'],
    kind: 'number',
  };
}

/** The radiator valve settings this report recorded, by room. */
export function radiatorCorrectables(data: {
  radiators?: { roomChecks: Record<string, unknown> };
}): CorrectableField[] {
  return Object.keys(data.radiators?.roomChecks ?? {}).map(radiatorCorrectable);
}

/** Whether an id names a radiator's valve setting (its room is checked against the report). */
export function isRadiatorCorrectableId(id: string): boolean {
  const room = id.slice(RADIATOR_PREFIX.length);
  return id.startsWith(RADIATOR_PREFIX) && room.trim().length > 0 && room.length <= 80;
}

const sectionOfStep = (step: number) => sectionTitle(SECTIONS.find((s) => s.step === step)?.id ?? '');

/**
 * A test pack's field as a correctable value (`cp1.<key>`, as its reading is judged): numbers and recorded
 * text; its yes/no answers and choices are evidence, like the checklist's.
 */
function packCorrectable(f: PackField): CorrectableField | undefined {
  if (f.kind !== 'number' && f.kind !== 'text') return undefined;
  const base = {
    id: packMeasurementId(f),
    label: `${sectionOfStep(f.step)}: ${f.label}`,
    unit: f.unit ?? '',
    path: ['cp1', f.key] as const,
  };
  return f.kind === 'number'
    ? { ...base, kind: 'number', ...(f.limits ? { limits: f.limits } : {}) }
    : { ...base, kind: 'text', maxLength: f.scannable ? 60 : 200 };
}

const ofPack = new WeakMap<TestPack, CorrectableField[]>();

/** The values a supervisor may correct in this report: the checklist's, then its test pack's. */
export function correctableFieldsOf(data: { testPack?: TestPackRef | undefined }): readonly CorrectableField[] {
  const pack = packOf(data);
  if (!pack.fields.length) return CORRECTABLE_FIELDS;
  let list = ofPack.get(pack);
  if (!list) {
    const extra = pack.fields.map(packCorrectable).filter((f): f is CorrectableField => f !== undefined);
    ofPack.set(pack, (list = [...CORRECTABLE_FIELDS, ...extra]));
  }
  return list;
}

/** The correctable value of this id in this report, or undefined when the report (its pack's version) has none. */
export function correctableFieldOf(
  data: { testPack?: TestPackRef | undefined; radiators?: { roomChecks: Record<string, unknown> } },
  id: string,
): CorrectableField | undefined {
  if (isRadiatorCorrectableId(id)) {
    const room = id.slice(RADIATOR_PREFIX.length);
    // Without the data (a revision's label), the room is named by the id; with it, the room must be recorded.
    return !data.radiators || room in data.radiators.roomChecks ? radiatorCorrectable(room) : undefined;
  }
  return correctableFieldsOf(data).find((f) => f.id === id);
}

/** Whether some version of some test pack can correct a value of this id (the report's own pack decides). */
export function isPackCorrectableId(id: string): boolean {
  return TEST_PACK_IDS.flatMap(testPackVersions).some((p) =>
    p.fields.some((f) => packMeasurementId(f) === id && packCorrectable(f)),
  );
}

/** What is wrong with a corrected value, in the words the check's own field would use, or undefined. */
export function correctionValueError(field: CorrectableField, value: string): string | undefined {
  if (field.kind === 'number') {
    if (!isDecimalOrEmpty(value)) return 'Must be a number';
    if (value.length > 32) return 'At most 32 characters';
    return limitsError(field, value);
  }
  if (field.maxLength !== undefined && value.trim().length > field.maxLength)
    return `At most ${field.maxLength} characters`;
  return undefined;
}
