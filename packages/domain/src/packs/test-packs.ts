import { STEPS } from '../steps.js';
import { SECTIONS, type Measurement, type RangedMeasurementId, type SectionId } from '../rules/catalogue.js';
import type { Cp1ParamKey, PackField } from './cp1-ts1.js';
import { PACK_VERSIONS as PACKS } from './registry.js';

/**
 * The test packs a site can choose (docs/product.md#test-packs, decision 190): `standard` is the original
 * eight-step checklist and nothing more; `cp1-ts1` adds what a CP1/TS1 assessor measures. A pack's rules
 * never change under the same version: a new rule is a new version, and a report is judged by the version
 * it was taken under.
 */
export const TEST_PACK_IDS = ['standard', 'cp1-ts1'] as const;
export type TestPackId = (typeof TEST_PACK_IDS)[number];

export interface TestPackRef {
  id: string;
  version: number;
}

export interface TestPack {
  id: TestPackId;
  version: number;
  label: string;
  /** Fields beyond the standard checklist, in step order. */
  fields: readonly PackField[];
  /** Photo labels the pack requires. */
  photoTags: readonly string[];
  /** Whether the check keeps a list of issues, each with who must act. */
  issuesList: boolean;
  /**
   * Return temperatures are judged as at most their maximum, with no minimum (docs/product.md#test-packs): a
   * low return is what a heat network wants.
   */
  lowReturns?: boolean;
  /**
   * Checklist readings the pack also holds to one of its own limits, in place of a field of its own (one
   * quantity, one field): the stricter maximum applies.
   */
  sharedLimits?: readonly { reading: RangedMeasurementId; max: Cp1ParamKey }[];
  /** Every open issue must say by when it is put right before the check is sent (who must act it always says). */
  issuesNeedDueDate?: boolean;
}

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
