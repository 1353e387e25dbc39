import { isEntered, parseDecimal } from '../numbers.js';
import { STEPS } from '../steps.js';
import type { WizardData } from '../schemas/wizard-data.js';
import {
  INITIAL_CHECKS,
  MEASUREMENTS,
  SECTIONS,
  type Measurement,
  type RangedMeasurementId,
  type SectionId,
} from './catalogue.js';
import type { Verdict } from './range-and-verdict.js';
import { judge, type Ranges } from './ranges.js';
import { readMeasurement } from './read-measurement.js';
import { outOfRangeReadings, rangeWithUnit, withUnit, type OutOfRangeReading } from './out-of-range.js';
import { judgeRoom } from './radiators.js';
import { radiatorReasonProblems, radiatorsMissing, stepNotApplicable } from './radiators-not-applicable.js';
import { FORTY_FIVE_REASON_MESSAGE, fortyFiveReasonMissing } from './forty-five.js';
import { stepContradictions, type SiteDesign } from './contradictions.js';
import { energyWarning } from './energy-plausible.js';
import { packMeasurements, packOf } from '../packs/test-packs.js';
import { packMissing, packUnsetRequired, packVerdicts } from '../packs/pack-rules.js';
import { answerFailures } from '../packs/answer-rules.js';
import type { OverallStatus } from './overall-status.js';

export const FORTY_FIVE_FAILURE = 'Failed to reach 45°C in 45 seconds';

export type SectionStatus = 'pass' | 'fail' | 'pending' | 'n/a';

export interface Issue {
  section: SectionId;
  text: string;
  /** A warning is listed but does not fail the section (for example No photos uploaded). */
  severity: 'fail' | 'warning';
}

const all = MEASUREMENTS as readonly Measurement[];

/** Step 1's required text entries, besides its required readings (docs/product.md#step-rules). */
export const BASIC_INFO_TEXT_FIELDS = [
  { key: 'siteName', label: 'Site Name' },
  { key: 'hiuModel', label: 'HIU Model' },
  { key: 'hiuSerial', label: 'HIU Serial' },
] as const;
const basicTextsEntered = (data: WizardData) => BASIC_INFO_TEXT_FIELDS.every((f) => isEntered(data[f.key]));

/**
 * Why basic information is pending, by each entry's place in the check: every required entry left blank is
 * Required; only when none is blank, a required reading that is not a number.
 */
export function basicInfoProblems(data: WizardData): Record<string, string> {
  const fields: Record<string, string> = {};
  const readings = measurementsOf(data).filter((m) => m.section === 'basicInfo' && m.required);
  for (const f of BASIC_INFO_TEXT_FIELDS) if (!isEntered(data[f.key])) fields[f.key] = 'Required';
  for (const m of readings) if (!isEntered(readMeasurement(data, m))) fields[m.path.join('.')] = 'Required';
  for (const f of packUnsetRequired(1, data)) fields[`cp1.${f.key}`] ??= 'Required';
  if (Object.keys(fields).length > 0) return fields;
  for (const m of readings)
    if (parseDecimal(readMeasurement(data, m)) === null) fields[m.path.join('.')] = 'Must be a number';
  return fields;
}

/** Every measurement a check records: the standard ones, then its test pack's readings in step order. */
export function measurementsOf(data: Pick<WizardData, 'testPack'>): readonly Measurement[] {
  const pack = packOf(data);
  if (!pack.fields.length) return all;
  let list = withPack.get(pack);
  if (!list) withPack.set(pack, (list = [...all, ...packMeasurements(pack)]));
  return list;
}
const withPack = new WeakMap<object, readonly Measurement[]>();

export function judgeMeasurement(data: WizardData, m: Measurement, ranges: Ranges): Verdict {
  const range = m.range || m.judged ? ranges[m.id as RangedMeasurementId] : undefined;
  return judge(readMeasurement(data, m), range);
}

