import { isDecimalOrEmpty } from '../numbers.js';
import { MEASUREMENTS, SECTIONS } from '../rules/catalogue.js';
import type { WizardData } from '../schemas/wizard-data.js';
import type { PackField } from '../packs/cp1-ts1.js';
import { limitsError } from '../packs/pack-rules.js';
import { TEST_PACK_IDS, type TestPack, type TestPackRef } from '../packs/test-pack-types.js';
import { packMeasurementId, packOf, testPackVersions } from '../packs/test-packs.js';
import {
  RADIATOR_TEMP,
  radiatorDeltaT,
  roomReadingProblems,
  ZONE_FLOW,
  type RoomReadingsData,
} from '../packs/room-readings.js';
import { contradictions, type Contradiction, type SiteDesign } from '../rules/contradictions.js';

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

const RADIATOR_TEMPS_PREFIX = 'cp1.radiatorTemps.';
const ZONE_PREFIX = 'cp1.underfloorZones.';
const SIDES = { flow: 'flow', return: 'return' } as const;

/** A radiator's flow or return temperature (`cp1.radiatorTemps.<room>.<flow|return>`): its ΔT follows from them. */
function radiatorTempCorrectable(room: string, side: keyof typeof SIDES): CorrectableField {
  return {
    id: `${RADIATOR_TEMPS_PREFIX}${room}.${side}`,
    label: `${sectionTitle('radiators')}: ${room} radiator ${SIDES[side]}`,
    unit: RADIATOR_TEMP.unit,
    path: ['cp1', 'radiatorTemps', room, side],
    kind: 'number',
    limits: { ...RADIATOR_TEMP.limits },
  };
}

/** An underfloor zone's flow (`cp1.underfloorZones.<i>.flowRate`), named by its place and, with the data, its name. */
function zoneFlowCorrectable(index: number, name?: string): CorrectableField {
  const named = name?.trim() ? ` (${name.trim()})` : '';
  return {
    id: `${ZONE_PREFIX}${index}.flowRate`,
    label: `${sectionTitle('heating')}: Underfloor zone ${index + 1}${named} flow`,
    unit: ZONE_FLOW.unit,
    path: ['cp1', 'underfloorZones', String(index), 'flowRate'],
    kind: 'number',
    limits: { ...ZONE_FLOW.limits },
  };
}

/** The room or zone an id names, whether or not a report recorded it. */
function parseRoomReadingId(id: string): { room: string; side: keyof typeof SIDES } | { zone: number } | undefined {
  if (id.startsWith(RADIATOR_TEMPS_PREFIX)) {
    const rest = id.slice(RADIATOR_TEMPS_PREFIX.length);
    const dot = rest.lastIndexOf('.');
    const room = rest.slice(0, dot);
    const side = rest.slice(dot + 1);
    if (dot < 1 || room.trim() === '' || room.length > 80 || !(side in SIDES)) return undefined;
    return { room, side: side as keyof typeof SIDES };
  }
  const zone = /^cp1\.underfloorZones\.(\d{1,2})\.flowRate$/.exec(id);
  return zone ? { zone: Number(zone[1]) } : undefined;
}

/** Whether an id names a radiator's temperature or a zone's flow (the report decides whether it has it). */
export const isRoomReadingCorrectableId = (id: string): boolean => parseRoomReadingId(id) !== undefined;

/** What the room readings are read from: the pack's lists and step 4's rooms. */
type RoomReadingsReport = {
  testPack?: TestPackRef | undefined;
  radiators?: { roomChecks: Record<string, unknown> };
  cp1?: unknown;
};

/** The rooms of step 4 carried out (a room not applicable took its readings with it), then any with readings. */
function radiatorRooms(data: RoomReadingsReport): string[] {
  const checked = Object.entries(data.radiators?.roomChecks ?? {})
    .filter(([, c]) => !(c as { notApplicable?: boolean } | undefined)?.notApplicable)
    .map(([room]) => room);
  const read = Object.keys((data.cp1 as RoomReadingsData | undefined)?.radiatorTemps ?? {});
  return [...new Set([...checked, ...read])];
}

/**
 * The radiators' flow and return and the underfloor zones' flows this report may have corrected
 * (docs/product.md#corrections): only under a pack version that records them, for the rooms of step 4 and the
 * zones the report lists.
 */
export function roomReadingCorrectables(data: RoomReadingsReport): CorrectableField[] {
  if (!packOf(data).roomReadings) return [];
  const zones = (data.cp1 as RoomReadingsData | undefined)?.underfloorZones ?? [];
  return [
    ...radiatorRooms(data).flatMap((room) => [
      radiatorTempCorrectable(room, 'flow'),
      radiatorTempCorrectable(room, 'return'),
    ]),
    ...zones.map((z, i) => zoneFlowCorrectable(i, z.name)),
  ];
}

/** A room reading's correctable value; without the data (a history entry's label), named by its id alone. */
function roomReadingCorrectable(data: RoomReadingsReport | undefined, id: string): CorrectableField | undefined {
  const parsed = parseRoomReadingId(id);
  if (!parsed) return undefined;
  if (!data)
    return 'zone' in parsed ? zoneFlowCorrectable(parsed.zone) : radiatorTempCorrectable(parsed.room, parsed.side);
  return roomReadingCorrectables(data).find((f) => f.id === id);
}

/** The label and unit of a correctable id read without its report: a history entry's field. */
export function correctableLabelOf(id: string): Pick<CorrectableField, 'label' | 'unit'> | undefined {
  if (isRadiatorCorrectableId(id)) return radiatorCorrectable(id.slice(RADIATOR_PREFIX.length));
  return roomReadingCorrectable(undefined, id);
}

/** The correctable value of this id in this report, or undefined when the report (its pack's version) has none. */
export function correctableFieldOf(
  data: RoomReadingsReport & { radiators?: { roomChecks: Record<string, unknown> } },
  id: string,
): CorrectableField | undefined {
  if (isRoomReadingCorrectableId(id)) return roomReadingCorrectable(data.cp1 || data.radiators ? data : undefined, id);
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
    const room = parseRoomReadingId(field.id);
    if (room) {
      // The step's own message for the reading (its lists are checked by the room readings' rule).
      const probe: RoomReadingsData =
        'zone' in room
          ? { underfloorZones: [{ name: 'zone', flowRate: value }] }
          : { radiatorTemps: { room: { [room.side]: value } } };
      return roomReadingProblems(probe)[0]?.message;
    }
    return limitsError(field, value);
  }
  if (field.maxLength !== undefined && value.trim().length > field.maxLength)
    return `At most ${field.maxLength} characters`;
  return undefined;
}

/**
 * The readings a corrected report holds that contradict the corrected one (docs/product.md#readings-that-agree):
 * a correction is refused for them as a submit is, both fields named.
 */
export function correctionContradictions(
  data: Parameters<typeof contradictions>[0],
  field: CorrectableField,
  design?: SiteDesign,
): Contradiction[] {
  const path = field.path.join('.');
  return contradictions(data, design).filter((c) => c.field === path || c.other === path);
}

/**
 * A radiator's ΔT once one of its temperatures is corrected to `value` (flow less return, never typed), or
 * undefined for any other value.
 */
export function correctedDeltaT(data: WizardData, field: CorrectableField, value: string): number | null | undefined {
  const parsed = parseRoomReadingId(field.id);
  if (!parsed || 'zone' in parsed) return undefined;
  const temps = (withCorrection(data, field, value).cp1 as RoomReadingsData | undefined)?.radiatorTemps;
  return radiatorDeltaT(temps?.[parsed.room]);
}
