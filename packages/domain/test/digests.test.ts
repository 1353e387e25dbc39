import { describe, expect, it } from 'vitest';
import { digestPeriods, needsEngineer, nextDay } from '../src/index.js';

describe('digest periods (docs/product.md#notifications)', () => {
  it('sends the daily digest from 07:00 in London, in winter and in summer time', () => {
    expect(digestPeriods(new Date('2026-11-28T06:59:59Z')).dueDay).toBeNull();
    expect(digestPeriods(new Date('2026-11-28T07:00:00Z')).dueDay).toBe('2026-11-28');
    expect(digestPeriods(new Date('2026-11-28T23:59:59Z')).dueDay).toBe('2026-11-28');
    // British Summer Time: 07:00 in London is 06:00 UTC.
    expect(digestPeriods(new Date('2026-07-01T05:59:59Z')).dueDay).toBeNull();
    expect(digestPeriods(new Date('2026-07-01T06:00:00Z')).dueDay).toBe('2026-07-01');
    // The day is London's: 22:30 UTC on 30 June is 23:30 there, 23:30 UTC already 00:30 on 1 July (not yet 07:00).
    expect(digestPeriods(new Date('2026-06-30T22:30:00Z')).dueDay).toBe('2026-06-30');
    expect(digestPeriods(new Date('2026-06-30T23:30:00Z')).dueDay).toBeNull();
  });

  it('names the review digest by the hour that has just ended', () => {
    expect(digestPeriods(new Date('2026-11-28T10:15:00Z')).reviewHourStart).toBe('2026-11-28T09:00:00.000Z');
    expect(digestPeriods(new Date('2026-11-28T10:00:00Z')).reviewHourStart).toBe('2026-11-28T09:00:00.000Z');
    expect(digestPeriods(new Date('2026-11-29T00:05:00Z')).reviewHourStart).toBe('2026-11-28T23:00:00.000Z');
  });

  it('counts days across months, years and a leap day', () => {
    expect(nextDay('2026-11-30')).toBe('2026-12-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2027-02-28')).toBe('2027-03-01');
  });

  it('leaves a flat awaiting review out of what the engineer has to do', () => {
    expect(needsEngineer({ reviewState: 'awaiting_review' })).toBe(false);
    for (const reviewState of [null, 'sent_back', 'approved']) expect(needsEngineer({ reviewState })).toBe(true);
  });
});
