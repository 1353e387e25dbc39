import { z } from 'zod';
import { designParametersSchema, emptyWizardData, STEPS, wizardDataSchema, type WizardData } from '@hiu/domain';

const stepSlugs = STEPS.map((s) => s.slug) as [(typeof STEPS)[number]['slug'], ...(typeof STEPS)[number]['slug'][]];

/**
 * What the device keeps of a check in progress (spec section 3 "Wizard state", plus what offline work
 * needs). Parsed whenever it is read back, because a cached copy may come from an older app version.
 */
export const wizardStateSchema = z.object({
  /** The signed-in user the check belongs to; another user on the same phone never sees or sends it. */
  ownerId: z.string().optional(),
  flowStatus: z.enum(['active', 'failed']),
  failureReasons: z.array(z.string()),
  wizardData: wizardDataSchema,
  /** Made on the device at the first save, so every retried save updates one draft. */
  draftId: z.uuid().optional(),
  failedStep: z.union([z.literal(2), z.literal(3)]).optional(),
  currentStep: z.enum(stepSlugs),
  /** The site's design parameters, kept so ranges judge the same offline and after a reload. */
  siteDesign: designParametersSchema.optional(),
  notes: z.string(),
  /** Made at the first submit (or failure), reused by every retry so the report is stored once. */
  submittedReportId: z.uuid().optional(),
  submission: z
    .object({
      status: z.enum(['queued', 'sent', 'rejected']),
      message: z.string().optional(),
    })
    .optional(),
  updatedAt: z.string(),
});

export type WizardState = z.infer<typeof wizardStateSchema>;
export type FlowStatus = WizardState['flowStatus'];
export type SubmissionStatus = NonNullable<WizardState['submission']>['status'];

export function initialWizardState(ownerId?: string, now = new Date()): WizardState {
  return {
    ownerId,
    flowStatus: 'active',
    failureReasons: [],
    wizardData: emptyWizardData(),
    currentStep: 'basic-info',
    notes: '',
    updatedAt: now.toISOString(),
  };
}

/** A recipe may return new data or change the copy it is given (both styles are used by the screens). */
export type WizardRecipe = (data: WizardData) => WizardData | void;

export function applyRecipe(data: WizardData, recipe: WizardRecipe): WizardData {
  const copy = structuredClone(data);
  const result = recipe(copy);
  return result ?? copy;
}

const EMPTY = JSON.stringify(emptyWizardData());

/** Whether the check holds anything at all (spec: only non-empty wizard data is cached). */
export function hasWizardData(data: WizardData): boolean {
  return JSON.stringify(data) !== EMPTY;
}

/**
 * Work on this device that is not yet handed to the outbox as a report: what the home page's
 * Unsaved Work Found banner is for. A failed or submitted check is in the outbox already.
 */
export function hasUnsavedWork(state: WizardState): boolean {
  return state.flowStatus === 'active' && !state.submittedReportId && hasWizardData(state.wizardData);
}

/** Reads a cached state; undefined when it is not a state this version understands. */
export function parseWizardState(value: unknown): WizardState | undefined {
  const parsed = wizardStateSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The newer of two copies (localStorage is read first for speed; IndexedDB may hold a later one). */
export function newerState(a: WizardState | undefined, b: WizardState | undefined): WizardState | undefined {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(b.updatedAt) > Date.parse(a.updatedAt) ? b : a;
}
