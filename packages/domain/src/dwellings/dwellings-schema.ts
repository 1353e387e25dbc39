import { z } from 'zod';
import { FLAT_STATES } from '../dashboard/flat-state.js';
import { ISSUE_OWNERS } from '../packs/cp1-ts1.js';
import { REVIEW_STATES } from '../review/review-state.js';
import { samplingPlanSchema } from '../witnessing/sampling-schema.js';

/**
 * dwellings.json (docs/product.md#dwellings-export): one entry per dwelling of a site, for a heat-network
 * assessor's or a regulator's system to read. Published as JSON Schema (docs/dwellings.schema.json and
 * /api/docs); `version` changes with any change of shape, and a reader keeps to the version it knows.
 */
export const DWELLINGS_FORMAT = 'hiu-dwellings';
export const DWELLINGS_VERSION = 4;

const range = z
  .object({ min: z.number().nullable(), max: z.number().nullable() })
  .describe('The range the reading was judged against; null at an open end.');

export const dwellingReadingSchema = z.object({
  id: z.string().describe("The rule book's id: a checklist measurement, or cp1.<field> for a test pack reading"),
  step: z.number().int().describe('The checklist step it was taken in, 1 to 8'),
  label: z.string(),
  value: z.number().nullable().describe('As entered; null when not entered'),
  unit: z.string().describe('°C, bar, kW, l/min, s, kWh, m³ and so on; empty for a count'),
  range: range.nullable().describe('Null when the reading is recorded, not judged'),
  verdict: z.enum(['pass', 'fail', 'not_judged', 'not_entered']),
});

export const dwellingRadiatorSchema = z.object({
  room: z.string().describe("The room's name on step 4"),
  flow: z.number().nullable().describe('Flow temperature as entered, in `unit`; null when not entered'),
  return: z.number().nullable().describe('Return temperature as entered, in `unit`; null when not entered'),
  unit: z.literal('°C'),
  deltaT: z.number().nullable().describe('ΔT: flow less return, in `deltaTUnit`; null until both are entered'),
  deltaTUnit: z.literal('K'),
  range: range.describe('The range the ΔT was judged against: the return not above the flow'),
  verdict: z.enum(['pass', 'fail', 'not_entered']),
});

export const dwellingZoneSchema = z.object({
  name: z.string().describe('The zone as its manifold is labelled'),
  flowRate: z.number().nullable().describe('Read on the manifold with the heating running; null when not entered'),
  unit: z.literal('L/min'),
});

export const dwellingPhotoSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  takenAt: z.string().nullable(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const dwellingSchema = z.object({
  property: z.object({
    id: z.uuid(),
    address: z.string(),
    block: z.string(),
    floor: z.string(),
    type: z.string().describe('The property type, such as "2 Bed Flat"'),
  }),
  state: z.enum(FLAT_STATES).describe("The flat's state, as the dashboard counts it"),
  hiu: z.object({ model: z.string(), serial: z.string() }).nullable(),
  meter: z.object({ make: z.string(), model: z.string(), serial: z.string() }).nullable(),
  report: z
    .object({
      id: z.uuid(),
      reference: z.string(),
      revision: z.number().int().describe('1 as submitted, one more per correction'),
      completedAt: z.string(),
      engineer: z.string(),
      result: z.enum(['PASS', 'FAIL', 'PENDING']),
      failureReasons: z.array(z.string()),
      testPack: z.object({ id: z.string(), version: z.number().int(), name: z.string() }),
      earlierAttempts: z.number().int().describe("The flat's earlier reports, not described here"),
    })
    .nullable()
    .describe("The flat's latest report the reader may see; null when there is none"),
  readings: z.array(dwellingReadingSchema),
  radiators: z
    .array(dwellingRadiatorSchema)
    .describe("Each radiator's temperatures and ΔT, by room (a test pack that records them; version 4 on)"),
  underfloorZones: z
    .array(dwellingZoneSchema)
    .describe("Each underfloor zone's flow, recorded, not judged (a test pack that records them; version 4 on)"),
  photos: z.array(dwellingPhotoSchema),
  review: z
    .object({
      state: z.enum(REVIEW_STATES),
      reviewer: z.string().nullable(),
      decidedAt: z.string().nullable(),
      reason: z.string().nullable().describe('Why it was sent back'),
    })
    .nullable(),
  witness: z
    .object({
      name: z.string(),
      role: z.string(),
      date: z.string(),
      reportId: z.uuid().nullable().describe('The report witnessed; null on a flat marked witnessed before version 2'),
      readings: z
        .array(dwellingReadingSchema)
        .describe('The values the assessor saw, judged against the range of the report witnessed'),
      signatureSha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .nullable()
        .describe("SHA-256 of the assessor's drawn signature (PNG); null when none was drawn"),
    })
    .nullable(),
  issues: z.array(
    z.object({
      description: z.string(),
      owner: z.enum(ISSUE_OWNERS),
      due: z.string().nullable(),
      resolved: z.boolean(),
    }),
  ),
  networkIssues: z
    .array(
      z.object({
        id: z.uuid(),
        description: z.string(),
        owner: z.enum(ISSUE_OWNERS),
        due: z.string(),
        resolved: z.boolean(),
        raisedBy: z.string().nullable(),
        raisedAt: z.string(),
        closingComment: z.string().nullable().describe('How it was put right; null while open'),
        closedBy: z.string().nullable(),
        closedAt: z.string().nullable(),
      }),
    )
    .describe(
      "The site's network-wide issues, open and resolved: recorded once by the office, they apply to every dwelling (version 3 on)",
    ),
});

export const dwellingsSchema = z
  .object({
    format: z.literal(DWELLINGS_FORMAT),
    version: z.literal(DWELLINGS_VERSION),
    site: z.object({ id: z.uuid(), name: z.string(), location: z.string() }),
    generatedAt: z.string(),
    sampling: samplingPlanSchema.describe("The site's sampling plan for witnessing and its coverage"),
    dwellings: z.array(dwellingSchema),
  })
  .meta({ title: 'HIU commissioning: dwellings of a site' });

export type Dwellings = z.infer<typeof dwellingsSchema>;
export type Dwelling = z.infer<typeof dwellingSchema>;
export type DwellingReading = z.infer<typeof dwellingReadingSchema>;
export type DwellingRadiator = z.infer<typeof dwellingRadiatorSchema>;
export type DwellingZone = z.infer<typeof dwellingZoneSchema>;

/** The published JSON Schema of dwellings.json (docs/dwellings.schema.json is this, kept equal by a test). */
export function dwellingsJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(dwellingsSchema, { io: 'output' }) as Record<string, unknown>;
}
