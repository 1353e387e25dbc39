/** The eight wizard steps in order (docs/product.md#steps). `name` is what a draft stores as currentStep. */
export const STEPS = [
  { number: 1, slug: 'basic-info', name: 'Basic Information' },
  { number: 2, slug: 'initial-checks', name: 'Initial Checks' },
  { number: 3, slug: 'standby-mode', name: 'Standby Mode' },
  { number: 4, slug: 'radiators', name: 'Tertiary System Checks' },
  { number: 5, slug: 'heating', name: 'Heating Checks' },
  { number: 6, slug: 'dhw', name: 'DHW Checks' },
  { number: 7, slug: 'photos-signature', name: 'Photos & Signature' },
  { number: 8, slug: 'review', name: 'Review & Submit' },
] as const;

export type Step = (typeof STEPS)[number];
export type StepSlug = Step['slug'];
export type StepName = Step['name'];
export const STEP_COUNT = STEPS.length;

export function stepBySlug(slug: string): Step | undefined {
  return STEPS.find((s) => s.slug === slug);
}

export function stepByNumber(n: number): Step | undefined {
  return STEPS.find((s) => s.number === n);
}

/** Resume routing: a draft's currentStep name to its route slug; anything else goes to basic-info. */
export function slugForStepName(name: string | null | undefined): StepSlug {
  return STEPS.find((s) => s.name === name)?.slug ?? 'basic-info';
}

/** The step a Save and Continue on `slug` records as currentStep: the next step's name. */
export function nextStepName(slug: StepSlug): StepName {
  const i = STEPS.findIndex((s) => s.slug === slug);
  return STEPS[Math.min(i + 1, STEPS.length - 1)]!.name;
}
