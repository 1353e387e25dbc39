import type { DesignParameters } from '../schemas/design-parameters.js';
import { STEPS } from '../steps.js';
import type { Unit } from '../units.js';

export type SectionId =
  'basicInfo' | 'initialChecks' | 'standbyMode' | 'radiators' | 'heating' | 'dhw' | 'photosSignature';

/** The step of each section; its title is the step's name. */
const section = (id: SectionId, step: number) => ({ id, step, title: STEPS[step - 1]!.name as string });
export const SECTIONS: { id: SectionId; step: number; title: string }[] = [
  section('basicInfo', 1),
  section('initialChecks', 2),
  section('standbyMode', 3),
  section('radiators', 4),
  section('heating', 5),
  section('dhw', 6),
  section('photosSignature', 7),
];

/** Where a measurement sits in WizardData: [group, field] or [field] at the top level. */
export type FieldPath = readonly [string] | readonly [string, string];

export interface Measurement {
  id: string;
  section: SectionId;
  step: number;
  label: string;
  unit: Unit;
  required: boolean;
  path: FieldPath;
  /** Text of the review issue when out of range. */
  issue?: string;
  /** The design-parameter fields that hold this value's range. */
  range?: {
    group: Exclude<keyof DesignParameters, 'radiators' | 'radiatorDefaults' | 'byPropertyType' | 'cp1'>;
    min: string;
    max: string;
  };
  /** A test pack's value judged against a range the pack works out. */
  judged?: boolean;
}

