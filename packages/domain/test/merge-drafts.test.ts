import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fileUrlFor,
  mergeDrafts,
  mergeNotes,
  mergeWizardData,
  STEPS,
  wizardDataSchema,
  type WizardData,
} from '../src/index.js';
import { passingCheck } from '../testing/check-data.js';

type Leaf = { path: string[]; value: unknown };

/** Every scalar field of the data by its path (photos, rooms and step stamps are checked on their own). */
function leaves(value: unknown, path: string[] = []): Leaf[] {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return [{ path, value }];
}
const at = (data: unknown, path: string[]) =>
  path.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], data);
const recorded = (v: unknown) => v !== '' && v !== null && v !== undefined;

const full = wizardDataSchema.parse(passingCheck());
const SKIP = new Set(['radiators', 'photosSignature.photos', 'stepCompletedAt', 'submitLocation']);
const INSTANTS = new Set(['startTime', 'dhwChecks.fortyFiveStartedAt']);
const scalarPaths = leaves(full)
  .map((l) => l.path)
  .filter((p) => ![...SKIP].some((s) => p.join('.').startsWith(s)));

const instant = fc
  .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2026-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
const decimal = fc.constantFrom('1', '2.5', '46', '41.5', '101.25');

function scalar(path: string[]) {
  const key = path.join('.');
  const kind = at(full, path);
  if (INSTANTS.has(key)) return fc.oneof(fc.constant(''), instant);
  if (key === 'photosSignature.signature') return fc.constantFrom('', ...SIGNATURES);
  if (typeof kind === 'boolean' || kind === null) return fc.option(fc.boolean(), { nil: null });
  return fc.oneof(fc.constant(''), decimal);
}

const SIGNATURES = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'].map(fileUrlFor);
const PHOTO_IDS = [1, 2, 3, 4, 5].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
const ROOMS = ['Hall', 'Kitchen', 'Bedroom 1'];
const SLUGS = STEPS.map((s) => s.slug);

const wizardData: fc.Arbitrary<WizardData> = fc
  .record({
    scalars: fc.tuple(...scalarPaths.map(scalar)),
    photos: fc.subarray(PHOTO_IDS).chain((ids) => fc.shuffledSubarray(ids, { minLength: ids.length })),
    labels: fc.array(fc.constantFrom('', 'front', 'meter'), { minLength: 5, maxLength: 5 }),
    rooms: fc.dictionary(
      fc.constantFrom(...ROOMS),
      fc.record({ valveSetting: fc.oneof(fc.constant(''), decimal), expectedValveSetting: decimal }),
    ),
    stamps: fc.dictionary(fc.constantFrom(...SLUGS), instant),
  })
  .map(({ scalars, photos, labels, rooms, stamps }) => {
    const data = structuredClone(wizardDataSchema.parse({}));
    scalarPaths.forEach((path, i) => {
      const parent = path.slice(0, -1).reduce<Record<string, unknown>>((o, k) => o[k] as Record<string, unknown>, data);
      parent[path[path.length - 1]!] = scalars[i];
    });
    data.photosSignature.photos = photos.map((id, i) => ({ id, url: fileUrlFor(id), label: labels[i]! }));
    data.radiators.roomChecks = rooms;
    data.stepCompletedAt = stamps;
    return data;
  });

const stepName = fc.constantFrom(...STEPS.map((s) => s.name));

