import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RANGES,
  NO_ROOMS_MISSING,
  ROOM_TEMPLATES,
  STEP_REASON_LABEL,
  STEP_REASON_MESSAGE,
  bedroomsOf,
  canProceed,
  evaluate,
  missingForNext,
  radiatorReasonProblems,
  reportCsvRow,
  roomChecksFor,
  roomNameProblem,
  roomSource,
  roomsForDwellingType,
  sectionRows,
  skippedSteps,
  wizardDataSchema,
  type WizardData,
} from '../src/index.js';
import { passingCheck } from '../testing/check-data.js';

const passingData = (): WizardData => wizardDataSchema.parse(passingCheck());
const oneBed = ['Hall', 'Living Room', 'Kitchen', 'Bedroom 1'];

describe("step 4's rooms by dwelling type, when the site sets none", () => {
  it.each([
    ['1b2p', 1],
    ['2b4p', 2],
    ['3B5P', 3],
    ['4b6p', 4],
    ['2 bed', 2],
    ['1-Bed', 1],
    ['Studio', 0],
    ['studio flat', 0],
    ['Type A', null],
    ['', null],
    ['b2p', null],
  ] as const)('%j has %j bedrooms', (type, bedrooms) => expect(bedroomsOf(type)).toBe(bedrooms));

  it('a one-bed flat is not asked for a second bedroom', () => {
    expect(roomsForDwellingType('1b2p')).toEqual(oneBed);
    expect(roomsForDwellingType('1b2p')).not.toContain('Bedroom 2');
    expect(roomsForDwellingType('Studio')).toEqual([...ROOM_TEMPLATES[0].rooms]);
  });

  it('a flat with more bedrooms than the three-bed template gets each one before the bathrooms', () => {
    expect(roomsForDwellingType('4b6p')).toEqual([
      'Hall',
      'Living Room',
      'Kitchen',
      'Bedroom 1',
      'Bedroom 2',
      'Bedroom 3',
      'Bedroom 4',
      'Bathroom',
      'En-suite',
    ]);
  });

  it('starts from the site design, else the type, else no rooms for the engineer to add', () => {
    const design = { '1b2p': { Lounge: { expectedValveSetting: '3' } } };
    expect(roomSource(design, '1b2p')).toBe('site');
    expect(roomChecksFor(design, '1b2p')).toEqual({ Lounge: { valveSetting: '', expectedValveSetting: '3' } });
    expect(roomSource({}, '1b2p')).toBe('type');
    expect(roomChecksFor({}, '1b2p')).toEqual(
      Object.fromEntries(oneBed.map((room) => [room, { valveSetting: '', expectedValveSetting: '' }])),
    );
    expect(roomSource({}, 'Type A')).toBe('none');
    expect(roomChecksFor({}, 'Type A')).toEqual({});
  });
});

describe('a room the engineer adds', () => {
  it.each([
    ['Study', null],
    ['  ', "Enter the room's name"],
    ['kitchen', 'This flat already has a room called Kitchen'],
    [' Hall ', 'This flat already has a room called Hall'],
    ['x'.repeat(79), null],
    ['x'.repeat(80), null],
    ['x'.repeat(81), "A room's name is at most 80 characters"],
  ] as const)('%j -> %j', (name, problem) => expect(roomNameProblem(['Hall', 'Kitchen'], name)).toBe(problem));
});

describe('step 4 not applicable, a room or the whole step', () => {
  it('with no rooms, Next asks for a room or the step marked not applicable', () => {
    const d = passingData();
    d.radiators = { roomChecks: {} };
    expect(canProceed(4, d)).toBe(false);
    expect(missingForNext(4, d)).toEqual([NO_ROOMS_MISSING]);
  });

  it('the whole step needs its reason: blank and spaces wait, a word lets Next on', () => {
    const d = passingData();
    d.radiators = { roomChecks: {}, notApplicable: true, notApplicableReason: ' ' };
    expect(missingForNext(4, d)).toEqual([STEP_REASON_LABEL]);
    expect(radiatorReasonProblems(d.radiators)).toEqual([
      { path: 'radiators.notApplicableReason', message: STEP_REASON_MESSAGE },
    ]);
    expect(evaluate(d, DEFAULT_RANGES).sections.radiators).toBe('pending');
    d.radiators.notApplicableReason = 'Underfloor heating only';
    expect(canProceed(4, d)).toBe(true);
    expect(radiatorReasonProblems(d.radiators)).toEqual([]);
    const e = evaluate(d, DEFAULT_RANGES);
    expect(e.sections.radiators).toBe('n/a');
    expect(e.overall).toBe('PASS');
    expect(skippedSteps(d)).toEqual(['Step 4 (Tertiary System Checks) not applicable: Underfloor heating only']);
  });

  it('a room not applicable is not judged and needs its reason instead of a setting', () => {
    const d = passingData();
    d.radiators.roomChecks = {
      Hall: { valveSetting: '2.5', expectedValveSetting: '2.5' },
      Kitchen: { valveSetting: '', expectedValveSetting: '2.5', notApplicable: true, notApplicableReason: '' },
    };
    expect(missingForNext(4, d)).toEqual(['Why Kitchen is not applicable']);
    expect(radiatorReasonProblems(d.radiators)).toEqual([
      { path: 'radiators.roomChecks.Kitchen.notApplicableReason', message: 'Say why Kitchen is not applicable' },
    ]);
    expect(evaluate(d, DEFAULT_RANGES).sections.radiators).toBe('pending');
    d.radiators.roomChecks.Kitchen!.notApplicableReason = 'Towel rail, no valve';
    expect(canProceed(4, d)).toBe(true);
    const e = evaluate(d, DEFAULT_RANGES);
    expect(e.sections.radiators).toBe('pass');
    expect(e.issues).toEqual([]);
    expect(sectionRows('radiators', d, DEFAULT_RANGES)[1]).toMatchObject({
      check: 'Kitchen valve setting',
      value: 'Not applicable: Towel rail, no valve',
      result: 'info',
    });
  });

  it('every room not applicable makes the step not applicable', () => {
    const d = passingData();
    d.radiators.roomChecks = {
      Hall: { valveSetting: '', expectedValveSetting: '', notApplicable: true, notApplicableReason: 'No radiator' },
    };
    expect(evaluate(d, DEFAULT_RANGES).sections.radiators).toBe('n/a');
  });

  it('the CSV says why', () => {
    const d = passingData();
    const row = (data: WizardData) =>
      reportCsvRow({
        wizardData: data,
        propertyAddress: '1 Test Street',
        siteName: 'Site',
        dwellingType: '1b2p',
        hiuModel: 'M',
        hiuSerial: 'S',
        engineerName: 'E',
        overallStatus: 'PASS',
        startTime: '2026-11-28T10:00:00.000Z',
        completedAt: '2026-11-28T11:00:00.000Z',
        notes: '',
      } as Parameters<typeof reportCsvRow>[0]);
    d.radiators = { roomChecks: {}, notApplicable: true, notApplicableReason: 'No radiators' };
    expect(row(d)).toContain('Not applicable: No radiators');
    d.radiators = {
      roomChecks: {
        Hall: { valveSetting: '', expectedValveSetting: '', notApplicable: true, notApplicableReason: 'Boxed in' },
      },
    };
    expect(row(d)).toContain('Hall: Not applicable: Boxed in');
  });

  it("an older check's step 4 keeps its shape when read: nothing added", () => {
    const old = wizardDataSchema.parse(passingCheck());
    expect(old.radiators).toEqual({ roomChecks: { Hall: { valveSetting: '2.5', expectedValveSetting: '2.5' } } });
  });
});