/** Every measurement the checklist records, in step order: the single source of labels, units and ranges. */
export const MEASUREMENTS = [
  {
    id: 'meterStart',
    section: 'basicInfo',
    step: 1,
    label: 'Meter Start Reading',
    // The heat meter's energy register, as the CP1/TS1 pack's meter sets read it.
    unit: 'kWh',
    required: true,
    path: ['meterStart'],
  },
  {
    id: 'systemPressure',
    section: 'initialChecks',
    step: 2,
    label: 'System Pressure',
    unit: 'bar',
    required: true,
    path: ['initialChecks', 'systemPressure'],
    issue: 'System Pressure out of range',
    range: { group: 'tertiarySystem', min: 'pressureMin', max: 'pressureMax' },
  },
  {
    id: 'standbyFlowTemp',
    section: 'standbyMode',
    step: 3,
    label: 'Flow Temperature',
    unit: '°C',
    required: true,
    path: ['standbyMode', 'flowTemp'],
    issue: 'Flow Temperature out of range',
    range: { group: 'standby', min: 'flowTempMin', max: 'flowTempMax' },
  },
  {
    id: 'standbyReturnTemp',
    section: 'standbyMode',
    step: 3,
    label: 'Return Temperature',
    unit: '°C',
    required: true,
    path: ['standbyMode', 'returnTemp'],
    issue: 'Return Temperature out of range',
    range: { group: 'standby', min: 'returnTempMin', max: 'returnTempMax' },
  },
  {
    id: 'standbyFlowRate',
    section: 'standbyMode',
    step: 3,
    label: 'Flow Rate',
    unit: 'L/min',
    required: true,
    path: ['standbyMode', 'flowRate'],
    issue: 'Flow Rate out of range',
    range: { group: 'standby', min: 'flowRateMin', max: 'flowRateMax' },
  },
  {
    id: 'heatingTertiaryFlow',
    section: 'heating',
    step: 5,
    label: 'Tertiary (Secondary) Flow Temperature',
    unit: '°C',
    required: true,
    path: ['heatingMode', 'tertiaryFlow'],
    issue: 'Tertiary Flow Temperature out of range',
    range: { group: 'heating', min: 'flowTempMin', max: 'flowTempMax' },
  },
  {
    id: 'heatingTertiaryReturn',
    section: 'heating',
    step: 5,
    label: 'Tertiary (Secondary) Return Temperature',
    unit: '°C',
    required: true,
    path: ['heatingMode', 'tertiaryReturn'],
    issue: 'Tertiary Return Temperature out of range',
    range: { group: 'heating', min: 'returnTempMin', max: 'returnTempMax' },
  },
  {
    id: 'heatingPrimaryFlow',
    section: 'heating',
    step: 5,
    label: 'Primary Flow Temperature',
    unit: '°C',
    required: true,
    path: ['heatingMode', 'primaryFlow'],
    issue: 'Primary Flow Temperature out of range',
    range: { group: 'heating', min: 'primaryFlowTempMin', max: 'primaryFlowTempMax' },
  },
  {
    id: 'heatingPrimaryReturn',
    section: 'heating',
    step: 5,
    label: 'Primary Return Temperature',
    unit: '°C',
    required: true,
    path: ['heatingMode', 'primaryReturn'],
    issue: 'Primary Return Temperature out of range',
    range: { group: 'heating', min: 'primaryReturnTempMin', max: 'primaryReturnTempMax' },
  },
  {
    id: 'heatingPower',
    section: 'heating',
    step: 5,
    label: 'Power Consumption',
    unit: 'kW',
    required: true,
    path: ['heatingMode', 'powerConsumption'],
    issue: 'Power Consumption out of range',
    range: { group: 'heating', min: 'powerMin', max: 'powerMax' },
  },
  {
    id: 'cwsTemp',
    section: 'dhw',
    step: 6,
    label: 'CWS Temperature',
    unit: '°C',
    required: false,
    path: ['dhwChecks', 'cwsTemp'],
  },
  {
    id: 'dhwKitchenTap',
    section: 'dhw',
    step: 6,
    label: 'DHW at Kitchen Tap (after 60 seconds)',
    unit: '°C',
    required: true,
    path: ['dhwChecks', 'dhwKitchenTap'],
    issue: 'DHW at Kitchen Tap out of range',
    range: { group: 'dhw', min: 'kitchenTapTempMin', max: 'kitchenTapTempMax' },
  },
  {
    id: 'dhwPrimaryFlow',
    section: 'dhw',
    step: 6,
    label: 'Primary Flow Temperature',
    unit: '°C',
    required: true,
    path: ['dhwChecks', 'primaryFlow'],
    issue: 'Primary Flow Temperature out of range',
    range: { group: 'dhw', min: 'primaryFlowTempMin', max: 'primaryFlowTempMax' },
  },
  {
    id: 'dhwPrimaryReturn',
    section: 'dhw',
    step: 6,
    label: 'Primary Return Temperature',
    unit: '°C',
    required: true,
    path: ['dhwChecks', 'primaryReturn'],
    issue: 'Primary Return Temperature out of range',
    range: { group: 'dhw', min: 'primaryReturnTempMin', max: 'primaryReturnTempMax' },
  },
  {
    id: 'dhwPower',
    section: 'dhw',
    step: 6,
    label: 'DHW Power Consumption',
    unit: 'kW',
    required: true,
    path: ['dhwChecks', 'dhwPower'],
    issue: 'DHW Power Consumption out of range',
    range: { group: 'dhw', min: 'powerMin', max: 'powerMax' },
  },
  {
    id: 'meterEnd',
    section: 'photosSignature',
    step: 7,
    label: 'Meter End Reading',
    // The heat meter's energy register, as the CP1/TS1 pack's meter sets read it.
    unit: 'kWh',
    required: true,
    path: ['photosSignature', 'meterEnd'],
  },
] as const satisfies readonly Measurement[];

export type MeasurementId = (typeof MEASUREMENTS)[number]['id'];
export type RangedMeasurementId = Extract<(typeof MEASUREMENTS)[number], { range: object }>['id'];

export function measurement(id: MeasurementId): Measurement {
  return MEASUREMENTS.find((m) => m.id === id)!;
}

export function measurementsForStep(step: number): Measurement[] {
  return MEASUREMENTS.filter((m) => m.step === step);
}

/** The yes/no answers of step 2, with the failure reason a No gives (docs/product.md#device-failure). */
export const INITIAL_CHECKS = [
  { key: 'bypassClosed', label: 'Bypass valve closed', failure: 'Bypass valve not closed' },
  { key: 'strainerClean', label: 'Strainer clean', failure: 'Strainer not clean' },
  { key: 'clipsRemoved', label: 'Transit clips removed', failure: 'Transit clips not removed' },
  { key: 'meterOk', label: 'Meter OK', failure: 'Meter not OK' },
] as const;

export type InitialCheckKey = (typeof INITIAL_CHECKS)[number]['key'];
