import { z } from 'zod';
import { MAX_REVIEW_REASON } from '../review/review-state.js';
import { calendarDate } from './common.js';

/** The most a drawn signature may weigh as a PNG data URL (the pad's 600 x 200 drawing is far less). */
export const MAX_SIGNATURE_DATA_URL = 400_000;

export const signOffBody = z.strictObject({
  name: z.string({ message: 'Enter your name' }).trim().min(1, 'Enter your name').max(120),
  comment: z.string().trim().max(MAX_REVIEW_REASON, `At most ${MAX_REVIEW_REASON} characters`).default(''),
  signature: z
    .string({ message: 'Sign in the box' })
    .max(MAX_SIGNATURE_DATA_URL, 'The signature is too large')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'Sign in the box'),
});
export type SignOffBody = z.infer<typeof signOffBody>;

export const siteSignOffSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.string(),
  comment: z.string(),
  signedAt: z.string(),
});
export type SiteSignOff = z.infer<typeof siteSignOffSchema>;

export const WITNESS_ROLES = ['client', 'assessor'] as const;
export const witnessBody = z.strictObject({
  name: z.string({ message: 'Enter who witnessed it' }).trim().min(1, 'Enter who witnessed it').max(120),
  role: z.enum(WITNESS_ROLES, { message: 'Choose client or assessor' }),
  date: calendarDate('Witness date'),
});
export type WitnessBody = z.infer<typeof witnessBody>;

export const witnessSchema = z.object({
  propertyId: z.uuid(),
  address: z.string(),
  name: z.string(),
  role: z.enum(WITNESS_ROLES),
  date: z.string(),
});
export type Witness = z.infer<typeof witnessSchema>;
