import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RANGES, failureReasons, pdfImageNotShown, rangesFor, wizardDataSchema } from '@hiu/domain';
import { buildReportPdf, imageKind, sanitise } from '../src/index.js';
import {
  PASSING_PHOTO_ID,
  PASSING_SIGNATURE_ID,
  checkUpToStep,
  photoRef,
  roomsSetAsExpected,
} from '@hiu/domain/testing';
import { IMAGES, passingData, pdfInput } from './report-input.js';
import { hasPdftotext, pdfLines, pdftotext } from './pdf-text.js';

/** The text of the PDF (or of one page) as pdftotext reads it, whitespace collapsed. */
function pdfText(bytes: Uint8Array, page?: number): string {
  return pdftotext(bytes, page ? ['-f', String(page), '-l', String(page)] : []).replace(/\s+/g, ' ');
}

const pageCount = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();

describe('buildReportPdf', () => {
  it('draws names typed with line breaks on one line instead of failing', async () => {
    const input = pdfInput(
      passingData({ address: 'Flat 2\nMarsh Court', hiuSerial: 'HX\r\n1', siteName: 'Marsh\nCourt' }),
    );
    input.report = {
      ...input.report,
      propertyAddress: 'Flat 2\nMarsh Court',
      hiuSerial: 'HX\r\n1',
      siteName: 'Marsh\nCourt',
    };
    const bytes = await buildReportPdf(input);
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    if (hasPdftotext) expect(pdfText(bytes)).toContain('Flat 2 Marsh Court');
  });

  it('makes an A4 PDF', async () => {
    const bytes = await buildReportPdf(pdfInput());
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(doc.getTitle()).toBe('HIU Commissioning Report - SN 881');
  });

  it.skipIf(!hasPdftotext)(
    'shows the title, result, header block and a table row per value with unit, range and verdict',
    async () => {
      const text = pdfText(await buildReportPdf(pdfInput()));
      expect(text).toContain('HIU COMMISSIONING REPORT');
      expect(text).toContain('OVERALL RESULT PASS');
      for (const value of ['Birch Court', 'Flat 3, Birch House', '2b4p', 'Evo 40', 'SN 881', 'Eddie Engineer']) {
        expect(text).toContain(value);
      }
      // Grid cells come out column by column, so check labels and values apart.
      for (const label of [
        'SITE',
        'PROPERTY ADDRESS',
        'DWELLING TYPE',
        'HIU MODEL',
        'HIU SERIAL',
        'ENGINEER',
        'STARTED',
        'COMPLETED',
      ]) {
        expect(text).toContain(label);
      }
      expect(text).toContain('02/03/2026, 09:00');
      expect(text).toContain('02/03/2026, 10:32');
      expect(text).toContain('DURATION 02/03/2026, 09:00 02/03/2026, 10:32 1h 32m');
      expect(text).toContain('Flow Temperature 46 °C 45-48 °C PASS');
      expect(text).toContain('System Pressure 1.2 bar 1-1.5 bar PASS');
      expect(text).toContain('Hall valve setting 2.5 Expected 2.5 PASS');
      expect(text).toContain('Reached 45°C in 45 seconds Yes Yes PASS');
      expect(text).toContain('CWS Temperature 11 °C Information only INFO');
      expect(text).toContain('Power Consumption 10 kW 5-15 kW PASS');
      for (const title of [
        '1. Basic Information',
        '2. Initial Checks',
        '3. Standby Mode',
        '4. Tertiary System Checks',
        '5. Heating Checks',
        '6. DHW Checks',
        '7. Photos & Signature',
      ]) {
        expect(text).toContain(title);
      }
      expect(text).toContain('HIU with cover off');
      expect(text).toContain('Signed by Eddie Engineer on 02/03/2026, 10:32');
      expect(text).not.toContain('Failure summary');
      expect(text).not.toContain('Additional Notes');
    },
  );

  it.skipIf(!hasPdftotext)('judges against the ranges it is given (the site ones), not fixed ones', async () => {
    const ranges = rangesFor({ standby: { flowTempMin: '40', flowTempMax: '44' } } as never);
    const text = pdfText(await buildReportPdf(pdfInput(passingData(), { ranges })));
    expect(text).toContain('Flow Temperature 46 °C 40-44 °C FAIL');
  });

  it.skipIf(!hasPdftotext)('lists the failure reasons and the steps not carried out for a device failure', async () => {
    const data = checkUpToStep(2, { initialChecks: { bypassClosed: false, clipsRemoved: false } });
    const reasons = failureReasons(2, wizardDataSchema.parse(data), DEFAULT_RANGES);
    const bytes = await buildReportPdf(pdfInput(data, { failedStep: 2, failureReasons: reasons }));
    const text = pdfText(bytes);
    expect(text).toContain('OVERALL RESULT FAIL');
    expect(text).toContain(
      'Failure summary: device failed at step 2 (Initial Checks) • Bypass valve not closed (answered No, expected Yes) • Transit clips not removed (answered No, expected Yes)',
    );
    expect(text).toContain(
      'Not carried out because the device failed at step 2: Standby Mode, Tertiary System Checks, Heating Checks, DHW Checks, Photos & Signature.',
    );
    expect(text).toContain('Bypass valve closed No Yes FAIL');
    expect(text).toContain('3. Standby Mode N/A Not carried out: the device failed at step 2.');
    expect(text).not.toContain('Signature Captured');
  });

  it.skipIf(!hasPdftotext)(
    'summarises a failed full check from the issues, and a pending one from its missing sections',
    async () => {
      const failed = pdfInput(passingData({ heatingMode: { tertiaryFlow: '58' } }), {
        failureReasons: [],
      });
      expect(pdfText(await buildReportPdf(failed))).toContain(
        'Failure summary • Tertiary Flow Temperature out of range',
      );

      const pending = pdfInput(
        passingData({
          heatingMode: { tertiaryReturn: '', primaryFlow: '', primaryReturn: '', powerConsumption: '' },
          radiators: { roomChecks: {} },
        }),
      );
      const text = pdfText(await buildReportPdf(pending));
      expect(text).toContain('OVERALL RESULT PENDING');
      expect(text).toContain('Incomplete: Heating Checks.');
      expect(text).toContain('Step 4 (Tertiary System Checks) was skipped.');
      expect(text).toContain('Tertiary (Secondary) Return Temperature — 40-45 °C NOT RECORDED');
    },
  );

  it.skipIf(!hasPdftotext)('says why step 4, or a room of it, was not applicable', async () => {
    const step = pdfText(
      await buildReportPdf(
        pdfInput(
          passingData({
            radiators: { roomChecks: {}, notApplicable: true, notApplicableReason: 'Underfloor heating only' },
          }),
        ),
      ),
    );
    expect(step).toContain('Not applicable: Underfloor heating only.');
    expect(step).toContain('Step 4 (Tertiary System Checks) not applicable: Underfloor heating only');
    expect(step).not.toContain('was skipped');
    const room = pdfText(
      await buildReportPdf(
        pdfInput(
          passingData({
            radiators: {
              roomChecks: {
                Hall: { valveSetting: '2.5', expectedValveSetting: '2.5' },
                Kitchen: {
                  valveSetting: '',
                  expectedValveSetting: '',
                  notApplicable: true,
                  notApplicableReason: 'Plinth heater',
                },
              },
            },
          }),
        ),
      ),
    );
    expect(room).toContain('Kitchen valve setting Not applicable: Plinth heater');
  });

  it.skipIf(!hasPdftotext)('puts the notes on a page of their own at the end, and numbers every page', async () => {
    const bytes = await buildReportPdf(
      pdfInput(passingData(), { notes: 'Controller left on the weekday schedule.\nCustomer informed.' }),
    );
    const pages = await pageCount(bytes);
    expect(pages).toBeGreaterThanOrEqual(3);
    const last = pdfText(bytes, pages);
    expect(last.trim().startsWith('Additional Notes Controller left on the weekday schedule. Customer informed.')).toBe(
      true,
    );
    expect(pdfText(bytes, pages - 1)).not.toContain('Additional Notes');
    for (let p = 1; p <= pages; p++) expect(pdfText(bytes, p)).toContain(`Page ${p} of ${pages}`);
  });

  it.skipIf(!hasPdftotext)('shows a duration under an hour as minutes only', async () => {
    const input = pdfInput();
    input.report.startTime = '2026-03-02T10:00:00.000Z';
    expect(pdfText(await buildReportPdf(input))).toMatch(/DURATION [\d/]+, [\d:]+ [\d/]+, [\d:]+ 32m /);
  });

  it.skipIf(!hasPdftotext)('draws text the standard fonts lack without failing, keeping ° and £', async () => {
    const input = pdfInput(passingData({ address: 'Łódź House – Flat “7”' }), { notes: 'Temp ≤ 45°C, cost £10 🔥 ✓' });
    const text = pdfText(await buildReportPdf(input));
    expect(text).toContain('Lódz House – Flat “7”');
    expect(text).toContain('Temp <= 45°C, cost £10 Yes');
  });

  it.skipIf(!hasPdftotext)('shows a placeholder for a photo that is missing or not an image', async () => {
    const images = {
      [PASSING_PHOTO_ID]: { bytes: new TextEncoder().encode('not an image'), contentType: 'image/jpeg' },
    };
    const text = pdfText(await buildReportPdf(pdfInput(passingData(), { images })));
    expect(text).toContain('Image not available');
    expect(text).toContain('Signature not available');
  });

  it.skipIf(!hasPdftotext)('draws a JPEG handed over as a view into a larger buffer', async () => {
    // As Node 24's Buffer pool hands out an encoder's output: pdf-lib reads a JPEG from its buffer's start.
    const jpeg = IMAGES[PASSING_PHOTO_ID].bytes;
    const pool = new Uint8Array(jpeg.length + 1000);
    pool.set(jpeg, 700);
    const images = {
      ...IMAGES,
      [PASSING_PHOTO_ID]: { bytes: pool.subarray(700, 700 + jpeg.length), contentType: 'image/jpeg' },
    };
    const bytes = await buildReportPdf(pdfInput(passingData(), { images }));
    expect(pdfText(bytes)).not.toContain('Image not available');
  });

  it.skipIf(!hasPdftotext)('prints why a photo was left out in its place, in full', async () => {
    const reason = pdfImageNotShown('over_bytes');
    // The server leaves such a photo's bytes out; the others are drawn.
    const images = Object.fromEntries(Object.entries(IMAGES).filter(([id]) => id !== PASSING_PHOTO_ID));
    const text = pdfText(
      await buildReportPdf(pdfInput(passingData(), { images, imagesNotShown: { [PASSING_PHOTO_ID]: reason } })),
    );
    expect(text).toContain(reason);
    expect(text).not.toContain('Image not available');
  });

  it('flows many photos and rooms over several pages', async () => {
    const rooms = roomsSetAsExpected(
      Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`Room ${i + 1}`, '2.5'])),
    );
    const photos = Array.from({ length: 30 }, (_, i) => photoRef(PASSING_PHOTO_ID, `Photo label ${i + 1}`));
    const data = passingData({ radiators: { roomChecks: rooms }, photosSignature: { photos } });
    const bytes = await buildReportPdf(pdfInput(data, { images: IMAGES }));
    expect(await pageCount(bytes)).toBeGreaterThanOrEqual(8);
    if (hasPdftotext) {
      const text = pdfText(bytes);
      expect(text).toContain('4. Tertiary System Checks (continued)');
      expect(text).toContain('Room 40 valve setting');
      expect(text).toContain('Photo label 30');
    }
  });
});