/** Digits only, or NA in any case (docs/product.md#step-rules). */
export function isValidValveSerial(value: string): boolean {
  const v = value.trim();
  return /^\d+$/.test(v) || /^na$/i.test(v);
}
export const VALVE_SERIAL_MESSAGE = 'Invalid format. Enter numbers only or "NA"';

/**
 * Whether Next is allowed on a step (docs/product.md#step-rules). Step 8 is handled by canSubmit. `design` is
 * the site's design parameters, which readings that must agree are held to.
 */
export function canProceed(step: number, data: WizardData, design?: SiteDesign): boolean {
  if (packMissing(step, data).length > 0 || stepContradictions(step, data, design).length > 0) return false;
  const required = all.filter((m) => m.step === step && m.required);
  const measured = required.every((m) => parseDecimal(readMeasurement(data, m)) !== null);
  switch (step) {
    case 1:
      return measured && basicTextsEntered(data);
    case 2:
      return measured && INITIAL_CHECKS.every((c) => data.initialChecks[c.key] !== null);
    case 3:
    case 5:
      return measured;
    case 4:
      return radiatorsMissing(data.radiators).length === 0;
    case 6:
      return measured && data.dhwChecks.fortyFiveIn45 !== null && !fortyFiveReasonMissing(data.dhwChecks);
    case 7: {
      const p = data.photosSignature;
      return (
        measured &&
        isEntered(p.signature) &&
        isValidValveSerial(p.remoteCutOffValveSerial) &&
        p.heatingControllerSet === true
      );
    }
    default:
      return true;
  }
}

/**
 * What stops Next on a step, by the labels the step shows, in screen order (docs/product.md#step-rules): empty
 * exactly when canProceed allows Next.
 */
export function missingForNext(step: number, data: WizardData, design?: SiteDesign): string[] {
  const pack = packMissing(step, data);
  const disagree = stepContradictions(step, data, design).map((c) => c.summary);
  // A reading that contradicts another comes first: the engineer has typed it and believes it done.
  return pack.length || disagree.length
    ? [...new Set([...disagree, ...standardMissing(step, data), ...pack])]
    : standardMissing(step, data);
}

function standardMissing(step: number, data: WizardData): string[] {
  const unmeasured = all
    .filter((m) => m.step === step && m.required && parseDecimal(readMeasurement(data, m)) === null)
    .map((m) => m.label);
  const blank = (label: string, value: string) => (isEntered(value) ? [] : [label]);
  switch (step) {
    case 1:
      return [...BASIC_INFO_TEXT_FIELDS.flatMap((f) => blank(f.label, data[f.key])), ...unmeasured];
    case 2:
      return [...INITIAL_CHECKS.filter((c) => data.initialChecks[c.key] === null).map((c) => c.label), ...unmeasured];
    case 3:
    case 5:
      return unmeasured;
    case 4:
      return radiatorsMissing(data.radiators);
    case 6:
      return [
        ...unmeasured,
        ...(data.dhwChecks.fortyFiveIn45 === null ? ['DHW reached 45°C within 45 seconds'] : []),
        ...(fortyFiveReasonMissing(data.dhwChecks) ? ['Reason for changing the timed answer'] : []),
      ];
    case 7: {
      const p = data.photosSignature;
      return [
        ...blank('Engineer Signature', p.signature),
        ...unmeasured,
        ...(isValidValveSerial(p.remoteCutOffValveSerial) ? [] : ['Remote Cut Off Valve Serial']),
        ...(p.heatingControllerSet === true ? [] : ['Heating controller set correctly']),
      ];
    }
    default:
      return [];
  }
}

/** Step 2 fails the device when any answer is No, or a test pack's answer there fails it. */
export function initialCheckFailures(data: WizardData): string[] {
  return [
    ...INITIAL_CHECKS.filter((c) => data.initialChecks[c.key] === false).map((c) => c.failure),
    ...answerFailures(data, 2),
  ];
}

