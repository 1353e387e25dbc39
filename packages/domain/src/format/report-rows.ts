import { isEntered } from '../numbers.js';
import { INITIAL_CHECKS, MEASUREMENTS, type Measurement, type SectionId } from '../rules/catalogue.js';
import { BASIC_INFO_TEXT_FIELDS, isValidValveSerial, judgeMeasurement } from '../rules/evaluate.js';
import {
  formatSeconds,
  FORTY_FIVE_LIMIT_SECONDS,
  isFortyFiveOverridden,
  timedFortyFiveAnswer,
} from '../rules/forty-five.js';
import { judgeRoom } from '../rules/radiators.js';
import { notApplicableText } from '../rules/radiators-not-applicable.js';
import {
  deltaTText,
  judgeRadiatorDeltaT,
  RADIATOR_RULE_TEXT,
  radiatorDeltaT,
  ZONE_FLOW,
  type RoomReadingsData,
} from '../packs/room-readings.js';
import { formatRange, judge, type Ranges } from '../rules/ranges.js';
import type { RangedMeasurementId } from '../rules/catalogue.js';
import { readMeasurement } from '../rules/read-measurement.js';
import type { WizardData } from '../schemas/wizard-data.js';
import type { PackField } from '../packs/cp1-ts1.js';
import { answerRule } from '../packs/answer-rules.js';
import { missingPhotoTags, packValue } from '../packs/pack-rules.js';
import { packMeasurementId, packOf } from '../packs/test-packs.js';

/**
 * A row's verdict as a report prints it: judged (pass, fail, pending), a value with no verdict (recorded,
 * info), an answer that raises an issue, or an issue's state.
 */
export type ReportRowResult = 'pass' | 'fail' | 'pending' | 'info' | 'recorded' | 'open' | 'resolved' | 'issue';

/**
 * One line of a report as the PDF and the review screen show it: what was checked, the value recorded, what
 * was required and the verdict. `id` names the item (a measurement's id, `initialChecks.<key>`,
 * `radiators.<room>`, `cp1.<key>`), so a screen can mark it.
 */
export interface ReportRow {
  id: string;
  check: string;
  value: string;
  expected: string;
  result: ReportRowResult;
}

const DASH = '—';

const withUnit = (value: string, unit = '') => (unit ? `${value} ${unit}` : value);
const yesNoText = (v: boolean | null) => (v === true ? 'Yes' : v === false ? 'No' : DASH);
const yesNoResult = (v: boolean | null): ReportRowResult => (v === true ? 'pass' : v === false ? 'fail' : 'pending');

function measurementRow(data: WizardData, m: Measurement, ranges: Ranges): ReportRow {
  const raw = readMeasurement(data, m).trim();
  const range = m.range ? ranges[m.id as RangedMeasurementId] : undefined;
  const verdict = judgeMeasurement(data, m, ranges);
  const rangeText = formatRange(range);
  let result: ReportRowResult = verdict;
  if (!m.range) result = raw ? (m.required ? 'recorded' : 'info') : m.required ? 'pending' : 'info';
  return {
    id: m.id,
    check: m.label,
    value: raw ? withUnit(raw, m.unit) : DASH,
    expected: rangeText ? withUnit(rangeText, m.unit) : m.required ? '' : 'Information only',
    result,
  };
}

