import { describe, expect, it } from 'vitest';
import { evaluate, OVERALL_STATUSES, overallStatusSchema, rangesFor, wizardDataSchema } from '../src/index.js';
import { passingCheck } from '../testing/check-data.js';

describe("a report's overall result", () => {
  it('is one list: what the rule book gives is what the API accepts, and nothing else', () => {
    expect(OVERALL_STATUSES).toEqual(['PASS', 'FAIL', 'PENDING']);
    for (const status of OVERALL_STATUSES) expect(overallStatusSchema.parse(status)).toBe(status);
    expect(overallStatusSchema.safeParse('pass').success).toBe(false);
    expect(overallStatusSchema.safeParse('N/A').success).toBe(false);
  });

  it('of a passing check is PASS, one of the list', () => {
    const overall = evaluate(wizardDataSchema.parse(passingCheck()), rangesFor(undefined)).overall;
    expect(overall).toBe('PASS');
    expect(OVERALL_STATUSES).toContain(overall);
  });
});
