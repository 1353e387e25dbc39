import { describe, expect, it } from 'vitest';
import { passingCheck } from '../testing/check-data.js';
import { wizardDataSchema } from '../src/schemas/wizard-data.js';
import { rangesFor } from '../src/rules/ranges.js';
import { markableItemsFailingFirst } from '../src/review/failing-items.js';
import { markableItemId } from '../src/schemas/team.js';

const ranges = rangesFor(undefined);

describe('what a reviewer may mark when sending a report back', () => {
  it('offers the yes/no answers as well as the recorded values', () => {
    expect(markableItemId.safeParse('initialChecks.strainerClean').success).toBe(true);
    expect(markableItemId.safeParse('hiuSerial').success).toBe(true);
    expect(markableItemId.safeParse('photosSignature').success).toBe(false);
  });

  it('lists a No answer and a reading out of range first, as failing, with the answer in words', () => {
    const data = wizardDataSchema.parse(passingCheck());
    data.initialChecks.strainerClean = false;
    data.standbyMode.flowTemp = '99';
    const items = markableItemsFailingFirst(data, ranges);
    expect(items.slice(0, 2).map((i) => [i.item.id, i.value, i.failing])).toEqual([
      ['initialChecks.strainerClean', 'No', true],
      ['standbyFlowTemp', '99', true],
    ]);
    expect(items.slice(2).every((i) => !i.failing)).toBe(true);
    expect(items.find((i) => i.item.id === 'initialChecks.bypassClosed')).toMatchObject({
      value: 'Yes',
      item: { label: 'Initial Checks: Bypass valve closed' },
    });
  });
});
