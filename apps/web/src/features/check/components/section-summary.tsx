import {
  formatDateTime,
  INITIAL_CHECKS,
  judgeMeasurement,
  judgeRoom,
  measurementsOf,
  notApplicableText,
  packOf,
  packValue,
  readMeasurement,
  SECTIONS,
  sectionRows as reportRows,
  stepNotApplicable,
  type Ranges,
  type SectionId,
  type WizardData,
} from '@hiu/domain';
import { MarkedFlag } from '../../../components/ui/marked-flag';

type Mark = 'pass' | 'fail' | 'pending' | undefined;
export interface SummaryRow {
  label: string;
  value: string;
  mark?: Mark;
  /** The value's id as a reviewer marks it when sending a report back (`markableItem`). */
  item?: string;
}

const yesNo = (v: boolean | null) => (v === null ? 'Not answered' : v ? 'Yes' : 'No');
const markOf = (v: boolean | null): Mark => (v === null ? 'pending' : v ? 'pass' : 'fail');
const text = (v: string) => (v.trim() === '' ? 'Not entered' : v.trim());

function measured(data: WizardData, ranges: Ranges, section: SectionId): SummaryRow[] {
  return measurementsOf(data)
    .filter((m) => m.section === section)
    .map((m) => {
      const v = readMeasurement(data, m).trim();
      const verdict = judgeMeasurement(data, m, ranges);
      return {
        label: m.label,
        item: m.id,
        // A no-break space keeps a value and its unit on one line.
        value: v === '' ? (m.required ? 'Not entered' : 'Not recorded') : `${v}${m.unit ? `\u00a0${m.unit}` : ''}`,
        mark: m.range || m.judged || (m.required && v === '') ? verdict : undefined,
      };
    });
}

/** The test pack's answers that are not numbers (text, yes/no, choices) of a section's step. */
function packAnswers(d: WizardData, section: SectionId): SummaryRow[] {
  const step = SECTIONS.find((s) => s.id === section)!.step;
  return packOf(d)
    .fields.filter((f) => f.step === step && f.kind !== 'number')
    .map((f) => {
      const v = packValue(d, f);
      if (f.kind === 'yesno')
        return {
          label: f.label,
          item: `cp1.${f.key}`,
          value: yesNo(v as boolean | null),
          mark: v === null && f.required ? 'pending' : undefined,
        };
      const t = String(v ?? '');
      return {
        label: f.label,
        item: `cp1.${f.key}`,
        value: text(t),
        mark: f.required && t.trim() === '' ? 'pending' : undefined,
      };
    });
}

/** The values of one section as the review shows them, each with its unit and verdict mark. */
export function sectionRows(section: SectionId, d: WizardData, ranges: Ranges): SummaryRow[] {
  const pack = [...packAnswers(d, section), ...roomReadings(section, d, ranges)];
  const rows = standardRows(section, d, ranges);
  return pack.length ? [...rows, ...pack] : rows;
}

/** Each radiator's flow, return and ΔT, and each underfloor zone's flow, as the report prints them. */
function roomReadings(section: SectionId, d: WizardData, ranges: Ranges): SummaryRow[] {
  if ((section !== 'radiators' && section !== 'heating') || !packOf(d).roomReadings) return [];
  return reportRows(section, d, ranges)
    .filter((r) => r.id.startsWith('cp1.radiatorTemps.') || r.id.startsWith('cp1.underfloorZones.'))
    .map((r) => ({
      label: r.check,
      value: r.value,
      ...(r.result === 'pass' || r.result === 'fail' || r.result === 'pending' ? { mark: r.result } : {}),
    }));
}

