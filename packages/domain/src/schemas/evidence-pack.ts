import { z } from 'zod';
import { FLAT_STATES, type FlatState } from '../dashboard/flat-state.js';

/** A handover evidence pack as the API shows it. */
export const evidencePackSchema = z.object({
  id: z.uuid(),
  siteId: z.uuid(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  /** Reports whose PDF is in the pack so far, of `total`. */
  done: z.number().int(),
  total: z.number().int(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** After this the pack can no longer be downloaded; a new one is built on request. */
  expiresAt: z.string().nullable(),
  error: z.string().nullable(),
  files: z.number().int(),
  missing: z.array(z.object({ address: z.string(), reportId: z.string(), reason: z.string() })),
  /**
   * Why the screen no longer offers it: a report changed after it was asked for, or a newer pack
   * replaces it. Its download is refused with the sentence the screen shows.
   */
  superseded: z.enum(['reports_changed', 'newer_pack']).nullable(),
  /** A built pack's SHA-256 (of its files but summary.pdf, as its cover prints); null until built. */
  sha256: z
    .string()
    .nullable()
    .describe("The pack's SHA-256: of its files but summary.pdf, as sha256sum lists them; null until built"),
  /** What a sign-off of a built pack attests: its flats, by state, and its open issues; null until built. */
  attests: z
    .object({
      flats: z.number().int(),
      states: z.object(
        Object.fromEntries(FLAT_STATES.map((s) => [s, z.number().int()])) as Record<FlatState, z.ZodNumber>,
      ),
      openIssues: z.number().int(),
    })
    .nullable()
    .describe('What a sign-off of this pack attests: its flats, by state, and its open issues; null until built'),
});
export type EvidencePack = z.infer<typeof evidencePackSchema>;

/** What a superseded pack says, on the dashboard and in the refusal of its download (docs/product.md#evidence-pack). */
export const SUPERSEDED_PACK_MESSAGES: Record<NonNullable<EvidencePack['superseded']>, string> = {
  reports_changed:
    'Superseded: reports were reviewed or corrected since it was built. Build again for the site as it is now.',
  newer_pack: 'Superseded: a newer pack of this site was built. Download that one.',
};
