import { z } from 'zod';
import { MAX_SAMPLING_RATE } from './sampling.js';

/** An admin sets a site's rate: one flat witnessed in every N of a block and type; null, no plan. */
export const samplingRateBody = z.strictObject({
  rate: z
    .number({ message: 'Enter how many flats per witnessed flat' })
    .int('Enter a whole number')
    .min(1, 'At least 1 (every flat)')
    .max(MAX_SAMPLING_RATE, `At most ${MAX_SAMPLING_RATE}`)
    .nullable(),
});

export const samplingPlanSchema = z.object({
  rate: z.number().int().nullable(),
  groups: z.array(
    z.object({
      block: z.string(),
      type: z.string(),
      flats: z.number().int(),
      failures: z.number().int(),
      rate: z.number().int(),
      required: z.number().int(),
      witnessed: z.number().int(),
    }),
  ),
  due: z.array(
    z.object({
      id: z.uuid(),
      address: z.string(),
      block: z.string(),
      type: z.string(),
      reportId: z.uuid().nullable().describe('The approved report a witness of the flat would witness'),
      reason: z.enum(['first_of_type', 'rate']),
    }),
  ),
  coverage: z.object({
    flats: z.number().int(),
    witnessed: z.number().int(),
    required: z.number().int(),
    met: z.boolean(),
  }),
});
