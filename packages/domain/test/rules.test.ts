import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RANGES,
  canProceed,
  canSubmit,
  defaultDesignParameters,
  designParameterErrors,
  emptyWizardData,
  evaluate,
  failureReasons,
  failureRemedies,
  outOfRangeQuestion,
  outOfRangeReadings,
  formatRange,
  isDecimalOrEmpty,
  isValidValveSerial,
  judge,
  judgeRoom,
  parseDecimal,
  rangesFor,
  skippedSteps,
  wizardDataSchema,
  type WizardData,
} from '../src/index.js';
import { passingCheck } from '../testing/check-data.js';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A check where every section passes with the default ranges. */
const passingData = (): WizardData => wizardDataSchema.parse(passingCheck());

describe('numbers', () => {
  it.each([
    ['', true, null],
    ['2', true, 2],
    ['2.50', true, 2.5],
    ['-0.5', true, -0.5],
    ['.5', true, 0.5],
    [' 3 ', true, 3],
    ['abc', false, null],
    ['1e3', false, null],
    ['1.2.3', false, null],
    ['--1', false, null],
  ])('%j: decimal-or-empty %s, parses to %s', (input, ok, parsed) => {
    expect(isDecimalOrEmpty(input)).toBe(ok);
    expect(parseDecimal(input)).toBe(parsed);
  });
});

describe('judge: ranges are inclusive; empty is pending', () => {
  const range = { min: 45, max: 48 };
  it.each([
    ['45', 'pass'],
    ['48', 'pass'],
    ['46.5', 'pass'],
    ['44.9', 'fail'],
    ['48.1', 'fail'],
    ['', 'pending'],
    ['x', 'pending'],
  ] as const)('%s -> %s', (value, verdict) => {
    expect(judge(value, range)).toBe(verdict);
  });
});

describe('default ranges come from the spec', () => {
  it.each([
    ['systemPressure', 1, 1.5],
    ['standbyFlowTemp', 45, 48],
    ['standbyReturnTemp', 40, 43],
    ['standbyFlowRate', 2, 3],
    ['heatingTertiaryFlow', 50, 55],
    ['heatingTertiaryReturn', 40, 45],
    ['heatingPrimaryFlow', 60, 70],
    ['heatingPrimaryReturn', 50, 60],
    ['heatingPower', 5, 15],
    ['dhwKitchenTap', 45, 50],
    ['dhwPrimaryFlow', 55, 65],
    ['dhwPrimaryReturn', 45, 55],
    ['dhwPower', 10, 20],
  ] as const)('%s is %d-%d', (id, min, max) => {
    expect(DEFAULT_RANGES[id]).toEqual({ min, max });
  });

  it('uses the site design parameters when set (ruling 5)', () => {
    const params = defaultDesignParameters();
    params.standby.flowTempMin = '40';
    params.tertiarySystem.pressureMax = '2';
    const ranges = rangesFor(params);
    expect(ranges.standbyFlowTemp).toEqual({ min: 40, max: 48 });
    expect(ranges.systemPressure).toEqual({ min: 1, max: 2 });
    expect(formatRange(ranges.standbyFlowRate)).toBe('2-3');
  });
});

