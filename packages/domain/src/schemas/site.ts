import { z } from 'zod';
import { buildingType, designParametersSchema } from './design-parameters.js';
import { ISSUE_SEVERITIES, MAX_PROPERTY_IMPORT_ROWS } from '../csv/limits.js';
import { propertyStatusSchema } from './property-status.js';
import { TEST_PACK_IDS } from '../packs/test-pack-types.js';

/** The test pack a site's checks are taken under. */
export const testPackIdSchema = z.enum(TEST_PACK_IDS, {
  message: `Unknown test pack: choose ${TEST_PACK_IDS.join(' or ')}`,
});

export const siteSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  location: z.string(),
  availableBuildingTypes: z.array(z.string()),
  designParameters: designParametersSchema,
  propertyCount: z.number().int(),
  /** Passing reports are approved at submit instead of waiting for a reviewer; the API always sends it. */
  autoApprovePassing: z.boolean().optional(),
  /** The phone also uploads each photo's camera original, kept with the report. */
  keepOriginalPhotos: z.boolean().optional(),
  /** The API always sends it; absent only in a phone's copy from before test packs. */
  testPack: testPackIdSchema.optional(),
});
export type Site = z.infer<typeof siteSchema>;

export const siteSummarySchema = siteSchema.omit({
  designParameters: true,
  autoApprovePassing: true,
  keepOriginalPhotos: true,
  testPack: true,
});
export type SiteSummary = z.infer<typeof siteSummarySchema>;

const name = z.string().trim().min(1, 'Please fill in all fields').max(120);
const location = z.string().trim().min(1, 'Please fill in all fields').max(200);
const buildingTypes = z
  .array(buildingType)
  .max(50)
  .refine((types) => new Set(types.map((t) => t.toLowerCase())).size === types.length, {
    message: 'This property type already exists',
  });

export const createSiteBody = z.strictObject({
  name,
  location,
  availableBuildingTypes: buildingTypes.optional(),
  designParameters: designParametersSchema.optional(),
  autoApprovePassing: z.boolean().optional(),
  keepOriginalPhotos: z.boolean().optional(),
  testPack: testPackIdSchema.optional(),
});
export type CreateSiteBody = z.infer<typeof createSiteBody>;

export const updateSiteBody = z
  .strictObject({
    name: name.optional(),
    location: location.optional(),
    availableBuildingTypes: buildingTypes.optional(),
    designParameters: designParametersSchema.optional(),
    autoApprovePassing: z.boolean().optional(),
    keepOriginalPhotos: z.boolean().optional(),
    testPack: testPackIdSchema.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });
export type UpdateSiteBody = z.infer<typeof updateSiteBody>;

/** What deleting a site takes with it, shown in the confirmation. */
export const siteDeleteImpactSchema = z.object({
  properties: z.number().int(),
  drafts: z.number().int(),
  reports: z.number().int(),
});
export type SiteDeleteImpact = z.infer<typeof siteDeleteImpactSchema>;

export const propertySchema = z.object({
  id: z.uuid(),
  siteId: z.uuid(),
  address: z.string(),
  propertyType: z.string(),
  /** Where the flat is in the building (optional, empty when not given): the dashboard's breakdown. */
  block: z.string().default(''),
  floor: z.string().default(''),
});
export type Property = z.infer<typeof propertySchema>;

const address = z.string().trim().min(1, 'Please fill in all fields').max(300);
const place = z.string().trim().max(60, 'At most 60 characters');
/** A property's type as the add and edit forms send it: none chosen reads as the other empty fields do. */
const chosenType = z.string().trim().min(1, 'Please fill in all fields').max(40);

export const createPropertyBody = z.strictObject({
  siteId: z.uuid({ message: 'Please select a site first' }),
  address,
  propertyType: chosenType,
  block: place.optional(),
  floor: place.optional(),
});
export const updatePropertyBody = z.strictObject({
  address: address.optional(),
  propertyType: chosenType.optional(),
  block: place.optional(),
  floor: place.optional(),
});
export const bulkPropertiesBody = z.strictObject({
  siteId: z.uuid({ message: 'Please select a site first' }),
  properties: z
    .array(
      z.strictObject({
        address,
        propertyType: buildingType,
        /** The engineer to assign it to, by email: an engineer member of the site. */
        assignedTo: z.email({ message: 'Must be an email address' }).max(254).optional(),
        block: place.optional(),
        floor: place.optional(),
      }),
    )
    .min(1, 'No valid properties found in CSV')
    .max(MAX_PROPERTY_IMPORT_ROWS, `At most ${MAX_PROPERTY_IMPORT_ROWS} properties at a time`),
});
export type BulkPropertiesBody = z.infer<typeof bulkPropertiesBody>;
export const bulkPropertiesResult = z.object({ count: z.number().int() });

/** What deleting a property takes with it (drafts) and what it keeps (reports). */
export const propertyDeleteImpactSchema = z.object({ drafts: z.number().int(), reports: z.number().int() });
export type PropertyDeleteImpact = z.infer<typeof propertyDeleteImpactSchema>;

export const pageQuery = z.object({
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/**
 * GET /api/properties: always within one site, so no call returns every property of every site;
 * `status` keeps only the properties that stand there (the picker's "Not started" and "Failed" filters),
 * `propertyType` only the flats of one type (assigning by type).
 */
export const propertyListQuery = pageQuery.extend({
  siteId: z.uuid({ message: 'Please select a site first' }),
  status: propertyStatusSchema.optional(),
  /** Only flats of this type (any case), as assigning by type chooses them. */
  propertyType: z.string().trim().max(100).optional(),
});
export type PropertyListQuery = z.infer<typeof propertyListQuery>;

/** POST /api/sites/bulk. The size limit is checked by the route (413), not here. */
export const siteBulkBody = z.strictObject({
  csvData: z.string().refine((s) => s.trim() !== '', { message: 'Please select a CSV file to upload' }),
});
export const siteBulkIssueSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
  severity: z.enum(ISSUE_SEVERITIES),
});
export const siteBulkResultSchema = z.object({
  summary: z.object({
    sitesCreated: z.number().int(),
    propertiesCreated: z.number().int(),
    totalErrors: z.number().int(),
    totalWarnings: z.number().int(),
  }),
  errors: z.array(siteBulkIssueSchema),
});
export type SiteBulkResult = z.infer<typeof siteBulkResultSchema>;

export function page<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}