describe('helpers', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], 'jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'png'],
    [[0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50], null],
  ] as const)('imageKind %j', (bytes, kind) => {
    expect(imageKind(new Uint8Array(bytes))).toBe(kind);
  });

  it('finds the fixtures to be the images they claim', () => {
    expect(imageKind(IMAGES[PASSING_PHOTO_ID].bytes)).toBe('jpeg');
    expect(imageKind(IMAGES[PASSING_SIGNATURE_ID].bytes)).toBe('png');
  });

  it.each([
    ['45°C', '45°C'],
    ['≤ 1.5', '<= 1.5'],
    ['Zoë', 'Zoë'],
    ['Łukasz', 'Lukasz'],
    ['ő', 'o'],
    ['a\u2009b', 'a b'],
    ['fire 🔥!', 'fire !'],
    ['中', '?'],
    ['line\r\nbreak', 'line\nbreak'],
  ])('sanitise(%j) = %j', async (input, output) => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(sanitise(input, font)).toBe(output);
  });
});

describe('field evidence in the PDF', () => {
  it.skipIf(!hasPdftotext)(
    'shows the timed 45 °C seconds, an override with its reason, step times and location',
    async () => {
      const data = passingData({
        dhwChecks: { fortyFiveIn45: true, fortyFiveSeconds: '47.3', fortyFiveOverrideReason: 'Thermometer lag' },
        stepCompletedAt: { 'basic-info': '2026-03-02T09:10:00.000Z', dhw: '2026-03-02T09:55:00.000Z' },
        submitLocation: { latitude: 51.50741, longitude: -0.12779, accuracy: 8, at: '2026-03-02T10:20:00.000Z' },
      });
      const text = pdfText(await buildReportPdf(pdfInput(data)));
      expect(text).toContain('Time to reach 45°C (stopwatch) 47.3 s 45 s or less FAIL');
      expect(text).toContain('Answer overridden by the engineer: Thermometer lag');
      expect(text).toContain('Step 1: Basic Information completed 02/03/2026, 09:10');
      expect(text).toContain('Step 6: DHW Checks completed 02/03/2026, 09:55');
      expect(text).toContain('Location at submit 51.50741, -0.12779 (±8 m) at 02/03/2026, 10:20');
    },
  );

  it.skipIf(!hasPdftotext)('says the location was not recorded when the engineer did not allow it', async () => {
    const bytes = await buildReportPdf(pdfInput());
    expect(pdfLines(bytes)).toContain('Location at submit Not recorded');
    expect(pdfText(bytes)).not.toContain('stopwatch');
  });
});