describe('site creation defaults', () => {
  it('fills the spec values', () => {
    const p = defaultDesignParameters();
    expect(p.standby).toEqual({
      flowTempMin: '45',
      flowTempMax: '48',
      flowRateMin: '2.0',
      flowRateMax: '3.0',
      returnTempMin: '40',
      returnTempMax: '43',
    });
    expect(p.heating).toMatchObject({
      flowTempMin: '50',
      flowTempMax: '55',
      returnTempMin: '40',
      returnTempMax: '45',
      flowRateMin: '5.0',
      flowRateMax: '8.0',
    });
    expect(p.dhw).toMatchObject({
      tempMin: '55',
      tempMax: '60',
      flowTempMin: '55',
      flowTempMax: '60',
      returnTempMin: '10',
      returnTempMax: '20',
      flowRateMin: '8.0',
      flowRateMax: '12.0',
    });
    expect(p.tertiarySystem).toEqual({ pressureMin: '1.0', pressureMax: '1.5' });
    expect(p.radiatorDefaults).toEqual({
      '1b2p': { flowTemp: '50', returnTemp: '40', flowRate: '2.5' },
      '2b4p': { flowTemp: '52', returnTemp: '42', flowRate: '3.0' },
      '3b5p': { flowTemp: '54', returnTemp: '44', flowRate: '3.5' },
    });
    expect(p.radiators).toEqual({});
  });

  it('flags non-numbers and a min above its max', () => {
    const p = defaultDesignParameters();
    p.standby.flowTempMin = '50';
    p.heating.powerMax = 'lots';
    expect(designParameterErrors(p)).toEqual({
      'standby.flowTempMax': 'Max must not be below min',
      'heating.powerMax': 'Enter a number',
    });
    expect(designParameterErrors(defaultDesignParameters())).toEqual({});
  });
});

describe('valve serial: digits or NA in any case', () => {
  it.each([
    ['12345', true],
    ['0', true],
    ['NA', true],
    ['na', true],
    ['Na', true],
    [' 42 ', true],
    ['', false],
    ['N/A', false],
    ['12a', false],
    ['1.5', false],
    ['-1', false],
  ])('%j -> %s', (v, ok) => expect(isValidValveSerial(v)).toBe(ok));
});

describe('radiator rooms', () => {
  it.each([
    [{ valveSetting: '2.50', expectedValveSetting: '2.5' }, 'pass'],
    [{ valveSetting: '3', expectedValveSetting: '2.5' }, 'fail'],
    [{ valveSetting: '', expectedValveSetting: '2.5' }, 'pending'],
    [{ valveSetting: '4', expectedValveSetting: '' }, 'pass'],
  ] as const)('%j -> %s', (check, verdict) => expect(judgeRoom(check)).toBe(verdict));
});

describe('canProceed per step', () => {
  it('step 1 needs site name, model, serial and a numeric meter start', () => {
    const d = passingData();
    expect(canProceed(1, d)).toBe(true);
    expect(canProceed(1, { ...d, hiuSerial: ' ' })).toBe(false);
    expect(canProceed(1, { ...d, meterStart: '' })).toBe(false);
  });
  it('step 2 needs all four answers and a pressure', () => {
    const d = passingData();
    expect(canProceed(2, d)).toBe(true);
    expect(canProceed(2, { ...d, initialChecks: { ...d.initialChecks, meterOk: null } })).toBe(false);
    expect(canProceed(2, { ...d, initialChecks: { ...d.initialChecks, systemPressure: '' } })).toBe(false);
    // A No answer still lets Next run: that is where the failure dialog appears.
    expect(canProceed(2, { ...d, initialChecks: { ...d.initialChecks, meterOk: false } })).toBe(true);
  });
  it('step 4 needs a setting for every room', () => {
    const d = passingData();
    d.radiators.roomChecks.Kitchen = { valveSetting: '', expectedValveSetting: '2.5' };
    expect(canProceed(4, d)).toBe(false);
  });
  it('step 6 needs the 45/45 answer; CWS is optional', () => {
    const d = passingData();
    expect(canProceed(6, d)).toBe(true);
    expect(canProceed(6, { ...d, dhwChecks: { ...d.dhwChecks, cwsTemp: '' } })).toBe(true);
    expect(canProceed(6, { ...d, dhwChecks: { ...d.dhwChecks, fortyFiveIn45: null } })).toBe(false);
  });
  it('step 7 needs signature, meter end, a valid serial and controller Yes', () => {
    const d = passingData();
    expect(canProceed(7, d)).toBe(true);
    const p = d.photosSignature;
    expect(canProceed(7, { ...d, photosSignature: { ...p, signature: '' } })).toBe(false);
    expect(canProceed(7, { ...d, photosSignature: { ...p, remoteCutOffValveSerial: 'abc' } })).toBe(false);
    expect(canProceed(7, { ...d, photosSignature: { ...p, heatingControllerSet: false } })).toBe(false);
    expect(canProceed(7, { ...d, photosSignature: { ...p, photos: [] } })).toBe(true);
  });
});