/** The rows of one step's section, in step order, from the rule book's catalogue. */
export function sectionRows(section: SectionId, data: WizardData, ranges: Ranges): ReportRow[] {
  const measured = (MEASUREMENTS as readonly Measurement[]).filter((m) => m.section === section);
  const rows = measured.map((m) => measurementRow(data, m, ranges));
  switch (section) {
    case 'initialChecks':
      return [
        ...INITIAL_CHECKS.map((c): ReportRow => {
          const v = data.initialChecks[c.key];
          return {
            id: `initialChecks.${c.key}`,
            check: c.label,
            value: yesNoText(v),
            expected: 'Yes',
            result: yesNoResult(v),
          };
        }),
        ...rows,
      ];
    case 'radiators':
      return Object.entries(data.radiators.roomChecks).flatMap(([room, check]) => {
        const got = check.valveSetting.trim();
        const expected = check.expectedValveSetting.trim();
        const verdict = judgeRoom(check);
        const row: ReportRow = {
          id: `radiators.${room}`,
          check: `${room} valve setting`,
          value: verdict === 'n/a' ? notApplicableText(check.notApplicableReason) : got || DASH,
          expected: expected ? `Expected ${expected}` : 'Any setting',
          result: verdict === 'n/a' ? 'info' : verdict,
        };
        return verdict === 'n/a' ? [row] : [row, ...radiatorTempRows(data, room)];
      });
    case 'heating':
      return [...rows, ...zoneRows(data)];
    case 'dhw': {
      const dhw = data.dhwChecks;
      const reached = dhw.fortyFiveIn45;
      const timed: ReportRow[] = [];
      const seconds = formatSeconds(dhw.fortyFiveSeconds);
      if (seconds) {
        const answer = timedFortyFiveAnswer(dhw.fortyFiveSeconds);
        timed.push({
          id: 'fortyFiveSeconds',
          check: 'Time to reach 45°C (stopwatch)',
          value: seconds,
          expected: `${FORTY_FIVE_LIMIT_SECONDS} s or less`,
          result: answer ? 'pass' : 'fail',
        });
      }
      if (isFortyFiveOverridden(dhw)) {
        const reason = dhw.fortyFiveOverrideReason.trim() || DASH;
        timed.push({
          id: 'fortyFiveOverrideReason',
          check: `Answer overridden by the engineer: ${reason}`,
          value: '',
          expected: '',
          result: 'info',
        });
      }
      const row: ReportRow = {
        id: 'fortyFiveIn45',
        check: 'Reached 45°C in 45 seconds',
        value: yesNoText(reached),
        expected: 'Yes',
        result: yesNoResult(reached),
      };
      const at = measured.findIndex((m) => m.id === 'cwsTemp') + 1;
      return [...rows.slice(0, at), ...timed, row, ...rows.slice(at)];
    }
    case 'photosSignature': {
      const p = data.photosSignature;
      const serial = p.remoteCutOffValveSerial.trim();
      const count = p.photos.length;
      return [
        ...rows,
        {
          id: 'remoteCutOffValveSerial',
          check: 'Remote cut off valve serial',
          value: serial || DASH,
          expected: 'Digits or NA',
          result: !serial ? 'pending' : isValidValveSerial(serial) ? 'pass' : 'fail',
        },
        {
          id: 'heatingControllerSet',
          check: 'Heating controller set correctly',
          value: yesNoText(p.heatingControllerSet),
          expected: 'Yes',
          result: yesNoResult(p.heatingControllerSet),
        },
        {
          id: 'photos',
          check: 'Photos',
          value: count ? `${count} photo(s)` : 'No photos',
          expected: '',
          result: 'info',
        },
        {
          id: 'signature',
          check: 'Signature',
          value: isEntered(p.signature) ? 'Captured' : 'Not provided',
          expected: 'Required',
          result: isEntered(p.signature) ? 'pass' : 'pending',
        },
      ];
    }
    default:
      return rows;
  }
}

/** A radiator's flow and return with its ΔT, judged by the rule book's ΔT rule, when the pack recorded them. */
function radiatorTempRows(data: WizardData, room: string): ReportRow[] {
  const t = (data.cp1 as RoomReadingsData | undefined)?.radiatorTemps?.[room];
  const flow = t?.flow?.trim() ?? '';
  const ret = t?.return?.trim() ?? '';
  if (!flow && !ret) return [];
  const deltaT = radiatorDeltaT(t);
  return [
    {
      id: `cp1.radiatorTemps.${room}`,
      check: `${room} radiator flow / return`,
      value: `${flow || DASH} / ${ret || DASH} °C${deltaT === null ? '' : `, ${deltaTText(deltaT)}`}`,
      expected: RADIATOR_RULE_TEXT,
      result: judgeRadiatorDeltaT(deltaT),
    },
  ];
}

