// The CP1/TS1 acceptance pack's catalogue (docs/product.md#test-packs): plain data, no zod, so
// the engineer's screens and the rule book read it without the schema library.
import type { Unit } from '../units.js';

/** How a field is entered: a number with a unit, free text, a yes/no answer or one of a few choices. */
export type PackFieldKind = 'number' | 'text' | 'yesno' | 'choice';

/** The design parameters a judged pack value is held against (group `cp1` of a site's design parameters). */
export interface PackRange {
  min?: Cp1ParamKey;
  max?: Cp1ParamKey;
  /** The range is this parameter plus and minus `tolerance` per cent of it. */
  around?: { value: Cp1ParamKey; tolerance: Cp1ParamKey };
}

export interface PackField {
  /** Key in `wizardData.cp1`, unique in the pack. */
  key: string;
  step: number;
  /** The heading the field sits under on the step, in the PDF and in the CSV column name. */
  group: string;
  label: string;
  kind: PackFieldKind;
  unit?: Unit;
  /** Needed before Next on its step. */
  required: boolean;
  /** What a reading can possibly be in its unit: outside it is a typo or the wrong unit, refused with a message. */
  limits?: { min: number; max: number };
  choices?: readonly string[];
  /** Judged against the site's design parameters; a number without one is recorded, not judged. */
  range?: PackRange;
  /** The review issue when the value is out of its range. */
  issue?: string;
  /** Filled by the barcode scanner as well as by typing. */
  scannable?: boolean;
  /**
   * Names a device fitted in the flat (the heat meter's make, model, serial): a re-test starts with it from the
   * flat's last report, unless the reviewer marked it (docs/product.md#my-flats).
   */
  identity?: boolean;
  /**
   * What each answer of a yes/no or choice field means (version 3 on; docs/product.md#test-packs): keyed by
   * the choice, or by 'Yes' / 'No'. A field without it records its answer, not judging it.
   */
  answers?: Readonly<Record<string, AnswerRule>>;
}

/**
 * One answer's rule: it passes; it fails the HIU, for the reason given in the engineer's words (and what puts
 * it right); or it raises an open issue, which must say who must act and by when before the check is sent.
 */
export type AnswerRule =
  { verdict: 'pass' } | { verdict: 'fail'; reason: string; remedy: string } | { verdict: 'issue'; issue: string };

/**
 * A reading that must be at least a set-point recorded on the unit, plus `plus` kelvin, or less the tolerance
 * recorded in the pack field `minus` (version 3 on; docs/product.md#test-packs).
 */
export interface SetPointRule {
  /** The reading: a pack field (`cp1.<key>`) or a checklist measurement id. */
  reading: string;
  /** The pack field holding the set-point (°C). */
  setPoint: string;
  plus?: number;
  /** The pack field holding the tolerance (K) taken off the set-point. */
  minus?: string;
  /** The review issue when the reading is below its limit. */
  issue: string;
  /** How the limit is said after the number: "(set-point + 3 K)". */
  basis: string;
}

export const STRAINER_CONDITIONS = ['Clear', 'Minor debris', 'Significant debris', 'Blocked'] as const;
export const ISSUE_OWNERS = ['engineer', 'installer', 'client', 'other'] as const;
export type IssueOwner = (typeof ISSUE_OWNERS)[number];
export const ISSUE_OWNER_LABELS: Record<IssueOwner, string> = {
  engineer: 'Engineer',
  installer: 'Installer',
  client: 'Client',
  other: 'Other',
};

/** The photos the pack requires, each recognised by its label (case and spacing ignored). */
export const CP1_PHOTO_TAGS = ['HIU data badge', 'Heat meter with reading', 'Strainer', 'Labels'] as const;

/** The design parameters of the pack, with a new site's defaults; '' means not set, so not judged. */
export const CP1_PARAM_DEFAULTS = {
  keepWarmReturnMax: '50',
  heatingPeakReturnMax: '60',
  designFlow: '',
  designFlowTolerance: '10',
  kitchenTapFlowMin: '5',
  kitchenTapFlowMax: '9',
  peakReturnMax: '25',
} as const;
export type Cp1ParamKey = keyof typeof CP1_PARAM_DEFAULTS;

const TEMP = { min: -20, max: 130 };
const METER_SETS = [
  { prefix: 'baseline', step: 1, group: 'Heat meter at baseline', name: 'Baseline' },
  { prefix: 'heatingPeak', step: 5, group: 'Heat meter during the heating peak', name: 'Heating peak' },
  { prefix: 'dhwPeak', step: 6, group: 'Heat meter during the hot-water peak', name: 'Hot-water peak' },
] as const;

/**
 * A heat-meter reading set: energy, volume, flow, power, flow and return temperatures. Each label names its
 * set ("Baseline energy"), since the review and the Next hint list them apart from their group heading.
 */
function meterSet(prefix: string, step: number, group: string, name: string): PackField[] {
  const n = (key: string, label: string, unit: Unit, limits: { min: number; max: number }): PackField => ({
    key: `${prefix}${key}`,
    step,
    group,
    label: `${name} ${label.toLowerCase()}`,
    kind: 'number',
    unit,
    required: true,
    limits,
  });
  return [
    n('Energy', 'Energy', 'kWh', { min: 0, max: 100_000_000 }),
    n('Volume', 'Volume', 'm³', { min: 0, max: 10_000_000 }),
    n('Flow', 'Flow', 'm³/h', { min: 0, max: 100 }),
    n('Power', 'Power', 'kW', { min: 0, max: 1000 }),
    n('FlowTemp', 'Flow temperature', '°C', TEMP),
    n('ReturnTemp', 'Return temperature', '°C', TEMP),
  ];
}

