import { z } from 'zod';
import { DRAFT_VERSION_MAX } from '../drafts/draft-version.js';
import { wizardDataSchema } from './wizard-data.js';
import { notesText } from './common.js';

export const saveDraftBody = z.strictObject({
  /** Client-made id, so a retried save updates the same draft instead of making another. */
  id: z.uuid().optional(),
  siteId: z.string().max(64).default(''),
  propertyId: z.string().max(64).default(''),
  currentStep: z.string().trim().min(1).max(60),
  wizardData: wizardDataSchema,
  /** The engineer's notes for the report, kept with the check. */
  notes: notesText,
  /**
   * The device's edit sequence for this copy: higher for every newer save. The server keeps the highest
   * and refuses a lower one with the copy it holds. 0 (or missing) is a save that knows no
   * sequence: it is taken only while the stored copy has none either.
   */
  version: z.number().int().min(0).max(DRAFT_VERSION_MAX).default(0),
});
export type SaveDraftBody = z.input<typeof saveDraftBody>;

export const draftSchema = z.object({
  id: z.uuid(),
  siteId: z.string(),
  propertyId: z.string(),
  currentStep: z.string(),
  lastSaved: z.string(),
  wizardData: wizardDataSchema,
  notes: z.string(),
  version: z.number().int(),
});
export type Draft = z.infer<typeof draftSchema>;

/** The answer to a save older than the stored copy: 409 with that copy, for the device to merge. */
export const draftConflictSchema = z.object({
  error: z.object({
    code: z.literal('draft_conflict'),
    message: z.string(),
    draft: draftSchema,
  }),
});
export type DraftConflict = z.infer<typeof draftConflictSchema>;

/**
 * A property's saved draft as the admin sees it, without its data: whose, where in the check, when. Only
 * `inProgress` drafts (saved after the property's latest report, or it has none) mark it "In progress".
 */
export const propertyDraftSchema = z.object({
  id: z.uuid(),
  engineerName: z.string(),
  currentStep: z.string(),
  lastSaved: z.string(),
  inProgress: z.boolean(),
});
export type PropertyDraft = z.infer<typeof propertyDraftSchema>;

/**
 * A flat's checks in progress as the engineer about to start it sees them (docs/product.md#drafts): their
 * own, to resume or start over, and other engineers' (who, at which step, since when), never the readings.
 */
export const propertyWorkSchema = z.object({
  mine: z.array(
    z.object({ id: z.uuid(), currentStep: z.string(), lastSaved: z.string(), startedAt: z.string().nullable() }),
  ),
  others: z.array(
    z.object({
      engineerName: z.string(),
      currentStep: z.string(),
      lastSaved: z.string(),
      startedAt: z.string().nullable(),
    }),
  ),
});
export type PropertyWork = z.infer<typeof propertyWorkSchema>;
