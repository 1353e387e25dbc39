import { z } from 'zod';
import { designParametersSchema, STEPS, wizardDataSchema, type WizardData } from '@hiu/domain';

// zod and the shared schemas: loaded only when there is a stored copy to check (schemas.ts), so the
// engineer's first screen does not download them.

const stepSlugs = STEPS.map((s) => s.slug) as [(typeof STEPS)[number]['slug'], ...(typeof STEPS)[number]['slug'][]];

/**
 * What the device keeps of a check in progress (the check's state, plus what offline work
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
  /** The draft's edit sequence as last saved from (or merged into) this check. */
  draftVersion: z.number().int().min(0).optional(),
  failedStep: z.union([z.literal(2), z.literal(3)]).optional(),
  currentStep: z.enum(stepSlugs),
  /** The site's design parameters, kept so ranges judge the same offline and after a reload. */
  siteDesign: designParametersSchema.optional(),
  /** The site keeps each photo's camera original too. */
  keepOriginals: z.boolean().optional(),
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

/** Reads a cached state; undefined when it is not a state this version understands. */
export function parseWizardState(value: unknown): WizardState | undefined {
  const parsed = wizardStateSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Reads wizard data stored on the device or sent by the server; undefined when this version cannot. */
export function parseWizardData(value: unknown): WizardData | undefined {
  const parsed = wizardDataSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