const [baseline, heatingPeak, dhwPeak] = METER_SETS.map((s) => meterSet(s.prefix, s.step, s.group, s.name));

/** Every field of version 1 of the pack, in step order: the one list screens, verdict, PDF and CSV follow. */
export const CP1_FIELDS_V1: readonly PackField[] = [
  // Step 1: the heat meter, identified and read before anything runs.
  {
    key: 'meterMake',
    step: 1,
    group: 'Heat meter',
    label: 'Heat meter make',
    kind: 'text',
    required: true,
    identity: true,
  },
  {
    key: 'meterModel',
    step: 1,
    group: 'Heat meter',
    label: 'Heat meter model',
    kind: 'text',
    required: true,
    identity: true,
  },
  {
    key: 'meterSerial',
    step: 1,
    group: 'Heat meter',
    label: 'Heat meter serial',
    kind: 'text',
    required: true,
    scannable: true,
    identity: true,
  },
  ...baseline!,
  // Step 2: primary side at rest, and the heating water.
  ...(
    [
      ['staticFlowPressure', 'Primary static flow pressure'],
      ['staticReturnPressure', 'Primary static return pressure'],
    ] as const
  ).map(([key, label]): PackField => ({
    key,
    step: 2,
    group: 'Primary pressures',
    label,
    kind: 'number',
    unit: 'bar',
    required: true,
    limits: { min: 0, max: 25 },
  })),
  {
    key: 'differentialPressure',
    step: 2,
    group: 'Primary pressures',
    label: 'Primary differential pressure',
    kind: 'number',
    unit: 'kPa',
    required: true,
    limits: { min: 0, max: 1000 },
  },
  {
    key: 'dpcvSetting',
    step: 2,
    group: 'Primary pressures',
    label: 'Differential pressure control valve setting',
    kind: 'text',
    required: true,
  },
  { key: 'flushed', step: 2, group: 'Heating water', label: 'System flushed', kind: 'yesno', required: true },
  { key: 'inhibitorMake', step: 2, group: 'Heating water', label: 'Inhibitor make', kind: 'text', required: false },
  {
    key: 'inhibitorLitres',
    step: 2,
    group: 'Heating water',
    label: 'Inhibitor added',
    kind: 'number',
    unit: 'L',
    required: false,
    limits: { min: 0, max: 1000 },
  },
  { key: 'waterSample', step: 2, group: 'Heating water', label: 'Water sample taken', kind: 'yesno', required: true },
  {
    key: 'strainerCondition',
    step: 2,
    group: 'Heating water',
    label: 'Strainer condition',
    kind: 'choice',
    choices: STRAINER_CONDITIONS,
    required: true,
  },
  // Step 3: keep-warm in standby.
  {
    key: 'keepWarmReturn',
    step: 3,
    group: 'Keep-warm',
    label: 'Primary return in standby (keep-warm)',
    kind: 'number',
    unit: '°C',
    required: true,
    limits: TEMP,
    range: { max: 'keepWarmReturnMax' },
    issue: 'Keep-warm primary return too high',
  },
  // Step 5: heating at design load.
  {
    key: 'heatingPeakReturn',
    step: 5,
    group: 'Heating peak',
    label: 'Primary return at heating peak',
    kind: 'number',
    unit: '°C',
    required: true,
    limits: TEMP,
    range: { max: 'heatingPeakReturnMax' },
    issue: 'Heating peak primary return above the design return',
  },
  {
    key: 'meterFlowAtDesign',
    step: 5,
    group: 'Heating peak',
    label: 'Heat meter flow at design load',
    kind: 'number',
    unit: 'm³/h',
    required: true,
    limits: { min: 0, max: 100 },
    range: { around: { value: 'designFlow', tolerance: 'designFlowTolerance' } },
    issue: 'Heat meter flow not within tolerance of the design flow',
  },
  ...heatingPeak!,
  // Step 6: hot water.
  {
    key: 'kitchenTapFlow',
    step: 6,
    group: 'Hot-water peak',
    label: 'Kitchen tap flow',
    kind: 'number',
    unit: 'L/min',
    required: true,
    limits: { min: 0, max: 60 },
    range: { min: 'kitchenTapFlowMin', max: 'kitchenTapFlowMax' },
    issue: 'Kitchen tap flow out of range',
  },
  {
    key: 'peakReturn',
    step: 6,
    group: 'Hot-water peak',
    label: 'Primary return, two outlets open',
    kind: 'number',
    unit: '°C',
    required: true,
    limits: TEMP,
    range: { max: 'peakReturnMax' },
    issue: 'Primary return too high in the hot-water peak test',
  },
  {
    key: 'peakDeliveredTemp',
    step: 6,
    group: 'Hot-water peak',
    label: 'Delivered temperature, two outlets open',
    kind: 'number',
    unit: '°C',
    required: true,
    limits: TEMP,
  },
  ...dhwPeak!,
  // Step 7: the final reading.
  {
    key: 'finalEnergy',
    step: 7,
    group: 'Final reading',
    label: 'Final heat meter energy reading',
    kind: 'number',
    unit: 'kWh',
    required: true,
    limits: { min: 0, max: 100_000_000 },
  },
];

/** The pack's data with nothing entered, as a check under the pack (its version's fields) starts. */
export function blankCp1(fields: readonly PackField[] = CP1_FIELDS_V1): Record<string, string | boolean | null | []> {
  const out: Record<string, string | boolean | null | []> = {};
  for (const f of fields) out[f.key] = f.kind === 'yesno' ? null : '';
  out.issues = [];
  return out;
}
