import { z } from 'zod';
import { dwellingReadingSchema } from '../dwellings/dwellings-schema.js';
import { calendarDate } from '../schemas/common.js';
import { MAX_SIGNATURE_DATA_URL } from '../schemas/sign-off.js';

/** The most readings one witness record holds (every judged reading of a test pack is far fewer). */
export const MAX_WITNESSED_READINGS = 100;

/** What an assessor records on witnessing a report: the day, the values they saw and their drawn signature. */
export const witnessRecordBody = z.strictObject({
  date: calendarDate('Witness date'),
  readings: z
    .array(
      z.strictObject({
        id: z.string().min(1).max(100),
        value: z.number({ message: 'Enter a number' }).finite(),
      }),
    )
    .min(1, 'Enter at least one reading you witnessed')
    .max(MAX_WITNESSED_READINGS),
  signature: z
    .string({ message: 'Sign in the box' })
    .max(MAX_SIGNATURE_DATA_URL, 'The signature is too large')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'Sign in the box'),
});
export type WitnessRecordBody = z.infer<typeof witnessRecordBody>;

export const witnessRecordSchema = z.object({
  id: z.uuid(),
  reportId: z.uuid(),
  propertyId: z.uuid(),
  address: z.string(),
  name: z.string(),
  role: z.string(),
  date: z.string(),
  readings: z.array(dwellingReadingSchema),
  /** A witnessed reading was out of range. */
  failed: z.boolean(),
  /** SHA-256 of the drawn signature (PNG). */
  signatureSha256: z.string(),
  recordedAt: z.string(),
});
export type WitnessRecord = z.infer<typeof witnessRecordSchema>;

export const witnessableReadingSchema = z.object({
  id: z.string(),
  step: z.number().int(),
  label: z.string(),
  unit: z.string(),
  range: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
});
