import { z } from 'zod';
import { isDecimalOrEmpty } from '../numbers.js';
import {
  CORRECTABLE_FIELDS,
  correctableField,
  isPackCorrectableId,
  isRadiatorCorrectableId,
  isRoomReadingCorrectableId,
} from './corrections.js';
import { MAX_REVIEW_REASON } from './review-state.js';

// The schemas of a correction, apart from the field list: screens that only name a field (My flats) then
// load no schema library.

const ids = CORRECTABLE_FIELDS.map((f) => f.id) as [string, ...string[]];
export const correctableFieldId = z.enum(ids, { message: 'Choose a recorded value' });

export const correctionBody = z
  .strictObject({
    // A checklist value, a radiator's valve setting (`radiators.<room>`), a test pack's (`cp1.<key>`) or one of its
    // room readings (`cp1.radiatorTemps.<room>.flow`, `cp1.underfloorZones.<i>.flowRate`): whether this report's pack
    // version has it, and what its unit allows, is known once the report is read (`correctableFieldOf`,
    // `correctionValueError`).
    field: z
      .string({ message: 'Choose a recorded value' })
      .refine(
        (id) =>
          correctableField(id) !== undefined ||
          isPackCorrectableId(id) ||
          isRadiatorCorrectableId(id) ||
          isRoomReadingCorrectableId(id),
        'Choose a recorded value',
      ),
    value: z.string({ message: 'Enter the corrected value' }).trim().min(1, 'Enter the corrected value').max(200),
    reason: z
      .string({ message: 'Say why the value is corrected' })
      .trim()
      .min(1, 'Say why the value is corrected')
      .max(MAX_REVIEW_REASON, `At most ${MAX_REVIEW_REASON} characters`),
  })
  .superRefine((b, ctx) => {
    const field = correctableField(b.field);
    if (field?.kind === 'number' && !isDecimalOrEmpty(b.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Must be a number' });
    if (field?.kind === 'number' && b.value.length > 32)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'At most 32 characters' });
  });
export type CorrectionBody = z.infer<typeof correctionBody>;
