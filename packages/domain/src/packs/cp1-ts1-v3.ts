// Version 3 of the CP1/TS1 pack: every answer judged, every reading recorded once. Plain data, as
// version 1's catalogue is (cp1-ts1.ts), so the engineer's screens read it without the schema library.
import type { RangedMeasurementId } from '../rules/catalogue.js';
import { CP1_FIELDS_V1, type AnswerRule, type Cp1ParamKey, type PackField, type SetPointRule } from './cp1-ts1.js';

const pass: AnswerRule = { verdict: 'pass' };

/**
 * What each answer means, by CP1 (2020) and TS1 practice. A system must be flushed and cleaned before it is
 * connected, so not flushed fails the HIU, as a blocked strainer does (the checklist's "Strainer clean = No"
 * does too). Debris in the strainer and no water sample are put right later by someone: an open issue.
 */
export const CP1_ANSWER_RULES: Record<string, Record<string, AnswerRule>> = {
  flushed: {
    Yes: pass,
    No: {
      verdict: 'fail',
      reason: 'System not flushed',
      remedy: 'Flush and clean the heating system, then test again.',
    },
  },
  waterSample: { Yes: pass, No: { verdict: 'issue', issue: 'Water sample not taken' } },
  meterAccessible: { Yes: pass, No: { verdict: 'issue', issue: 'Heat meter not accessible to the occupant' } },
  dpTestPoints: { Yes: pass, No: { verdict: 'issue', issue: 'No primary differential pressure test points' } },
  fusedSpur: { Yes: pass, No: { verdict: 'issue', issue: 'Electrical supply not from a fused spur' } },
  chemicalCleanse: { Yes: pass, No: { verdict: 'issue', issue: 'Heating system not chemically cleansed' } },
  // The flushing bypass is closed by the end of the test in each state; how it was found is recorded.
  flushingBypass: { Closed: pass, 'Found open, now closed': pass, 'Not fitted': pass },
  strainerDebrisKept: { Yes: pass, No: pass },
  coldDownDone: { Yes: pass, No: { verdict: 'issue', issue: 'Cold-down test not done' } },
  // A filling loop left connected is a cross-connection to the mains (water fittings regulations).
  fillingLoopDisconnected: {
    Yes: pass,
    No: {
      verdict: 'fail',
      reason: 'Filling loop left connected',
      remedy: 'Disconnect the filling loop, then test again.',
    },
  },
  casingFitted: { Yes: pass, No: { verdict: 'issue', issue: 'HIU casing not fitted' } },
  manualsLeft: { Yes: pass, No: { verdict: 'issue', issue: 'Manuals not left with the occupant' } },
  strainerCondition: {
    Clear: pass,
    'Minor debris': { verdict: 'issue', issue: 'Strainer: minor debris found' },
    'Significant debris': { verdict: 'issue', issue: 'Strainer: significant debris found, system may need flushing' },
    Blocked: {
      verdict: 'fail',
      reason: 'Strainer blocked',
      remedy: 'Clean the strainer, find where the debris comes from, then test again.',
    },
  },
};

/**
 * Pack fields version 1 asks for that the checklist's own readings already record at the same moment. From
 * version 3 each is that one reading, shown once and judged once.
 */
export const CP1_V3_MERGED: Record<string, string> = {
  keepWarmReturn: 'standbyReturnTemp',
  heatingPeakReturn: 'heatingPrimaryReturn',
  heatingPeakReturnTemp: 'heatingPrimaryReturn',
  heatingPeakFlowTemp: 'heatingPrimaryFlow',
  meterFlowAtDesign: 'cp1.heatingPeakFlow',
  dhwPeakReturnTemp: 'cp1.peakReturn',
};

/**
 * The checklist readings version 3 also holds to a pack limit, in place of the pack's own field: the stricter
 * maximum of the two applies.
 */
export const CP1_V3_SHARED_LIMITS: readonly { reading: RangedMeasurementId; max: Cp1ParamKey }[] = [
  { reading: 'standbyReturnTemp', max: 'keepWarmReturnMax' },
  { reading: 'heatingPrimaryReturn', max: 'heatingPeakReturnMax' },
];

