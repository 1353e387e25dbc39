import { z } from 'zod';
import { wizardDataSchema } from './wizard-data.js';

export const saveDraftBody = z.strictObject({
  /** Client-made id, so a retried save updates the same draft instead of making another. */
  id: z.uuid().optional(),
  siteId: z.string().max(64).default(''),
  propertyId: z.string().max(64).default(''),
  currentStep: z.string().trim().min(1).max(60),
  wizardData: wizardDataSchema,
});
export type SaveDraftBody = z.input<typeof saveDraftBody>;

export const draftSchema = z.object({
  id: z.uuid(),
  siteId: z.string(),
  propertyId: z.string(),
  currentStep: z.string(),
  lastSaved: z.string(),
  wizardData: wizardDataSchema,
});
export type Draft = z.infer<typeof draftSchema>;

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