/** Each underfloor zone's flow, recorded, not judged. */
function zoneRows(data: WizardData): ReportRow[] {
  return ((data.cp1 as RoomReadingsData | undefined)?.underfloorZones ?? []).map((z, i) => {
    const flow = z.flowRate?.trim() ?? '';
    return {
      id: `cp1.underfloorZones.${i}`,
      check: `Underfloor zone ${z.name?.trim() || i + 1} flow`,
      value: flow ? `${flow} ${ZONE_FLOW.unit}` : DASH,
      expected: 'Information only',
      result: 'info',
    };
  });
}

/** The answers that pass, as the Required column says them: "Yes", "Clear". */
const passingAnswers = (f: PackField) =>
  Object.entries(f.answers ?? {})
    .filter(([, rule]) => rule.verdict === 'pass')
    .map(([answer]) => answer)
    .join(' or ');

/** A judged answer: its verdict by the rule of the version the report was taken under. */
function answerRow(data: WizardData, f: PackField): ReportRow {
  const v = packValue(data, f);
  const rule = answerRule(data, f);
  return {
    id: `cp1.${f.key}`,
    check: f.label,
    value: v === true ? 'Yes' : v === false ? 'No' : typeof v === 'string' && v ? v : DASH,
    expected: passingAnswers(f),
    result: !rule ? 'pending' : rule.verdict === 'pass' ? 'pass' : rule.verdict === 'fail' ? 'fail' : 'issue',
  };
}

/** One field of a test pack as a report row: a judged answer, a yes/no, or a value against its range. */
export function packFieldRow(data: WizardData, f: PackField, ranges: Ranges): ReportRow {
  if (f.answers) return answerRow(data, f);
  const v = packValue(data, f);
  const id = `cp1.${f.key}`;
  if (f.kind === 'yesno')
    return {
      id,
      check: f.label,
      value: v === true ? 'Yes' : v === false ? 'No' : DASH,
      expected: '',
      result: v === null ? 'pending' : 'recorded',
    };
  const text = typeof v === 'string' ? v.trim() : '';
  const range = f.range ? ranges[packMeasurementId(f)] : undefined;
  const judged = f.kind === 'number' && range;
  return {
    id,
    check: f.label,
    value: text ? withUnit(text, f.kind === 'number' ? f.unit : '') : DASH,
    expected: judged ? withUnit(formatRange(range), f.unit) : f.required ? '' : 'Information only',
    result: judged ? judge(text, range) : text ? (f.required ? 'recorded' : 'info') : f.required ? 'pending' : 'info',
  };
}

/** The test pack's readings taken on one step, by group (none for the standard checklist). */
export function packGroupRows(data: WizardData, ranges: Ranges, step: number): { group: string; rows: ReportRow[] }[] {
  const fields = packOf(data).fields.filter((f) => f.step === step);
  return [...new Set(fields.map((f) => f.group))].map((group) => ({
    group,
    rows: fields.filter((f) => f.group === group).map((f) => packFieldRow(data, f, ranges)),
  }));
}

/** The photos a test pack requires, each taken or not (none for the standard checklist). */
export function packPhotoRows(data: WizardData): ReportRow[] {
  const missing = new Set(missingPhotoTags(data));
  return packOf(data).photoTags.map((t) => ({
    id: `photo.${t}`,
    check: `Photo: ${t}`,
    value: missing.has(t) ? 'Not taken' : 'Taken',
    expected: 'Required',
    result: missing.has(t) ? 'fail' : 'pass',
  }));
}

/**
 * A step's rows as the review screen lists them: step 1 also names the HIU's model and serial, which the PDF
 * prints in its details box and a reviewer may mark or correct.
 */
export function reviewSectionRows(section: SectionId, data: WizardData, ranges: Ranges): ReportRow[] {
  const rows = sectionRows(section, data, ranges);
  if (section !== 'basicInfo') return rows;
  const texts = BASIC_INFO_TEXT_FIELDS.filter((f) => f.key !== 'siteName').map((f): ReportRow => ({
    id: f.key,
    check: f.label,
    value: data[f.key].trim() || DASH,
    expected: 'Required',
    result: isEntered(data[f.key]) ? 'recorded' : 'pending',
  }));
  return [...texts, ...rows];
}