describe('device failure reasons', () => {
  it('lists every No at step 2', () => {
    const d = passingData();
    d.initialChecks.bypassClosed = false;
    d.initialChecks.meterOk = false;
    expect(failureReasons(2, d, DEFAULT_RANGES)).toEqual(['Bypass valve not closed', 'Meter not OK']);
  });
  it('gives value and range for standby values out of range at step 3', () => {
    const d = passingData();
    d.standbyMode = { flowTemp: '50', returnTemp: '41', flowRate: '3.5' };
    expect(failureReasons(3, d, DEFAULT_RANGES)).toEqual([
      'Standby Flow Temperature out of range (50 °C, expected 45-48 °C)',
      'Standby Flow Rate out of range (3.5 L/min, expected 2-3 L/min)',
    ]);
  });
});

describe('evaluate: sections, issues and overall', () => {
  it('passes a complete in-range check', () => {
    const e = evaluate(passingData(), DEFAULT_RANGES);
    expect(e.overall).toBe('PASS');
    expect(Object.values(e.sections).every((s) => s === 'pass')).toBe(true);
    expect(e.issues).toEqual([]);
  });

  it('fails with the spec issue texts', () => {
    const d = passingData();
    d.initialChecks.systemPressure = '2';
    d.radiators.roomChecks.Hall = { valveSetting: '3', expectedValveSetting: '2.5' };
    d.dhwChecks.fortyFiveIn45 = false;
    d.heatingMode.powerConsumption = '16';
    const e = evaluate(d, DEFAULT_RANGES);
    expect(e.overall).toBe('FAIL');
    expect(e.issues.map((i) => i.text)).toEqual([
      'System Pressure out of range (2 bar)',
      'Hall valve setting incorrect (expected 2.5, got 3)',
      'Power Consumption out of range',
      'Failed to reach 45°C in 45 seconds',
    ]);
    expect(e.sections).toMatchObject({
      initialChecks: 'fail',
      radiators: 'fail',
      heating: 'fail',
      dhw: 'fail',
      standbyMode: 'pass',
    });
  });

  it('is pending while a required value is missing, and n/a for a skipped step 4', () => {
    const d = passingData();
    d.heatingMode.primaryFlow = '';
    d.radiators.roomChecks = {};
    const e = evaluate(d, DEFAULT_RANGES);
    expect(e.sections.heating).toBe('pending');
    expect(e.sections.radiators).toBe('n/a');
    expect(e.overall).toBe('PENDING');
    expect(skippedSteps(d)).toEqual(['Step 4 (Tertiary System Checks) was skipped.']);
  });

  it('lists missing photos as a warning that does not fail the check', () => {
    const d = passingData();
    d.photosSignature.photos = [];
    const e = evaluate(d, DEFAULT_RANGES);
    expect(e.overall).toBe('PASS');
    expect(e.issues).toEqual([{ section: 'photosSignature', text: 'No photos uploaded', severity: 'warning' }]);
  });

  it('lists no signature and an unconfirmed controller', () => {
    const d = passingData();
    d.photosSignature.signature = '';
    d.photosSignature.heatingControllerSet = null;
    const texts = evaluate(d, DEFAULT_RANGES).issues.map((i) => i.text);
    expect(texts).toEqual(['No signature provided', 'Heating controller not confirmed as set correctly']);
  });

  it('marks sections after a device failure n/a and the result FAIL', () => {
    const d = emptyWizardData();
    d.initialChecks.bypassClosed = false;
    const e = evaluate(d, DEFAULT_RANGES, 2);
    expect(e.overall).toBe('FAIL');
    expect(e.sections).toMatchObject({
      standbyMode: 'n/a',
      radiators: 'n/a',
      heating: 'n/a',
      dhw: 'n/a',
      photosSignature: 'n/a',
    });
    expect(e.issues.map((i) => i.text)).toEqual(['Bypass valve not closed']);
    expect(skippedSteps(d, 2)[0]).toMatch(/^Not carried out because the device failed at step 2: Standby Mode/);
  });

  it('judges against the site ranges, not fixed ones (ruling 5)', () => {
    const d = passingData();
    d.heatingMode.primaryFlow = '72';
    expect(evaluate(d, DEFAULT_RANGES).overall).toBe('FAIL');
    const params = defaultDesignParameters();
    params.heating.primaryFlowTempMax = '75';
    expect(evaluate(d, rangesFor(params)).overall).toBe('PASS');
  });
});