function standardRows(section: SectionId, d: WizardData, ranges: Ranges): SummaryRow[] {
  switch (section) {
    case 'basicInfo':
      return [
        { label: 'Site Name', value: text(d.siteName) },
        { label: 'Address', value: text(d.address) },
        { label: 'Dwelling Type', value: text(d.dwellingType) },
        { label: 'HIU Model', item: 'hiuModel', value: text(d.hiuModel) },
        { label: 'HIU Serial', item: 'hiuSerial', value: text(d.hiuSerial) },
        { label: 'Engineer Name', value: text(d.engineerName) },
        { label: 'Start Time', value: formatDateTime(d.startTime) || 'Not recorded' },
        ...measured(d, ranges, 'basicInfo'),
      ];
    case 'initialChecks':
      return [
        ...INITIAL_CHECKS.map((c) => ({
          label: c.label,
          item: `initialChecks.${c.key}`,
          value: yesNo(d.initialChecks[c.key]),
          mark: markOf(d.initialChecks[c.key]),
        })),
        ...measured(d, ranges, 'initialChecks'),
      ];
    case 'radiators': {
      const rooms = Object.entries(d.radiators.roomChecks);
      if (stepNotApplicable(d.radiators))
        return [{ label: 'Step not applicable', value: d.radiators.notApplicableReason?.trim() || 'No reason given' }];
      if (rooms.length === 0) return [{ label: 'Step skipped', value: 'No rooms checked' }];
      return rooms.map(([room, r]) => {
        const mark = judgeRoom(r);
        if (mark === 'n/a') return { label: room, value: notApplicableText(r.notApplicableReason) };
        return {
          label: room,
          value:
            r.valveSetting.trim() === ''
              ? 'Not entered'
              : `${r.valveSetting.trim()}${r.expectedValveSetting.trim() ? ` (expected ${r.expectedValveSetting.trim()})` : ''}`,
          mark,
        };
      });
    }
    case 'dhw':
      return [
        ...measured(d, ranges, 'dhw').slice(0, 1),
        {
          label: 'Reached 45°C in 45 seconds',
          value: yesNo(d.dhwChecks.fortyFiveIn45),
          mark: markOf(d.dhwChecks.fortyFiveIn45),
        },
        ...measured(d, ranges, 'dhw').slice(1),
      ];
    case 'photosSignature': {
      const p = d.photosSignature;
      return [
        {
          label: 'Photos',
          value: p.photos.length === 0 ? 'No photos' : `${p.photos.length} photo${p.photos.length === 1 ? '' : 's'}`,
        },
        { label: 'Signature', value: p.signature ? 'Captured' : 'Missing', mark: p.signature ? 'pass' : 'pending' },
        ...measured(d, ranges, 'photosSignature'),
        {
          label: 'Remote Cut Off Valve Serial',
          item: 'remoteCutOffValveSerial',
          value: text(p.remoteCutOffValveSerial),
        },
        { label: 'Heating Controller Set', value: yesNo(p.heatingControllerSet), mark: markOf(p.heatingControllerSet) },
      ];
    }
    default:
      return measured(d, ranges, section);
  }
}

const MARKS: Record<Exclude<Mark, undefined>, { icon: string; sr: string; cls: string }> = {
  pass: { icon: '✓', sr: 'pass', cls: 'text-pass' },
  fail: { icon: '✕', sr: 'fail', cls: 'text-fail' },
  pending: { icon: '…', sr: 'pending', cls: 'text-pending' },
};

/**
 * A section's values; in a re-test, each value the reviewer marked is flagged under its label
 * (docs/product.md#my-flats), so the review shows what was to be checked again.
 */
export function SummaryList({ rows, marked }: { rows: SummaryRow[]; marked?: ReadonlySet<string> }) {
  return (
    <dl className="divide-y divide-slate-100">
      {rows.map((r) => (
        <div key={r.label} className="flex items-baseline justify-between gap-3 py-2">
          <dt className="flex min-w-0 flex-1 flex-col gap-1 text-sm text-slate-600">
            {r.label}
            {r.item && marked?.has(r.item) ? <MarkedFlag id={`review-marked-${r.item}`} /> : null}
          </dt>
          <dd className="flex max-w-[60%] items-baseline justify-end gap-1.5 text-right text-base font-medium text-slate-900">
            <span className={r.mark === 'fail' ? 'text-fail' : 'break-words'}>{r.value}</span>
            {r.mark ? (
              <span className={MARKS[r.mark].cls}>
                <span aria-hidden="true">{MARKS[r.mark].icon}</span>
                <span className="sr-only">({MARKS[r.mark].sr})</span>
              </span>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
