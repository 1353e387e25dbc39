import { describe, expect, it } from 'vitest';
import {
  analysisCsvColumns,
  analysisCsvRow,
  DEFAULT_RANGES,
  dwellingRoomReadings,
  lowestRadiatorDeltaT,
  radiatorReadings,
  wizardDataSchema,
  zoneReadings,
  type WizardData,
} from '@hiu/domain';
import { passingCheck, passingCp1Check } from '@hiu/domain/testing';

const V3 = { id: 'cp1-ts1', version: 3 };
const check = (cp1: Record<string, unknown>): WizardData =>
  wizardDataSchema.parse(passingCp1Check({ testPack: V3, cp1 } as Parameters<typeof passingCp1Check>[0]));
const rooms = (
  temps: Record<string, { flow?: string; return?: string }>,
  zones: { name?: string; flowRate?: string }[] = [],
) => ({ radiatorTemps: temps, underfloorZones: zones });

/** An analysis.csv row of this check, as a map from column to cell. */
function analysisCells(data: WizardData): Record<string, string> {
  const row = analysisCsvRow({
    reference: 'HIU-1',
    siteName: 'Birch Court',
    siteLocation: 'Leeds',
    propertyAddress: 'Flat 1',
    dwellingType: '2b4p',
    hiuModel: 'M',
    hiuSerial: 'S',
    engineerName: 'Erin',
    startTime: '2026-03-02T09:00:00.000Z',
    completedAt: '2026-03-02T10:00:00.000Z',
    overallStatus: 'PASS',
    failedStep: null,
    failureReasons: [],
    ranges: DEFAULT_RANGES,
    wizardData: data,
  });
  const columns = analysisCsvColumns();
  expect(row).toHaveLength(columns.length);
  return Object.fromEntries(columns.map((c, i) => [c, row[i]!]));
}

const RADIATORS = 'CP1/TS1 acceptance: Radiators: flow / return (°C), ΔT (K)';
const LOWEST = 'CP1/TS1 acceptance: Radiators: lowest ΔT (K)';
const ZONES = 'CP1/TS1 acceptance: Underfloor zones: flow (L/min)';

// docs/product.md#test-packs: each radiator's ΔT and each zone's flow, as every export lists them.
describe('radiator and underfloor zone readings for the exports', () => {
  it('lists each radiator with a reading, its ΔT and verdict, in step 4 order', () => {
    const data = rooms({ Hall: { flow: '55', return: '45' }, Kitchen: { flow: '50' }, Bedroom: {} });
    expect(radiatorReadings(data)).toEqual([
      { room: 'Hall', flow: 55, return: 45, deltaT: 10, verdict: 'pass' },
      { room: 'Kitchen', flow: 50, return: null, deltaT: null, verdict: 'not_entered' },
    ]);
  });

  it.each([
    ['at the limit', '45', 0, 'pass'],
    ['just inside', '44.9', 0.1, 'pass'],
    ['just outside', '45.1', -0.1, 'fail'],
  ] as const)('judges a return %s of its flow (45 °C, return %s °C): ΔT %s K, %s', (_w, ret, deltaT, verdict) => {
    expect(radiatorReadings(rooms({ Hall: { flow: '45', return: ret } }))).toEqual([
      { room: 'Hall', flow: 45, return: Number(ret), deltaT, verdict },
    ]);
  });

  it('takes the lowest ΔT of the radiators, the one the rule turns on; none until one has both readings', () => {
    expect(
      lowestRadiatorDeltaT(rooms({ Hall: { flow: '55', return: '45' }, Bed: { flow: '50', return: '48.5' } })),
    ).toBe(1.5);
    expect(lowestRadiatorDeltaT(rooms({ Hall: { flow: '55' } }))).toBeNull();
    expect(lowestRadiatorDeltaT({})).toBeNull();
  });

  it('lists each zone with a name or a flow, as numbers, recorded and not judged', () => {
    expect(
      zoneReadings(rooms({}, [{ name: ' Bathroom ', flowRate: '2.5' }, { name: '', flowRate: '' }, { name: 'Hall' }])),
    ).toEqual([
      { name: 'Bathroom', flowRate: 2.5 },
      { name: 'Hall', flowRate: null },
    ]);
  });

  it('analysis.csv has the radiators, the lowest ΔT with its range and verdict, and the zones', () => {
    const pass = analysisCells(
      check({
        radiatorTemps: { Hall: { flow: '55', return: '45' }, Bed: { flow: '50', return: '48' } },
        underfloorZones: [{ name: 'Bathroom', flowRate: '2.5' }],
      }),
    );
    expect(pass[RADIATORS]).toBe('Hall: 55/45 °C, ΔT 10 K; Bed: 50/48 °C, ΔT 2 K');
    expect([pass[LOWEST], pass[`${LOWEST} Min`], pass[`${LOWEST} Max`], pass[`${LOWEST} Verdict`]]).toEqual([
      '2',
      '0',
      '',
      'PASS',
    ]);
    expect(pass[ZONES]).toBe('Bathroom: 2.5 L/min');
    // A hotter return cannot be submitted (a contradiction), but a stored one still reads as it was judged.
    const fail = analysisCells({
      ...check({}),
      cp1: { ...check({}).cp1, radiatorTemps: { Hall: { flow: '45', return: '45.1' } } },
    } as WizardData);
    expect([fail[LOWEST], fail[`${LOWEST} Verdict`]]).toEqual(['-0.1', 'FAIL']);
  });

  it('analysis.csv leaves them empty for a report without them, after every other column', () => {
    const cells = analysisCells(wizardDataSchema.parse(passingCheck()));
    expect([cells[RADIATORS], cells[LOWEST], cells[`${LOWEST} Min`], cells[`${LOWEST} Verdict`], cells[ZONES]]).toEqual(
      ['', '', '', '', ''],
    );
    expect(analysisCsvColumns().slice(-6)).toEqual([
      RADIATORS,
      LOWEST,
      `${LOWEST} Min`,
      `${LOWEST} Max`,
      `${LOWEST} Verdict`,
      ZONES,
    ]);
  });

  it('dwellings.json has each radiator with units, range and verdict, and each zone with its unit', () => {
    const d = check({
      radiatorTemps: { Hall: { flow: '55', return: '45' } },
      underfloorZones: [{ name: 'Bathroom', flowRate: '2.5' }],
    });
    expect(dwellingRoomReadings(d)).toEqual({
      radiators: [
        {
          room: 'Hall',
          flow: 55,
          return: 45,
          unit: '°C',
          deltaT: 10,
          deltaTUnit: 'K',
          range: { min: 0, max: null },
          verdict: 'pass',
        },
      ],
      underfloorZones: [{ name: 'Bathroom', flowRate: 2.5, unit: 'L/min' }],
    });
    expect(dwellingRoomReadings(wizardDataSchema.parse(passingCheck()))).toEqual({
      radiators: [],
      underfloorZones: [],
    });
  });
});
