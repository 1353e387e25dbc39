// How many report PDFs one core builds a second, beside what the field asks of it. The server builds each
// report's PDF on a worker thread with the same builder (packages/report-pdf); this runs that builder on this
// one thread, back to back, for a report as the soak's engineers send it (a photo and a signature, the photo a
// JPEG embedded without decoding) and for one of eight photos (as heavy as an honest report gets), and counts
// PDFs per second of this process's CPU time, which is PDFs per second per core whatever else the machine runs.
// The target: 200 engineers submit about 20 reports a second (the soak), and a two-core server gives its PDFs one
// thread beside the one answering requests, so one core must build at least that many for the queue to keep up
// (it then drains within 60 s of the last submit, as the soak reports).
//   npm run bench:pdf [-- --seconds=10]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { option } from './report.mjs';
import { recordFigure } from './results.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const SECONDS = Number(option('seconds', 10));
/** Reports a second from 200 engineers in the soak (about 1,800 in 90 s). */
const FIELD_REPORTS_PER_S = 20;

const { buildReportPdf } = await tsImport('@hiu/report-pdf', import.meta.url);
const { DEFAULT_RANGES, wizardDataSchema } = await tsImport('@hiu/domain', import.meta.url);
const { passingCheck, photoRef } = await tsImport('@hiu/domain/testing', import.meta.url);
const fixtures = path.join(root, 'packages/report-pdf/test/fixtures');
const photo = new Uint8Array(fs.readFileSync(path.join(fixtures, 'photo.jpg')));
const signature = new Uint8Array(fs.readFileSync(path.join(fixtures, 'signature.png')));

/** A report's PDF input with `photos` photos (each the soak's JPEG) and a signature, as the server hands it over. */
function input(photos) {
  const ids = Array.from({ length: photos }, (_, i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);
  const signatureId = '00000000-0000-4000-8000-00000000beef';
  // Read through its schema, as the server reads a stored report before building its PDF.
  const wizardData = wizardDataSchema.parse(
    passingCheck({
      photoId: null,
      signatureId,
      photosSignature: { photos: ids.map((id, i) => photoRef(id, `Photo ${i + 1}`)) },
    }),
  );
  const images = { [signatureId]: { contentType: 'image/png', bytes: signature } };
  for (const id of ids) images[id] = { contentType: 'image/jpeg', bytes: photo };
  return {
    report: {
      siteName: 'Bench Site',
      propertyAddress: 'Flat 1, Example House',
      dwellingType: '2b4p',
      hiuModel: 'Evo Compact 40',
      hiuSerial: 'BENCH-1',
      engineerName: 'Bench Engineer',
      startTime: '2026-01-01T09:00:00.000Z',
      completedAt: '2026-01-01T10:15:00.000Z',
      overallStatus: 'PASS',
    },
    wizardData,
    ranges: DEFAULT_RANGES,
    notes: '',
    failedStep: null,
    failureReasons: [],
    images,
  };
}

/** Builds PDFs of `make()` back to back for `seconds`: PDFs per CPU-second and per wall-clock second. */
async function measure(make, seconds) {
  // Warm-up, two seconds: the fonts loaded and the code compiled (the compiler's threads count as CPU time).
  for (const t = performance.now(); performance.now() - t < 2000;) await buildReportPdf(make());
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let built = 0;
  let bytes = 0;
  while (performance.now() - t0 < seconds * 1000) {
    bytes = (await buildReportPdf(make())).length;
    built++;
  }
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    built,
    perCpuSecond: built / cpuSeconds,
    perSecond: built / wall,
    cpuMsEach: (cpuSeconds * 1000) / built,
    bytes,
  };
}

const load = () => os.loadavg()[0].toFixed(1);
console.log(`Report PDFs on one thread, ${SECONDS} s each; load average ${load()} at the start`);
for (const [name, photos] of [
  ['a report as the soak sends it (1 photo, a signature)', 1],
  ['a report of 8 photos and a signature', 8],
]) {
  const m = await measure(() => input(photos), SECONDS);
  recordFigure({
    bench: 'pdf',
    name: `PDFs per second per core, ${name}`,
    value: m.perCpuSecond,
    unit: 'PDFs/s',
    target: `>= ${FIELD_REPORTS_PER_S} PDFs/s (200 engineers' submits)`,
    pass: m.perCpuSecond >= FIELD_REPORTS_PER_S,
    note: `(${m.built} built, ${m.cpuMsEach.toFixed(1)} ms of CPU each, ${m.perSecond.toFixed(1)} a second of wall-clock time, ${(m.bytes / 1024).toFixed(0)} KB each; load average ${load()})`,
  });
}
