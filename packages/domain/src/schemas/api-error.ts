import { z } from 'zod';

/** Every API error has this shape. `fields` maps a dotted field path to its message. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** 409 missing_files from POST /api/reports: the file ids the server does not have yet (upload them first). */
    missingFileIds: z.array(z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
