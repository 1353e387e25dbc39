import { describe, expect, it } from 'vitest';
import { basicInfoProblems, defaultDesignParameters, evaluate, rangesFor, wizardDataSchema } from '../src/index.js';
import { passingCheck, passingCp1Check } from '../testing/check-data.js';

const standard = wizardDataSchema.parse(passingCheck());
const cp1 = wizardDataSchema.parse(passingCp1Check());
const pending = (data: typeof standard) =>
  evaluate(data, rangesFor(defaultDesignParameters(), data.testPack)).sections.basicInfo === 'pending';

describe('why basic information is pending', () => {
  it('is nothing for a complete step 1, standard or under a pack', () => {
    expect(basicInfoProblems(standard)).toEqual({});
    expect(basicInfoProblems(cp1)).toEqual({});
  });

  it('names every blank required entry by its place in the check', () => {
    const data = { ...standard, siteName: ' ', hiuSerial: '', meterStart: '' };
    expect(basicInfoProblems(data)).toEqual({ siteName: 'Required', hiuSerial: 'Required', meterStart: 'Required' });
    expect(pending(data)).toBe(true);
  });

  it('says a reading is not a number only when nothing is blank', () => {
    expect(basicInfoProblems({ ...standard, meterStart: '12abc' })).toEqual({ meterStart: 'Must be a number' });
    expect(basicInfoProblems({ ...standard, hiuModel: '', meterStart: '12abc' })).toEqual({ hiuModel: 'Required' });
  });

  it("names a pack's blank step-1 field, which keeps basic information pending too", () => {
    const data = wizardDataSchema.parse(passingCp1Check({ cp1: { meterMake: '' } }));
    expect(pending(data)).toBe(true);
    expect(basicInfoProblems(data)).toEqual({ 'cp1.meterMake': 'Required' });
  });
});