export const FLUSHING_BYPASS_STATES = ['Closed', 'Found open, now closed', 'Not fitted'] as const;
const TEMP = { min: -20, max: 130 };
const yesNo = (key: string, step: number, group: string, label: string): PackField => ({
  key,
  step,
  group,
  label,
  kind: 'yesno',
  required: true,
});
const optional = (f: Omit<PackField, 'required'>): PackField => ({ ...f, required: false });

/** A meter set's operating hours and its highest flow over one minute, after its power. */
const meterExtras = (prefix: string, step: number, group: string, name: string): PackField[] => [
  optional({
    key: `${prefix}Hours`,
    step,
    group,
    label: `${name} operating hours`,
    kind: 'number',
    unit: 'h',
    limits: { min: 0, max: 1_000_000 },
  }),
  optional({
    key: `${prefix}MaxFlow`,
    step,
    group,
    label: `${name} highest flow over one minute`,
    kind: 'number',
    unit: 'm³/h',
    limits: { min: 0, max: 100 },
  }),
];

/** What an acceptance test records that version 1 does not (docs/product.md, Test packs), after the field named. */
const ADDED_AFTER: Record<string, PackField[]> = {
  meterSerial: [
    yesNo('meterAccessible', 1, 'Heat meter', 'Heat meter accessible to the occupant'),
    optional({
      key: 'inHomeDisplaySerial',
      step: 1,
      group: 'Heat meter',
      label: 'In-home display serial',
      kind: 'text',
      scannable: true,
      identity: true,
    }),
    // The unit's own set-points: the hot-water and heating peak readings are held to them.
    {
      key: 'dhwSetPoint',
      step: 1,
      group: 'HIU settings',
      label: 'Hot-water set-point',
      kind: 'number',
      unit: '°C',
      required: true,
      limits: { min: 30, max: 80 },
    },
    {
      key: 'dhwSetPointTolerance',
      step: 1,
      group: 'HIU settings',
      label: 'Hot-water set-point tolerance',
      kind: 'number',
      unit: 'K',
      required: true,
      limits: { min: 0, max: 15 },
    },
    {
      key: 'heatingSetPoint',
      step: 1,
      group: 'HIU settings',
      label: 'Heating flow set-point',
      kind: 'number',
      unit: '°C',
      required: true,
      limits: { min: 20, max: 95 },
    },
  ],
  baselinePower: meterExtras('baseline', 1, 'Heat meter at baseline', 'Baseline'),
  dpcvSetting: [
    yesNo('dpTestPoints', 2, 'Primary pressures', 'Primary differential pressure test points present'),
    optional({
      key: 'otherValveSettings',
      step: 2,
      group: 'Primary pressures',
      label: 'Other valve settings (for example pressure-independent valves)',
      kind: 'text',
    }),
  ],
  flushed: [
    yesNo('chemicalCleanse', 2, 'Heating water', 'Chemical cleanse carried out'),
    {
      key: 'flushingBypass',
      step: 2,
      group: 'Heating water',
      label: 'Flushing bypass',
      kind: 'choice',
      choices: FLUSHING_BYPASS_STATES,
      required: true,
    },
    optional({
      key: 'systemVolume',
      step: 2,
      group: 'Heating water',
      label: 'System volume',
      kind: 'number',
      unit: 'L',
      limits: { min: 0, max: 100_000 },
    }),
  ],
  waterSample: [
    optional({
      key: 'waterSampleResult',
      step: 2,
      group: 'Heating water',
      label: 'Water sample result or lab reference',
      kind: 'text',
    }),
  ],
  strainerCondition: [
    { ...yesNo('strainerDebrisKept', 2, 'Heating water', 'Primary strainer debris kept'), required: false },
    yesNo('fusedSpur', 2, 'Electrical supply', 'Electrical supply from a fused spur'),
  ],
  heatingPeakPower: meterExtras('heatingPeak', 5, 'Heat meter during the heating peak', 'Heating peak'),
  peakDeliveredTemp: [
    optional({
      key: 'secondOutletTemp',
      step: 6,
      group: 'Hot-water peak',
      label: 'Second outlet temperature, two outlets open',
      kind: 'number',
      unit: '°C',
      limits: TEMP,
    }),
    optional({
      key: 'peakDifferentialPressure',
      step: 6,
      group: 'Hot-water peak',
      label: 'Primary differential pressure, two outlets open',
      kind: 'number',
      unit: 'kPa',
      limits: { min: 0, max: 1000 },
    }),
  ],
  dhwPeakPower: meterExtras('dhwPeak', 6, 'Heat meter during the hot-water peak', 'Hot-water peak'),
  dhwPeakFlowTemp: [
    yesNo('coldDownDone', 6, 'Cold-down test', 'Cold-down test done (primary isolated, hot tap run 3 minutes)'),
    optional({
      key: 'coldDownTapTemp',
      step: 6,
      group: 'Cold-down test',
      label: 'Hot tap temperature after 3 minutes',
      kind: 'number',
      unit: '°C',
      limits: TEMP,
    }),
  ],
  finalEnergy: [
    optional({
      key: 'finalHeatingPressure',
      step: 7,
      group: 'Final checks',
      label: 'Heating pressure at the end',
      kind: 'number',
      unit: 'bar',
      limits: { min: 0, max: 10 },
    }),
    yesNo('fillingLoopDisconnected', 7, 'Final checks', 'Filling loop disconnected'),
    yesNo('casingFitted', 7, 'Final checks', 'HIU casing fitted'),
    yesNo('manualsLeft', 7, 'Final checks', 'Manuals left with the occupant'),
  ],
};

