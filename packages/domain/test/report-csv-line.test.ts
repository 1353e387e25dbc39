import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvLine,
  quotedCsvLine,
  reportCsvLine,
  reportCsvRow,
  wizardDataSchema,
  type StoredReportCsvInput,
} from '../src/index.js';

/**
 * The server builds a stored report's line its own fast way; reportCsvRow + csvLine over schema-parsed data is
 * the definition of the file. These hold the fast path byte-for-byte equal to it for any text.
 */
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('', '"', '""', 'a,b', 'line\r\nbreak', '=1+1', '-1.5', '@x', '\ttab', ' spaced ', 'ünï ✓ 😀'),
);
const decimal = fc.oneof(text, fc.constantFrom('46', '41.5', '-0.25', ''));
const yesNo = fc.option(fc.boolean(), { nil: null });
const iso = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

const storedData = fc.record(
  {
    meterStart: decimal,
    initialChecks: fc.record(
      { bypassClosed: yesNo, strainerClean: yesNo, clipsRemoved: yesNo, meterOk: yesNo, systemPressure: decimal },
      { requiredKeys: [] },
    ),
    standbyMode: fc.record({ flowTemp: decimal, returnTemp: decimal, flowRate: decimal }, { requiredKeys: [] }),
    radiators: fc.record({
      roomChecks: fc.dictionary(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.record({ valveSetting: decimal, expectedValveSetting: decimal }),
        { maxKeys: 4 },
      ),
    }),
    heatingMode: fc.record(
      {
        tertiaryFlow: decimal,
        tertiaryReturn: decimal,
        primaryFlow: decimal,
        primaryReturn: decimal,
        powerConsumption: decimal,
      },
      { requiredKeys: [] },
    ),
    dhwChecks: fc.record(
      { cwsTemp: decimal, fortyFiveIn45: yesNo, dhwKitchenTap: decimal, primaryFlow: decimal, dhwPower: decimal },
      { requiredKeys: [] },
    ),
    photosSignature: fc.record(
      {
        meterEnd: decimal,
        remoteCutOffValveSerial: text,
        heatingControllerSet: fc.boolean(),
        signature: fc.constantFrom('', 'data:image/png;base64,AAAA', '00000000-0000-4000-8000-000000000001'),
        photos: fc.array(fc.record({ id: fc.uuid({ version: 4 }), url: fc.constant('/api/files/x'), label: text }), {
          maxLength: 3,
        }),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
);

const storedReport = fc.record({
  propertyAddress: text,
  siteName: text,
  dwellingType: text,
  hiuModel: text,
  hiuSerial: text,
  engineerName: text,
  overallStatus: fc.constantFrom('PASS', 'FAIL', 'PENDING'),
  startTime: fc.oneof(iso, fc.constant('')),
  completedAt: iso.map((s) => new Date(s)),
  notes: text,
  wizardData: fc.oneof(storedData, fc.constant(null)),
});

describe("a stored report's CSV line (the fast path)", () => {
  it('quotes a line exactly as the domain does', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 40 }), (cells) => {
        expect(quotedCsvLine(cells)).toBe(csvLine(cells));
      }),
      { numRuns: 500 },
    );
  });

  it('makes the same line as the domain makes from schema-checked data', () => {
    fc.assert(
      fc.property(storedReport, (row) => {
        const parsed = wizardDataSchema.safeParse(row.wizardData ?? {});
        fc.pre(parsed.success); // stored data passed the schema at submit
        const reference = csvLine(
          reportCsvRow({ ...row, completedAt: row.completedAt.toISOString(), wizardData: parsed.data! }),
        );
        expect(reportCsvLine(row as StoredReportCsvInput)).toBe(reference);
      }),
      { numRuns: 300 },
    );
  });
});
