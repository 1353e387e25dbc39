import { STEPS } from '../steps.js';
import { SECTIONS, type Measurement, type SectionId } from '../rules/catalogue.js';
import type { PackField } from './cp1-ts1.js';
import { PACK_VERSIONS as PACKS } from './registry.js';
import { TEST_PACK_IDS, type TestPack, type TestPackId, type TestPackRef } from './test-pack-types.js';

export const TEST_PACK_LABELS: Record<TestPackId, string> = {
  standard: 'Standard checklist',
  'cp1-ts1': 'CP1/TS1 acceptance',
};

export const STANDARD_PACK: TestPackRef = { id: 'standard', version: 1 };

export function isTestPackId(id: string): id is TestPackId {
  return (TEST_PACK_IDS as readonly string[]).includes(id);
}

/** The pack of this id and version, or undefined when the rule book does not know it. */
export function findTestPack(ref: TestPackRef): TestPack | undefined {
  return PACKS.find((p) => p.id === ref.id && p.version === ref.version);
}

/** The newest version of a pack: what a check started today is taken under. */
export function currentTestPack(id: TestPackId): TestPack {
  return PACKS.filter((p) => p.id === id).reduce((a, b) => (b.version > a.version ? b : a));
}

/** The pack a check's data was taken under; data from before packs existed is the standard pack. */
export function packOf(data: { testPack?: TestPackRef | undefined }): TestPack {
  return findTestPack(data.testPack ?? STANDARD_PACK) ?? PACKS[0]!;
}

/** Every version of a pack the rule book knows, oldest first. */
export function testPackVersions(id: TestPackId): TestPack[] {
  return PACKS.filter((p) => p.id === id).sort((a, b) => a.version - b.version);
}

/** "CP1/TS1 acceptance, version 1" */
export function testPackName(ref: TestPackRef | undefined): string {
  const r = ref ?? STANDARD_PACK;
  const label = isTestPackId(r.id) ? TEST_PACK_LABELS[r.id] : r.id;
  return `${label}, version ${r.version}`;
}

const sectionOfStep = (step: number): SectionId => SECTIONS.find((s) => s.step === step)!.id;

const measured = new WeakMap<TestPack, Measurement[]>();

/**
 * A pack's numeric readings as the rule book's measurements, so verdict, hints and PDF treat them alike. Made
 * once per pack: the check's screens judge on every keystroke.
 */
export function packMeasurements(pack: TestPack): Measurement[] {
  let list = measured.get(pack);
  if (!list) measured.set(pack, (list = toMeasurements(pack)));
  return list;
}

function toMeasurements(pack: TestPack): Measurement[] {
  return pack.fields
    .filter((f) => f.kind === 'number')
    .map((f) => ({
      id: packMeasurementId(f),
      section: sectionOfStep(f.step),
      step: f.step,
      label: f.label,
      unit: f.unit ?? '',
      required: f.required,
      path: ['cp1', f.key] as const,
      ...(f.issue ? { issue: f.issue } : {}),
      ...(f.range ? { judged: true } : {}),
    }));
}

/** The id a pack reading is judged and its range kept under: `cp1.<key>`. */
export const packMeasurementId = (f: PackField) => `cp1.${f.key}`;

/** The step title of a pack group, for headings: "Heating Checks". */
export const stepTitle = (step: number) => STEPS[step - 1]!.name;