/**
 * The acceptance test's own limits, from the unit's set-points (docs/product.md#test-packs): in the hot-water
 * peak the primary flow must be at least 3 K above the hot-water set-point and each outlet within the unit's
 * tolerance of it; in the heating peak the primary flow at least 3 K above the heating set-point.
 */
export const CP1_V3_SET_POINT_RULES: readonly SetPointRule[] = [
  {
    reading: 'cp1.dhwPeakFlowTemp',
    setPoint: 'dhwSetPoint',
    plus: 3,
    issue: 'Primary flow too cool for the hot-water set-point',
    basis: '(hot-water set-point + 3 K)',
  },
  {
    reading: 'cp1.peakDeliveredTemp',
    setPoint: 'dhwSetPoint',
    minus: 'dhwSetPointTolerance',
    issue: 'Kitchen outlet below the hot-water set-point',
    basis: '(hot-water set-point less its tolerance)',
  },
  {
    reading: 'cp1.secondOutletTemp',
    setPoint: 'dhwSetPoint',
    minus: 'dhwSetPointTolerance',
    issue: 'Second outlet below the hot-water set-point',
    basis: '(hot-water set-point less its tolerance)',
  },
  {
    reading: 'heatingPrimaryFlow',
    setPoint: 'heatingSetPoint',
    plus: 3,
    issue: 'Primary flow too cool for the heating set-point',
    basis: '(heating set-point + 3 K)',
  },
];

/** Version 1's field as version 3 asks for it: its answers judged, or its rule changed. */
function inV3(f: PackField): PackField[] {
  const answers = CP1_ANSWER_RULES[f.key];
  if (answers) return [{ ...f, answers }];
  // The delivered temperature is the kitchen outlet's, held to the unit's set-point.
  if (f.key === 'peakDeliveredTemp') return [{ ...f, label: 'Kitchen outlet temperature, two outlets open' }];
  // The meter set's flow at the heating peak is the flow at design load: judged against the design flow.
  if (f.key === 'heatingPeakFlow')
    return [
      {
        ...f,
        range: { around: { value: 'designFlow', tolerance: 'designFlowTolerance' } },
        issue: 'Heat meter flow not within tolerance of the design flow',
      },
    ];
  return [f];
}

const withRules = (f: PackField): PackField =>
  CP1_ANSWER_RULES[f.key] ? { ...f, answers: CP1_ANSWER_RULES[f.key] } : f;

/** Every field of version 3, in step order. */
export const CP1_FIELDS_V3: readonly PackField[] = CP1_FIELDS_V1.flatMap((f): PackField[] =>
  f.key in CP1_V3_MERGED ? [] : [...inV3(f), ...(ADDED_AFTER[f.key] ?? []).map(withRules)],
);
