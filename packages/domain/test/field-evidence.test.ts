import { describe, expect, it } from 'vitest';
import {
  canProceed,
  evaluate,
  formatLocation,
  formatSeconds,
  fortyFiveReasonMissing,
  isFortyFiveOverridden,
  rangesFor,
  stepStamps,
  stopwatchFace,
  stopwatchSeconds,
  timedFortyFiveAnswer,
  wizardDataSchema,
  type WizardDataInput,
} from '../src/index.js';

const data = (input: WizardDataInput = {}) => wizardDataSchema.parse(input);
const dhw = (over: WizardDataInput['dhwChecks']) => data({ dhwChecks: over }).dhwChecks;

describe('the timed 45 °C test', () => {
  it.each([
    ['', null],
    ['abc', null],
    ['0', true],
    ['44.9', true],
    ['45', true],
    ['45.0', true],
    ['45.1', false],
    ['120', false],
  ])('%j seconds answer %j', (seconds, answer) => {
    expect(timedFortyFiveAnswer(seconds)).toBe(answer);
  });

  it.each([
    ['2026-03-02T10:00:00.000Z', Date.parse('2026-03-02T10:00:38.440Z'), 38.4],
    ['2026-03-02T10:00:00.000Z', Date.parse('2026-03-02T10:00:45.000Z'), 45],
    ['2026-03-02T10:00:00.000Z', Date.parse('2026-03-02T10:00:45.060Z'), 45.1],
    ['2026-03-02T10:00:00.000Z', Date.parse('2026-03-02T09:59:00.000Z'), 0],
    ['not a date', 0, 0],
  ])('started %s, now %d: %d s', (start, now, seconds) => {
    expect(stopwatchSeconds(start, now)).toBe(seconds);
  });

  it.each([
    ['', ''],
    ['-1', ''],
    ['0', '0.0 s'],
    ['38.44', '38.4 s'],
    ['45', '45.0 s'],
    ['59.96', '1 min 00.0 s'],
    ['65', '1 min 05.0 s'],
    [125.5, '2 min 05.5 s'],
  ])('formats %j as %j', (seconds, text) => {
    expect(formatSeconds(seconds)).toBe(text);
  });

  it.each([
    [0, '0:00'],
    [7.9, '0:07'],
    [62, '1:02'],
    [-3, '0:00'],
  ])('stopwatch face for %d s is %s', (s, face) => {
    expect(stopwatchFace(s)).toBe(face);
  });

  it('an answer against the stopwatch is an override that needs a reason', () => {
    expect(isFortyFiveOverridden(dhw({ fortyFiveSeconds: '50', fortyFiveIn45: false }))).toBe(false);
    expect(isFortyFiveOverridden(dhw({ fortyFiveSeconds: '50', fortyFiveIn45: true }))).toBe(true);
    expect(fortyFiveReasonMissing(dhw({ fortyFiveSeconds: '50', fortyFiveIn45: true }))).toBe(true);
    expect(
      fortyFiveReasonMissing(dhw({ fortyFiveSeconds: '50', fortyFiveIn45: true, fortyFiveOverrideReason: '  ' })),
    ).toBe(true);
    expect(
      fortyFiveReasonMissing(dhw({ fortyFiveSeconds: '50', fortyFiveIn45: true, fortyFiveOverrideReason: 'x' })),
    ).toBe(false);
    // Untimed: the Yes/No alone is the answer, as before the stopwatch.
    expect(isFortyFiveOverridden(dhw({ fortyFiveIn45: false }))).toBe(false);
  });

  it('step 6 waits for the reason, and the review shows the DHW section pending until then', () => {
    const filled = {
      cwsTemp: '10',
      dhwKitchenTap: '48',
      primaryFlow: '60',
      primaryReturn: '50',
      dhwPower: '15',
      fortyFiveSeconds: '30',
    };
    const ranges = rangesFor(undefined);
    const overridden = data({ dhwChecks: { ...filled, fortyFiveIn45: false } });
    expect(canProceed(6, overridden)).toBe(false);
    expect(evaluate(overridden, ranges).sections.dhw).toBe('pending');
    expect(evaluate(overridden, ranges).issues.map((i) => i.text)).toContain(
      '45°C answer: Give a reason for changing the timed answer',
    );
    const explained = data({ dhwChecks: { ...filled, fortyFiveIn45: false, fortyFiveOverrideReason: 'Slow' } });
    expect(canProceed(6, explained)).toBe(true);
    const agreed = data({ dhwChecks: { ...filled, fortyFiveIn45: true } });
    expect(canProceed(6, agreed)).toBe(true);
  });
});

describe('evidence stamps', () => {
  it('old drafts and reports without the new fields still parse, with empty evidence', () => {
    const old = data({ dhwChecks: { fortyFiveIn45: true } });
    expect(old.stepCompletedAt).toEqual({});
    expect(old.submitLocation).toBeNull();
    expect(old.dhwChecks).toMatchObject({ fortyFiveSeconds: '', fortyFiveStartedAt: '', fortyFiveOverrideReason: '' });
  });

  it('lists completed steps in step order, whatever order they were stamped in', () => {
    const d = data({
      stepCompletedAt: { dhw: '2026-03-02T10:01:00.000Z', 'basic-info': '2026-03-02T09:05:00.000Z' },
    });
    expect(stepStamps(d)).toEqual([
      { number: 1, name: 'Basic Information', at: '2026-03-02T09:05:00.000Z' },
      { number: 6, name: 'DHW Checks', at: '2026-03-02T10:01:00.000Z' },
    ]);
  });

  it.each([
    [{ stepCompletedAt: { nope: '2026-03-02T10:01:00.000Z' } }, 'stepCompletedAt'],
    [{ stepCompletedAt: { dhw: 'yesterday' } }, 'stepCompletedAt'],
    [{ submitLocation: { latitude: 91, longitude: 0, accuracy: 5, at: '2026-03-02T10:01:00.000Z' } }, 'submitLocation'],
    [{ submitLocation: { latitude: 1, longitude: 0, accuracy: -1, at: '2026-03-02T10:01:00.000Z' } }, 'submitLocation'],
    [{ dhwChecks: { fortyFiveSeconds: 'fast' } }, 'dhwChecks'],
    [{ dhwChecks: { fortyFiveStartedAt: 'now' } }, 'dhwChecks'],
  ])('refuses %j', (input, path) => {
    const parsed = wizardDataSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path[0]).toBe(path);
  });

  it.each([
    [null, 'Not recorded'],
    [
      { latitude: 51.507412, longitude: -0.127796, accuracy: 12.6, at: '2026-07-02T10:25:00.000Z' },
      '51.50741, -0.12780 (±13 m) at 02/07/2026, 11:25',
    ],
    [
      { latitude: -33.8688, longitude: 151.2093, accuracy: 0, at: '2026-01-02T10:25:00.000Z' },
      '-33.86880, 151.20930 (±0 m) at 02/01/2026, 10:25',
    ],
  ])('location %j reads %j', (location, text) => {
    expect(formatLocation(location)).toBe(text);
  });
});
