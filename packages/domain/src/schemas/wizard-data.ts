import { z } from 'zod';
import { STEPS, type StepSlug } from '../steps.js';
import { decimalString, shortText, yesNo } from './common.js';
import { blankWizardData } from './blank-wizard-data.js';
import { FILE_URL_PATTERN } from './file-refs.js';
import { PHOTOS_PER_CHECK } from '../images/limits.js';
import { cp1DataSchema, packDataIssues, testPackRefSchema } from '../packs/cp1-schema.js';

/** A stored file as the wizard refers to it: `/api/files/{id}`. The bytes live on the device
 * (IndexedDB) until uploaded, then on the server; never inline in JSON. */
export const fileUrl = z.string().regex(FILE_URL_PATTERN, { message: 'Must be a stored file reference' });

export const photoSchema = z.object({
  id: z.uuid(),
  url: fileUrl,
  label: shortText(120).default(''),
  /** When the photo was taken (the file's time on the phone); absent on photos kept before it was recorded. */
  takenAt: z.iso.datetime({ offset: true }).optional(),
  /** The camera original kept beside it, on a site that keeps originals. */
  originalId: z.uuid().optional(),
});

/** Why a room or step 4 is not carried out (docs/product.md#steps); absent on checks from before it could be. */
const notApplicable = {
  notApplicable: z.boolean().optional(),
  /** May be blank while typed (drafts keep it); Next and the server's submit ask for it. */
  notApplicableReason: shortText(300).optional(),
};

export const roomCheckSchema = z.object({
  valveSetting: decimalString.default(''),
  expectedValveSetting: decimalString.default(''),
  ...notApplicable,
});

const s = () => shortText().default('');
const instant = z.iso.datetime({ offset: true });
const instantOrEmpty = z.union([z.literal(''), instant]).default('');
const stepSlug = z.enum(STEPS.map((step) => step.slug) as [StepSlug, ...StepSlug[]]);

/** Where the engineer was at submit, only when they allowed it (browser geolocation, WGS84). */
export const submitLocationSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** Radius in metres the browser is 95% sure of. */
  accuracy: z.number().min(0).max(1_000_000),
  /** When the position was taken. */
  at: instant,
});
const n = () => decimalString.default('');

/** The canonical wizard/report data: the wizard's field names are the stored shape. */
export const wizardDataSchema = z
  .object({
    siteId: z.string().max(64).default(''),
    propertyId: z.string().max(64).default(''),
    siteName: s(),
    address: shortText(300).default(''),
    dwellingType: s(),
    hiuModel: s(),
    hiuSerial: s(),
    engineerName: s(),
    startTime: z.string().max(40).default(''),
    meterStart: n(),
    initialChecks: z
      .object({
        bypassClosed: yesNo.default(null),
        strainerClean: yesNo.default(null),
        clipsRemoved: yesNo.default(null),
        meterOk: yesNo.default(null),
        systemPressure: n(),
      })
      .default(() => blankWizardData().initialChecks),
    standbyMode: z
      .object({ flowTemp: n(), returnTemp: n(), flowRate: n() })
      .default(() => blankWizardData().standbyMode),
    radiators: z
      .object({
        roomChecks: z.record(z.string().trim().min(1).max(80), roomCheckSchema).default({}),
        ...notApplicable,
      })
      .default(() => blankWizardData().radiators),
    heatingMode: z
      .object({
        tertiaryFlow: n(),
        tertiaryReturn: n(),
        primaryFlow: n(),
        primaryReturn: n(),
        powerConsumption: n(),
      })
      .default(() => blankWizardData().heatingMode),
    dhwChecks: z
      .object({
        cwsTemp: n(),
        fortyFiveIn45: yesNo.default(null),
        /** When the tap was opened for the timed 45 °C test; a stored instant, so a reload keeps the stopwatch. */
        fortyFiveStartedAt: instantOrEmpty,
        /** Seconds the tap took to reach 45 °C, when timed with the stopwatch. */
        fortyFiveSeconds: n(),
        /** Why the answer differs from what the timed seconds say (required then). */
        fortyFiveOverrideReason: shortText(500).default(''),
        dhwKitchenTap: n(),
        primaryFlow: n(),
        primaryReturn: n(),
        dhwPower: n(),
      })
      .default(() => blankWizardData().dhwChecks),
    photosSignature: z
      .object({
        photos: z.array(photoSchema).max(PHOTOS_PER_CHECK).default([]),
        signature: z.union([z.literal(''), fileUrl]).default(''),
        meterEnd: n(),
        remoteCutOffValveSerial: shortText(60).default(''),
        heatingControllerSet: yesNo.default(null),
      })
      .default(() => blankWizardData().photosSignature),
    /** Evidence: when the engineer last completed each step (Next on it), by step slug. */
    stepCompletedAt: z.partialRecord(stepSlug, instant).default({}),
    /** Evidence: the location at submit, only when the engineer allowed it; null otherwise. */
    submitLocation: submitLocationSchema.nullable().default(null),
    /** The test pack the check is taken under; absent means the standard checklist. */
    testPack: testPackRefSchema.optional(),
    /** The CP1/TS1 pack's readings, only in a check taken under it. */
    cp1: cp1DataSchema.optional(),
  })
  .superRefine(
    (data, ctx) => {
      for (const { path, message } of packDataIssues(data)) ctx.addIssue({ code: 'custom', path, message });
    },
    // Also when other fields are wrong, so every field message is given at once.
    { when: () => true },
  );

export type WizardData = z.infer<typeof wizardDataSchema>;
export type WizardDataInput = z.input<typeof wizardDataSchema>;
export type Photo = z.infer<typeof photoSchema>;
export type RoomCheck = z.infer<typeof roomCheckSchema>;
export type SubmitLocation = z.infer<typeof submitLocationSchema>;
