import { INITIAL_CHECKS, MEASUREMENTS, SECTIONS, type InitialCheckKey } from '../rules/catalogue.js';
import { judgeMeasurement } from '../rules/evaluate.js';
import type { Range } from '../rules/range-and-verdict.js';
import type { Ranges } from '../rules/ranges.js';
import type { WizardData } from '../schemas/wizard-data.js';
import { CORRECTABLE_FIELDS, correctableField, correctableValue } from './corrections.js';

/**
 * What a reviewer may mark when sending a report back: the recorded values a correction can change, and the
 * yes/no answers, which are evidence and only re-tested. The engineer's re-test shows the marked items.
 */
export interface MarkableItem {
  id: string;
  label: string;
  unit: string;
  kind: 'answer' | 'value';
}

const initialChecksTitle = SECTIONS.find((s) => s.id === 'initialChecks')?.title ?? '';
const answerId = (key: InitialCheckKey) => `initialChecks.${key}`;

const [model, serial, ...readings] = CORRECTABLE_FIELDS.map((f): MarkableItem => ({
  id: f.id,
  label: f.label,
  unit: f.unit,
  kind: 'value',
}));

/** In step order: the HIU's model and serial, the step 2 answers, then the readings. */
export const MARKABLE_ITEMS: readonly MarkableItem[] = [
  model!,
  serial!,
  ...INITIAL_CHECKS.map((c): MarkableItem => ({
    id: answerId(c.key),
    label: `${initialChecksTitle}: ${c.label}`,
    unit: '',
    kind: 'answer',
  })),
  ...readings,
];

/** Every item's id, for the send-back body's schema (schemas/team.ts): this module loads no schema library. */
export const MARKABLE_ITEM_IDS = MARKABLE_ITEMS.map((i) => i.id) as [string, ...string[]];

export function markableItem(id: string): MarkableItem | undefined {
  return MARKABLE_ITEMS.find((i) => i.id === id);
}

/** The item's answer or value as the report shows it ('' when not recorded). */
export function markedValue(data: WizardData, item: MarkableItem): string {
  if (item.kind === 'answer') {
    const v = data.initialChecks[item.id.slice('initialChecks.'.length) as InitialCheckKey];
    return v === true ? 'Yes' : v === false ? 'No' : '';
  }
  const field = correctableField(item.id);
  return field ? correctableValue(data, field) : '';
}

/** Whether the item failed the check: a No answer, or a reading outside the range it was judged with. */
// A report carries the ranges it was judged with as a plain record (ReportDetail.ranges).
type JudgedRanges = Readonly<Record<string, Range>>;

export function itemFails(data: WizardData, ranges: JudgedRanges, item: MarkableItem): boolean {
  if (item.kind === 'answer') return markedValue(data, item) === 'No';
  const m = MEASUREMENTS.find((x) => x.id === item.id);
  return m ? judgeMeasurement(data, m, ranges as Ranges) === 'fail' : false;
}

/** Every markable item with its value, the failing ones first (each group in step order). */
export function markableItemsFailingFirst(data: WizardData, ranges: JudgedRanges) {
  const all = MARKABLE_ITEMS.map((item) => ({
    item,
    value: markedValue(data, item),
    failing: itemFails(data, ranges, item),
  }));
  return [...all.filter((i) => i.failing), ...all.filter((i) => !i.failing)];
}
