import { describe, expect, it } from 'vitest';
import { passingCheck, passingCp1Check } from '../testing/check-data.js';
import { wizardDataSchema } from '../src/schemas/wizard-data.js';
import { rangesFor } from '../src/rules/ranges.js';
import { markableItemsFailingFirst } from '../src/review/failing-items.js';
import { markableItemId } from '../src/schemas/team.js';
import { carriedIdentity } from '../src/packs/carried-identity.js';
import { identityFieldsOf, PACK_IDENTITY_FIELDS } from '../src/packs/identity-fields.js';

const ranges = rangesFor(undefined);

describe("a test pack's device identity in a re-test", () => {
  it("is the heat meter's make, model and serial, and from version 3 the in-home display's serial", () => {
    expect(identityFieldsOf({ testPack: { id: 'cp1-ts1', version: 1 } }).map((f) => f.key)).toEqual([
      'meterMake',
      'meterModel',
      'meterSerial',
    ]);
    expect(identityFieldsOf({ testPack: { id: 'cp1-ts1', version: 3 } }).map((f) => f.key)).toEqual([
      'meterMake',
      'meterModel',
      'meterSerial',
      'inHomeDisplaySerial',
    ]);
    expect(identityFieldsOf({})).toEqual([]);
    expect(PACK_IDENTITY_FIELDS.map((f) => f.key)).toEqual([
      'meterMake',
      'meterModel',
      'meterSerial',
      'inHomeDisplaySerial',
    ]);
  });

  it('carries the earlier values over, except blank ones and those the reviewer marked', () => {
    const earlier = {
      meterMake: 'Kamstrup',
      meterModel: 'MULTICAL 403',
      meterSerial: 'KM-1',
      inHomeDisplaySerial: ' ',
    };
    expect(carriedIdentity(earlier, ['cp1.meterSerial', 'hiuSerial'])).toEqual({
      meterMake: 'Kamstrup',
      meterModel: 'MULTICAL 403',
    });
    expect(carriedIdentity(undefined, [])).toEqual({});
  });

  it('may be marked by the reviewer on a pack report, and is not offered on a standard one', () => {
    expect(markableItemId.safeParse('cp1.meterSerial').success).toBe(true);
    expect(markableItemId.safeParse('cp1.baselineEnergy').success).toBe(false);
    const pack = markableItemsFailingFirst(wizardDataSchema.parse(passingCp1Check()), ranges);
    expect(pack.find((i) => i.item.id === 'cp1.meterSerial')).toMatchObject({
      value: 'KM-77120',
      failing: false,
      item: { label: 'Basic Information: Heat meter serial' },
    });
    const standard = markableItemsFailingFirst(wizardDataSchema.parse(passingCheck()), ranges);
    expect(standard.some((i) => i.item.id.startsWith('cp1.'))).toBe(false);
  });
});