/** Step 3 fails the device when an entered standby value is outside the site's range. */
export function standbyFailures(data: WizardData, ranges: Ranges): string[] {
  return outOfRangeReadings(3, data, ranges).map((r) => `Standby ${r.label} out of range (${valueAndRange(r)})`);
}

/** "50 °C, expected 45-48 °C" */
export function valueAndRange(r: OutOfRangeReading): string {
  return `${withUnit(r.value, r.unit)}, expected ${rangeWithUnit(r.range, r.unit)}`;
}

/** The reasons a flow failed at a step (2 or 3), computed from the data, never taken from a client. */
export function failureReasons(step: number, data: WizardData, ranges: Ranges): string[] {
  if (step === 2) return initialCheckFailures(data);
  if (step === 3) return standbyFailures(data, ranges);
  return [];
}

export interface Evaluation {
  sections: Record<SectionId, SectionStatus>;
  issues: Issue[];
  overall: OverallStatus;
}

function fromVerdicts(verdicts: Verdict[]): SectionStatus {
  if (verdicts.includes('fail')) return 'fail';
  if (verdicts.includes('pending')) return 'pending';
  return 'pass';
}

/**
 * Judge a whole check: a status per section, the review issues and the overall result.
 * With `failedStep`, sections after it were never carried out (n/a) and the overall result is FAIL.
 */