describe('merging two copies of a draft', () => {
  it('loses no reading of either copy: each field is one of the two, recorded where either recorded it', () => {
    fc.assert(
      fc.property(wizardData, wizardData, fc.option(wizardData, { nil: undefined }), (server, device, base) => {
        const merged = mergeWizardData(server, device, base);
        for (const path of scalarPaths) {
          const [s, d, m] = [at(server, path), at(device, path), at(merged, path)];
          expect([s, d]).toContainEqual(m);
          if (recorded(s) || recorded(d)) expect(recorded(m), path.join('.')).toBe(true);
          if (path[0] === 'startTime') continue; // the earlier of the two, checked below
          // What the device changed since the base (without one: all it recorded) is kept; the rest is the server's.
          const changed = !base || JSON.stringify(d) !== JSON.stringify(at(base, path));
          if (changed && recorded(d)) expect(m).toEqual(d);
          else if (recorded(s)) expect(m).toEqual(s);
        }
        const starts = [server.startTime, device.startTime].filter(Boolean).sort();
        expect(merged.startTime).toBe(starts[0] ?? '');
        for (const room of new Set([
          ...Object.keys(server.radiators.roomChecks),
          ...Object.keys(device.radiators.roomChecks),
        ])) {
          for (const field of ['valveSetting', 'expectedValveSetting'] as const) {
            const s = server.radiators.roomChecks[room]?.[field];
            const d = device.radiators.roomChecks[room]?.[field];
            const m = merged.radiators.roomChecks[room]?.[field];
            expect([s, d]).toContainEqual(m);
            if (recorded(s) || recorded(d)) expect(recorded(m)).toBe(true);
          }
        }
        const ids = (data: WizardData) => data.photosSignature.photos.map((p) => p.id).sort();
        expect(ids(merged)).toEqual([...new Set([...ids(server), ...ids(device)])].sort());
        for (const slug of new Set([...Object.keys(server.stepCompletedAt), ...Object.keys(device.stepCompletedAt)])) {
          const key = slug as keyof WizardData['stepCompletedAt'];
          const times = [server.stepCompletedAt[key], device.stepCompletedAt[key]].filter(Boolean).map(String);
          expect(merged.stepCompletedAt[key]).toBe(times.sort().at(-1));
        }
        expect(wizardDataSchema.safeParse(merged).success).toBe(true);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('changes nothing when both copies are the same', () => {
    fc.assert(
      fc.property(wizardData, (data) => {
        expect(mergeWizardData(data, structuredClone(data))).toEqual(data);
      }),
    );
  });

  it("keeps the device's notes, and the server's when the device has none (decision 206)", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (server, device) => {
        const merged = mergeNotes(server, device);
        expect(merged).toBe(device === '' ? server : device);
      }),
    );
    expect(mergeNotes('Pump noisy', '')).toBe('Pump noisy');
    expect(mergeNotes('Pump noisy', 'Valve stiff')).toBe('Valve stiff');
  });

  it('keeps the furthest step either copy reached', () => {
    fc.assert(
      fc.property(stepName, stepName, wizardData, wizardData, (a, b, server, device) => {
        const merged = mergeDrafts({ currentStep: a, wizardData: server }, { currentStep: b, wizardData: device });
        const index = (name: string) => STEPS.findIndex((s) => s.name === name);
        expect(index(merged.currentStep)).toBe(Math.max(index(a), index(b)));
      }),
    );
  });

  it("takes the server's newer value of a field the device has not changed since its last save", () => {
    const base = wizardDataSchema.parse(passingCheck());
    const server = structuredClone(base);
    server.initialChecks.systemPressure = '1.4';
    const device = structuredClone(base);
    device.dhwChecks.cwsTemp = '12';
    const merged = mergeWizardData(server, device, base);
    expect(merged.initialChecks.systemPressure).toBe('1.4');
    expect(merged.dhwChecks.cwsTemp).toBe('12');
  });

  it('keeps the step 7 readings of a newer copy when an older step 2 copy comes in', () => {
    const newer = wizardDataSchema.parse(passingCheck());
    const older = wizardDataSchema.parse({ ...passingCheck(), heatingMode: {}, dhwChecks: {}, photosSignature: {} });
    older.initialChecks.systemPressure = '1.4';
    const merged = mergeDrafts(
      { currentStep: 'Photos & Signature', wizardData: newer },
      { currentStep: 'Initial Checks', wizardData: older },
    );
    expect(merged.currentStep).toBe('Photos & Signature');
    expect(merged.wizardData.photosSignature.meterEnd).toBe('101.25');
    expect(merged.wizardData.heatingMode.primaryFlow).toBe('65');
    expect(merged.wizardData.initialChecks.systemPressure).toBe('1.4');
  });
});
