import type { WizardData } from '../schemas/wizard-data.js';
import { MEASUREMENTS, SECTIONS, type Measurement, type RangedMeasurementId } from '../rules/catalogue.js';
import { formatNumber, judge, type Ranges } from '../rules/ranges.js';
import { readMeasurement } from '../rules/read-measurement.js';
import { csvLine, neutraliseCsvCell } from './report-csv.js';
import { packMeasurements, TEST_PACK_LABELS, testPackVersions } from '../packs/test-packs.js';
import { TEST_PACK_IDS, type TestPackId } from '../packs/test-pack-types.js';
import {
  judgeRadiatorDeltaT,
  lowestRadiatorDeltaT,
  RADIATOR_DELTA_T,
  radiatorTempsText,
  zoneFlowsText,
  type RoomReadingsData,
} from '../packs/room-readings.js';

/** What one analysis row is built from: the stored report. */
export interface AnalysisCsvInput {
  reference: string;
  siteName: string;
  siteLocation: string;
  propertyAddress: string;
  dwellingType: string;
  hiuModel: string;
  hiuSerial: string;
  engineerName: string;
  startTime: string;
  completedAt: Date | string;
  overallStatus: string;
  failedStep: number | null;
  failureReasons: string[];
  ranges: Ranges;
  wizardData: WizardData;
}

const all = MEASUREMENTS as readonly Measurement[];
const sectionTitle = (m: Measurement) => SECTIONS.find((s) => s.id === m.section)!.title;
/** "Standby Mode: Flow Temperature (°C)" */
const readingName = (m: Measurement) => `${sectionTitle(m)}: ${m.label}${m.unit ? ` (${m.unit})` : ''}`;

type PackReading = Measurement & { packLabel: string };
let known: { versions: number; readings: PackReading[] } | undefined;

/**
 * Every test pack's numeric readings, of every version (the newest's first, then any an older one dropped): the
 * columns after the standard readings, so a report of any pack finds its readings, and no column moves.
 */
function packReadings(): PackReading[] {
  const packs = TEST_PACK_IDS.filter((id) => id !== 'standard').flatMap((id) => testPackVersions(id).reverse());
  if (known?.versions === packs.length) return known.readings;
  const byId = new Map<string, PackReading>();
  for (const pack of packs)
    for (const m of packMeasurements(pack))
      if (!byId.has(m.id)) byId.set(m.id, { ...m, packLabel: TEST_PACK_LABELS[pack.id as TestPackId] });
  known = { versions: packs.length, readings: [...byId.values()] };
  return known.readings;
}

/** "CP1/TS1 acceptance: Heating Mode: Keep-warm return (°C)" */
const packReadingName = (m: PackReading) => `${m.packLabel}: ${readingName(m)}`;

/**
 * The readings a pack takes per radiator and per underfloor zone (docs/product.md#test-packs), after every single
 * reading so no column moves: each radiator's flow, return and ΔT as text; the lowest ΔT, the one the rule
 * (return not above flow) turns on, with its range and verdict; and each zone's flow as text.
 */
function roomReadingColumns(): string[] {
  const pack = TEST_PACK_IDS.flatMap((id) => testPackVersions(id)).find((p) => p.roomReadings);
  if (!pack) return [];
  const label = TEST_PACK_LABELS[pack.id as TestPackId];
  const lowest = `${label}: Radiators: lowest ΔT (${RADIATOR_DELTA_T.unit})`;
  return [
    `${label}: Radiators: flow / return (°C), ΔT (K)`,
    lowest,
    `${lowest} Min`,
    `${lowest} Max`,
    `${lowest} Verdict`,
    `${label}: Underfloor zones: flow (L/min)`,
  ];
}

/** A report's cells of `roomReadingColumns`: empty for a report whose pack records none. */
function roomReadingCells(data: WizardData): string[] {
  const rooms = (data.cp1 ?? {}) as RoomReadingsData;
  const lowest = lowestRadiatorDeltaT(rooms);
  const { min, max } = RADIATOR_DELTA_T.range;
  return [
    radiatorTempsText(rooms),
    lowest === null ? '' : formatNumber(lowest),
    lowest === null ? '' : formatNumber(min),
    lowest === null ? '' : formatNumber(max),
    VERDICT[judgeRadiatorDeltaT(lowest)],
    zoneFlowsText(rooms),
  ];
}

/** One column per reading, plus its range and verdict where the rule book judges it, from the catalogue, then
 * every test pack's readings with their range and verdict (a function, so the wizard's bundle does not build it). */
export function analysisCsvColumns(): string[] {
  return [
    'Reference',
    'Site',
    'Site Location',
    'Address',
    'Dwelling Type',
    'HIU Model',
    'HIU Serial',
    'Engineer',
    'Started',
    'Completed',
    'Result',
    'Failed at Step',
    'Failure Reasons',
    ...all.flatMap((m) =>
      m.range
        ? [readingName(m), `${readingName(m)} Min`, `${readingName(m)} Max`, `${readingName(m)} Verdict`]
        : [readingName(m)],
    ),
    ...packReadings().flatMap((m) => {
      const name = packReadingName(m);
      return [name, `${name} Min`, `${name} Max`, `${name} Verdict`];
    }),
    ...roomReadingColumns(),
  ];
}

const VERDICT = { pass: 'PASS', fail: 'FAIL', pending: '' } as const;
const iso = (v: Date | string) => {
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
};

/** A report's row: dates in ISO 8601 (UTC), numbers as typed, ranges as stored with the report. */
export function analysisCsvRow(r: AnalysisCsvInput): string[] {
  const readings = all.flatMap((m) => {
    const value = readMeasurement(r.wizardData, m).trim();
    if (!m.range) return [value];
    const range = r.ranges[m.id as RangedMeasurementId];
    return [value, formatNumber(range?.min ?? null), formatNumber(range?.max ?? null), VERDICT[judge(value, range)]];
  });
  // A pack reading is judged only against the range the report was judged by; one without is recorded only.
  const stored = r.ranges as Partial<Record<string, { min: number | null; max: number | null }>>;
  const pack = packReadings().flatMap((m) => {
    const value = readMeasurement(r.wizardData, m).trim();
    const range = m.judged ? stored[m.id] : undefined;
    if (!range) return [value, '', '', ''];
    return [value, formatNumber(range.min), formatNumber(range.max), VERDICT[judge(value, range)]];
  });
  return [
    r.reference,
    r.siteName,
    r.siteLocation,
    r.propertyAddress,
    r.dwellingType,
    r.hiuModel,
    r.hiuSerial,
    r.engineerName,
    iso(r.startTime),
    iso(r.completedAt),
    r.overallStatus,
    r.failedStep ? String(r.failedStep) : '',
    r.failureReasons.join('; '),
    ...readings,
    ...pack,
    ...(roomReadingColumns().length ? roomReadingCells(r.wizardData) : []),
  ].map(neutraliseCsvCell);
}

export const analysisCsvHeaderLine = (): string => csvLine(analysisCsvColumns());
export const analysisCsvLine = (r: AnalysisCsvInput): string => csvLine(analysisCsvRow(r));

/** analysis-{site or all-sites}-{YYYY-MM-DD}.csv */
export function analysisCsvFilename(siteName: string | undefined, today: Date): string {
  const site = siteName ? siteName.toLowerCase().replace(/[^a-z0-9]/g, '-') : 'all-sites';
  return `${site}-analysis-${today.toISOString().slice(0, 10)}.csv`;
}
