import { describe, expect, it } from 'vitest';
import { progressSentence, type SiteProgress } from '../src/index.js';

const none: SiteProgress = { total: 0, passed: 0, failed: 0, pending: 0, inProgress: 0, notStarted: 0 };

describe('progressSentence', () => {
  it.each([
    [{ total: 200, passed: 143, failed: 9, notStarted: 48 }, '143 of 200 commissioned, 9 failed'],
    [{ total: 200, passed: 200 }, '200 of 200 commissioned'],
    [{ total: 5, notStarted: 5 }, '0 of 5 commissioned'],
    [
      { total: 10, passed: 4, failed: 1, pending: 2, inProgress: 3 },
      '4 of 10 commissioned, 1 failed, 2 incomplete, 3 in progress',
    ],
  ])('%o reads "%s"', (counts, sentence) => {
    expect(progressSentence({ ...none, ...counts })).toBe(sentence);
  });
});