export function evaluate(data: WizardData, ranges: Ranges, failedStep?: number | null): Evaluation {
  const issues: Issue[] = [];
  const sections = {} as Record<SectionId, SectionStatus>;
  const pack = packVerdicts(data);
  const measured = (section: SectionId): Verdict[] => [
    ...measurementsOf(data)
      .filter((m) => m.section === section)
      .map((m) => {
        const v = judgeMeasurement(data, m, ranges);
        if (v === 'fail' && m.issue) {
          const value = readMeasurement(data, m).trim();
          const range = ranges[m.id as RangedMeasurementId];
          const text =
            m.id === 'systemPressure'
              ? `${m.issue} (${value} bar)`
              : m.judged
                ? `${m.issue} (${withUnit(value, m.unit)}, expected ${rangeWithUnit(range, m.unit)})`
                : m.issue;
          issues.push({ section, text, severity: 'fail' });
        }
        return v === 'pending' && !m.required ? 'pass' : v;
      }),
    ...(pack.verdicts[section] ?? []),
  ];

  // Basic information
  sections.basicInfo = fromVerdicts([
    ...measured('basicInfo'),
    ...BASIC_INFO_TEXT_FIELDS.map((f): Verdict => (isEntered(data[f.key]) ? 'pass' : 'pending')),
  ]);

  // Initial checks
  const answers = INITIAL_CHECKS.map((c): Verdict => {
    const a = data.initialChecks[c.key];
    if (a === false) issues.push({ section: 'initialChecks', text: c.failure, severity: 'fail' });
    return a === null ? 'pending' : a ? 'pass' : 'fail';
  });
  sections.initialChecks = fromVerdicts([...answers, ...measured('initialChecks')]);

  sections.standbyMode = fromVerdicts(measured('standbyMode'));

  // Radiators: no rooms recorded means the step was skipped (or marked not applicable); a room marked not
  // applicable is not judged, and a step whose every room is is not applicable either. Either waits for its reason.
  const rooms = Object.entries(data.radiators.roomChecks).filter(([, check]) => !check.notApplicable);
  const reasonOwed: Verdict[] = radiatorReasonProblems(data.radiators).length ? ['pending'] : [];
  if (rooms.length === 0 || stepNotApplicable(data.radiators)) sections.radiators = reasonOwed[0] ?? 'n/a';
  else {
    sections.radiators = fromVerdicts([
      ...reasonOwed,
      ...rooms.map(([room, check]): Verdict => {
        const v = judgeRoom(check);
        if (v === 'n/a') return 'pass';
        if (v === 'fail') {
          issues.push({
            section: 'radiators',
            text: `${room} valve setting incorrect (expected ${check.expectedValveSetting.trim()}, got ${check.valveSetting.trim()})`,
            severity: 'fail',
          });
        }
        return v;
      }),
    ]);
  }

  sections.heating = fromVerdicts(measured('heating'));

  const reached = data.dhwChecks.fortyFiveIn45;
  if (reached === false) issues.push({ section: 'dhw', text: FORTY_FIVE_FAILURE, severity: 'fail' });
  // An answer that contradicts the stopwatch stays pending until the engineer says why.
  const unexplained = fortyFiveReasonMissing(data.dhwChecks);
  if (unexplained) issues.push({ section: 'dhw', text: `45°C answer: ${FORTY_FIVE_REASON_MESSAGE}`, severity: 'fail' });
  sections.dhw = fromVerdicts([
    ...measured('dhw'),
    reached === null || unexplained ? 'pending' : reached ? 'pass' : 'fail',
  ]);

  // Photos & signature
  const p = data.photosSignature;
  const photoVerdicts = measured('photosSignature');
  if (p.photos.length === 0)
    issues.push({ section: 'photosSignature', text: 'No photos uploaded', severity: 'warning' });
  // More energy than the meter's power could deliver in the time: the engineer checks, the verdict stands.
  const energy = energyWarning(data);
  if (energy) issues.push({ section: 'photosSignature', text: energy.message, severity: 'warning' });
  if (!isEntered(p.signature)) {
    issues.push({ section: 'photosSignature', text: 'No signature provided', severity: 'fail' });
    photoVerdicts.push('pending');
  }
  if (p.heatingControllerSet !== true) {
    issues.push({
      section: 'photosSignature',
      text: 'Heating controller not confirmed as set correctly',
      severity: 'fail',
    });
    photoVerdicts.push(p.heatingControllerSet === false ? 'fail' : 'pending');
  }
  if (!isEntered(p.remoteCutOffValveSerial)) photoVerdicts.push('pending');
  else if (!isValidValveSerial(p.remoteCutOffValveSerial)) {
    issues.push({
      section: 'photosSignature',
      text: `Remote cut off valve serial: ${VALVE_SERIAL_MESSAGE}`,
      severity: 'fail',
    });
    photoVerdicts.push('fail');
  }
  sections.photosSignature = fromVerdicts(photoVerdicts);
  issues.push(...pack.issues);

  if (failedStep) {
    for (const s of SECTIONS) if (s.step > failedStep) sections[s.id] = 'n/a';
    const kept = issues.filter((i) => SECTIONS.find((s) => s.id === i.section)!.step <= failedStep);
    return { sections, issues: kept, overall: 'FAIL' };
  }

  const statuses = Object.values(sections);
  const overall: OverallStatus = statuses.includes('fail') ? 'FAIL' : statuses.includes('pending') ? 'PENDING' : 'PASS';
  return { sections, issues, overall };
}

/** Submit is allowed unless basic info is pending, or the result is a fail with no notes (docs/product.md#step-rules). */
export function canSubmit(evaluation: Evaluation, notes: string): boolean {
  if (evaluation.sections.basicInfo === 'pending') return false;
  if (evaluation.overall === 'FAIL' && notes.trim() === '') return false;
  return true;
}

/** Notices of steps not carried out, for the PDF. */
export function skippedSteps(data: WizardData, failedStep?: number | null): string[] {
  const notes: string[] = [];
  if (failedStep) {
    const skipped = SECTIONS.filter((s) => s.step > failedStep).map((s) => s.title);
    if (skipped.length)
      notes.push(`Not carried out because the device failed at step ${failedStep}: ${skipped.join(', ')}.`);
  } else if (stepNotApplicable(data.radiators)) {
    notes.push(`Step 4 (${STEPS[3].name}) not applicable: ${data.radiators.notApplicableReason?.trim() ?? ''}`);
  } else if (Object.keys(data.radiators.roomChecks).length === 0) {
    notes.push(`Step 4 (${STEPS[3].name}) was skipped.`);
  }
  return notes;
}
