import { z } from 'zod';
import { MAX_REVIEW_REASON } from '../review/review-state.js';
import { calendarDate } from './common.js';

/** The most a drawn signature may weigh as a PNG data URL (the pad's 600 x 200 drawing is far less). */
export const MAX_SIGNATURE_DATA_URL = 400_000;

/** The length of the reason a signer gives to sign while reports await review. */
export const MIN_SIGN_OFF_EXCEPTION = 10;
export const MAX_SIGN_OFF_EXCEPTION = 500;

export const signOffBody = z.strictObject({
  name: z.string({ message: 'Enter your name' }).trim().min(1, 'Enter your name').max(120),
  comment: z.string().trim().max(MAX_REVIEW_REASON, `At most ${MAX_REVIEW_REASON} characters`).default(''),
  signature: z
    .string({ message: 'Sign in the box' })
    .max(MAX_SIGNATURE_DATA_URL, 'The signature is too large')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'Sign in the box'),
  /** The built, current evidence pack the signer was shown and confirmed: the sign-off signs it (decision 256). */
  packId: z
    .uuid({ message: 'Build the evidence pack, then sign it' })
    .describe("The site's current built evidence pack, which the signer was shown"),
  /** Why sign while reports await review: required then, printed under the sign-off. */
  exception: z
    .string()
    .trim()
    .min(MIN_SIGN_OFF_EXCEPTION, `Say why you sign now, in at least ${MIN_SIGN_OFF_EXCEPTION} characters`)
    .max(MAX_SIGN_OFF_EXCEPTION, `At most ${MAX_SIGN_OFF_EXCEPTION} characters`)
    .optional()
    .describe('Why sign while reports await review (10-500 characters); required then, refused with 409 without'),
});
export type SignOffBody = z.infer<typeof signOffBody>;

export const siteSignOffSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.string(),
  comment: z.string(),
  signedAt: z.string(),
  /** What it signed: flats with an approved report, of the site's flats then; null on sign-offs made before. */
  coveredFlats: z.number().int().nullable(),
  totalFlats: z.number().int().nullable(),
  /** SHA-256 of the approved reports (id and revision) it signed. */
  digest: z.string().nullable(),
  /** The built pack it signed: its id (null once expired), the pack's SHA-256 and build date; null before 256. */
  pack: z
    .object({ id: z.uuid().nullable(), sha256: z.string(), builtAt: z.string() })
    .nullable()
    .describe(
      'The built pack it signed: id (null once the pack expired), SHA-256 and build date; null before packs were signed',
    ),
  /** Why it was signed while reports awaited review, or null. */
  exception: z.string().nullable().describe('Why it was signed while reports awaited review, or null'),
  /**
   * The site's newest built pack when it is not the one signed: its SHA-256, build date and the flats it holds
   * that this sign-off does not cover (new, or whose report changed since). Null when none is newer.
   */
  newerPack: z
    .object({ sha256: z.string(), builtAt: z.string(), notCovered: z.array(z.string()) })
    .nullable()
    .describe(
      "The site's newest built pack, if newer than the one signed, and the flats it holds that are not covered",
    ),
});
export type SiteSignOff = z.infer<typeof siteSignOffSchema>;

/** What a sign-off made now would sign: every flat's latest approved report, at its revision. */
export const signOffScopeSchema = z.object({
  coveredFlats: z.number().int(),
  totalFlats: z.number().int(),
  digest: z.string(),
  reports: z.array(z.object({ reportId: z.uuid(), propertyId: z.uuid(), revision: z.number().int() })),
});
export type SignOffScope = z.infer<typeof signOffScopeSchema>;

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

/** The office asks a site's clients and assessors to sign the handover, with a note if it likes. */
export const signOffRequestBody = z.strictObject({
  message: z.string().trim().max(MAX_REVIEW_REASON, `At most ${MAX_REVIEW_REASON} characters`).default(''),
});
export type SignOffRequestBody = z.infer<typeof signOffRequestBody>;
export const signOffRequestSchema = z.object({ asked: z.number().int().min(1) });
export type SignOffRequest = z.infer<typeof signOffRequestSchema>;
