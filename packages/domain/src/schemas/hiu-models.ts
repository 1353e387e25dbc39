import { z } from 'zod';

/** The HIU models already recorded on a site, most frequent first, for one-tap reuse on the next flat. */
export const siteHiuModelsSchema = z.object({
  models: z.array(z.object({ model: z.string(), count: z.number().int() })),
});
export type SiteHiuModels = z.infer<typeof siteHiuModelsSchema>;

/** How many suggestions the model field offers; a site rarely has more than a handful of models. */
export const MAX_HIU_MODEL_SUGGESTIONS = 12;
