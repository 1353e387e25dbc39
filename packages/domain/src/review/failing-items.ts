import { MEASUREMENTS } from '../rules/catalogue.js';
import { judgeMeasurement } from '../rules/evaluate.js';
import type { Range } from '../rules/range-and-verdict.js';
import type { Ranges } from '../rules/ranges.js';
import type { WizardData } from '../schemas/wizard-data.js';
import { markableItemsOf, markedValue, type MarkableItem } from './markable-items.js';

// Which marked items failed: the send-back dialog lists them first. Apart from the items' labels, which home reads
// without the rule book's judging code.

// A report carries the ranges it was judged with as a plain record (ReportDetail.ranges).
type JudgedRanges = Readonly<Record<string, Range>>;

/** Whether the item failed the check: a No answer, or a reading outside the range it was judged with. */
export function itemFails(data: WizardData, ranges: JudgedRanges, item: MarkableItem): boolean {
  if (item.kind === 'answer') return markedValue(data, item) === 'No';
  const m = MEASUREMENTS.find((x) => x.id === item.id);
  return m ? judgeMeasurement(data, m, ranges as Ranges) === 'fail' : false;
}

/** Every markable item with its value, the failing ones first (each group in step order). */
export function markableItemsFailingFirst(data: WizardData, ranges: JudgedRanges) {
  const all = markableItemsOf(data).map((item) => ({
    item,
    value: markedValue(data, item),
    failing: itemFails(data, ranges, item),
  }));
  return [...all.filter((i) => i.failing), ...all.filter((i) => !i.failing)];
}