describe('canSubmit', () => {
  it('needs basic info, and notes when the result is a fail', () => {
    const ok = evaluate(passingData(), DEFAULT_RANGES);
    expect(canSubmit(ok, '')).toBe(true);
    const d = passingData();
    d.standbyMode.flowTemp = '60';
    const failed = evaluate(d, DEFAULT_RANGES);
    expect(canSubmit(failed, '  ')).toBe(false);
    expect(canSubmit(failed, 'Valve replaced next visit')).toBe(true);
    const noBasics = evaluate({ ...passingData(), hiuModel: '' }, DEFAULT_RANGES);
    expect(canSubmit(noBasics, 'x')).toBe(false);
  });
});

describe('wizard data schema', () => {
  it('rejects a value that is neither empty nor a decimal (ruling 3)', () => {
    const r = wizardDataSchema.safeParse({ standbyMode: { flowTemp: '4O' } });
    expect(r.success).toBe(false);
  });
  it('refuses photos inlined as data URLs (ruling 8)', () => {
    const r = wizardDataSchema.safeParse({
      photosSignature: { photos: [{ id: uuid(1), url: 'data:image/png;base64,AAAA', label: '' }] },
    });
    expect(r.success).toBe(false);
  });
});

describe('out-of-range question (decision 135)', () => {
  it('names the value and the range of one reading', () => {
    const d = passingData();
    d.standbyMode.flowTemp = '60';
    const readings = outOfRangeReadings(3, d, DEFAULT_RANGES);
    expect(readings.map((r) => r.id)).toEqual(['standbyFlowTemp']);
    expect(outOfRangeQuestion(readings)).toBe('60 °C is outside 45-48 °C: re-measure, or record the HIU as failed?');
  });
  it('names each reading when several are out', () => {
    const d = passingData();
    d.standbyMode = { flowTemp: '60', returnTemp: '41', flowRate: '3.5' };
    expect(outOfRangeQuestion(outOfRangeReadings(3, d, DEFAULT_RANGES))).toBe(
      'Flow Temperature 60 °C is outside 45-48 °C; Flow Rate 3.5 L/min is outside 2-3 L/min: re-measure, or record the HIU as failed?',
    );
  });
  it('has nothing to ask when every reading is in range or empty', () => {
    const d = passingData();
    d.standbyMode.flowTemp = '';
    expect(outOfRangeReadings(3, d, DEFAULT_RANGES)).toEqual([]);
  });
});

describe('failure remedies (decision 135)', () => {
  it('names only the step 2 checks that failed', () => {
    const d = passingData();
    d.initialChecks.strainerClean = false;
    expect(failureRemedies(2, d, DEFAULT_RANGES)).toEqual(['Clean the strainer.']);
  });
  it('names each standby reading out of range with its value and range', () => {
    const d = passingData();
    d.standbyMode.flowRate = '3.5';
    expect(failureRemedies(3, d, DEFAULT_RANGES)).toEqual([
      'Find why the standby Flow Rate reads 3.5 L/min (expected 2-3 L/min): check the HIU settings, the primary supply and any valve left open.',
    ]);
  });
});
