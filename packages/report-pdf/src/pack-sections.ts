import {
  ISSUE_OWNER_LABELS,
  formatRange,
  judge,
  missingPhotoTags,
  packMeasurementId,
  packOf,
  packValue,
  testPackName,
  type PackField,
  type Ranges,
  type SectionStatus,
  type WizardData,
} from '@hiu/domain';
import { drawTable, type Row } from './table.js';
import type { Writer } from './layout.js';

const DASH = '—';
const withUnit = (value: string, unit = '') => (unit ? `${value} ${unit}` : value);

function fieldRow(data: WizardData, f: PackField, ranges: Ranges): Row {
  const v = packValue(data, f);
  if (f.kind === 'yesno')
    return {
      check: f.label,
      value: v === true ? 'Yes' : v === false ? 'No' : DASH,
      expected: '',
      result: v === null ? 'pending' : 'recorded',
    };
  const text = typeof v === 'string' ? v.trim() : '';
  const range = f.range ? ranges[packMeasurementId(f)] : undefined;
  const judged = f.kind === 'number' && range;
  return {
    check: f.label,
    value: text ? withUnit(text, f.kind === 'number' ? f.unit : '') : DASH,
    expected: judged ? withUnit(formatRange(range), f.unit) : f.required ? '' : 'Information only',
    result: judged ? judge(text, range) : text ? (f.required ? 'recorded' : 'info') : f.required ? 'pending' : 'info',
  };
}

const statusOf = (rows: Row[]): SectionStatus =>
  rows.some((r) => r.result === 'fail') ? 'fail' : rows.some((r) => r.result === 'pending') ? 'pending' : 'pass';

/**
 * The test pack's readings (decision 190): a table per group, in step order, only for a report taken under a
 * pack beyond the standard one, then its required photos and its issues list. Groups of steps the device
 * never reached are left out.
 */
export function drawPackSections(w: Writer, data: WizardData, ranges: Ranges, failedStep: number | null) {
  const pack = packOf(data);
  if (pack.fields.length === 0) return;
  const fields = pack.fields.filter((f) => !failedStep || f.step <= failedStep);
  const groups = [...new Set(fields.map((f) => f.group))];
  for (const group of groups) {
    const rows = fields.filter((f) => f.group === group).map((f) => fieldRow(data, f, ranges));
    drawTable(w, `${testPackName(data.testPack)}: ${group}`, statusOf(rows), rows);
  }
  if (failedStep) return;
  const missing = new Set(missingPhotoTags(data));
  const photos: Row[] = pack.photoTags.map((t) => ({
    check: `Photo: ${t}`,
    value: missing.has(t) ? 'Not taken' : 'Taken',
    expected: 'Required',
    result: missing.has(t) ? 'fail' : 'pass',
  }));
  if (photos.length) drawTable(w, 'Required photos', statusOf(photos), photos);
  if (pack.issuesList) {
    const issues = data.cp1?.issues ?? [];
    const rows: Row[] = issues.length
      ? issues.map((i) => ({
          check: i.description.trim() || DASH,
          value: ISSUE_OWNER_LABELS[i.owner],
          expected: i.due ? `Due ${i.due}` : 'No due date',
          result: i.resolved ? 'resolved' : 'open',
        }))
      : [{ check: 'No issues recorded', value: '', expected: '', result: 'info' }];
    drawTable(w, 'Issues (who must act, when)', 'n/a', rows);
  }
}
