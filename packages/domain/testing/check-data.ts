// Test support, not part of the app (the web app never imports `@hiu/domain/testing`): the one complete
// passing check that the tests, the end-to-end tests, the soak and the benchmarks submit, with overrides for
// the variants they need. Its values are written out, never derived from the ranges, so a test built on it
// fails when the rule book breaks.
import { fileUrlFor } from '../src/schemas/file-refs.js';
import type { WizardDataInput } from '../src/schemas/wizard-data.js';

export { addTestPackVersion, CP1_V2_FIXTURE, CP1_V2_NEW_FIELD } from './pack-versions.js';

/** The photo and signature a check refers to when the caller uploaded none of its own. */
export const PASSING_PHOTO_ID = '11111111-1111-4111-8111-111111111111';
export const PASSING_SIGNATURE_ID = '33333333-3333-4333-8333-333333333333';

/** The wizard's groups, each with the step that fills it. */
const GROUP_STEPS = {
  initialChecks: 2,
  standbyMode: 3,
  radiators: 4,
  heatingMode: 5,
  dhwChecks: 6,
  photosSignature: 7,
} as const;
type Group = keyof typeof GROUP_STEPS;

/** Top-level values replace the passing ones; a group's values are merged into the passing group. */
export type CheckOverrides = Omit<WizardDataInput, Group> & {
  [G in Group]?: Partial<NonNullable<WizardDataInput[G]>>;
};

export interface CheckOptions extends CheckOverrides {
  /** The check's site: sets siteId and siteName. */
  site?: { id: string; name: string };
  /** The uploaded photo's file id (default PASSING_PHOTO_ID); null for a check with no photo yet. */
  photoId?: string | null;
  /** The uploaded signature's file id (default PASSING_SIGNATURE_ID); null for no signature yet. */
  signatureId?: string | null;
}

/** A photo as the wizard refers to it. */
export function photoRef(id: string, label = 'HIU front') {
  return { id, url: fileUrlFor(id), label };
}

/** Step 4's rooms, each valve set as expected: `{ Hall: '2.5' }` to `{ Hall: { valveSetting: '2.5', ... } }`. */
export function roomsSetAsExpected(settings: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(settings).map(([room, setting]) => [room, { valveSetting: setting, expectedValveSetting: setting }]),
  );
}

/** A check with every step done and every value inside the default ranges: the rule book says PASS. */
export function passingCheck(options: CheckOptions = {}): WizardDataInput {
  const { site, photoId = PASSING_PHOTO_ID, signatureId = PASSING_SIGNATURE_ID, ...overrides } = options;
  const data: WizardDataInput = {
    ...(site ? { siteId: site.id, siteName: site.name } : { siteName: 'Birch Court' }),
    address: 'Flat 3, Birch House',
    dwellingType: '2b4p',
    hiuModel: 'Evo 40',
    hiuSerial: 'SN 881',
    engineerName: 'Eddie Engineer',
    startTime: '2026-03-02T09:00:00.000Z',
    meterStart: '100.5',
    ...overrides,
    initialChecks: {
      bypassClosed: true,
      strainerClean: true,
      clipsRemoved: true,
      meterOk: true,
      systemPressure: '1.2',
      ...overrides.initialChecks,
    },
    standbyMode: { flowTemp: '46', returnTemp: '41', flowRate: '2.5', ...overrides.standbyMode },
    radiators: { roomChecks: roomsSetAsExpected({ Hall: '2.5' }), ...overrides.radiators },
    heatingMode: {
      tertiaryFlow: '52',
      tertiaryReturn: '42',
      primaryFlow: '65',
      primaryReturn: '55',
      powerConsumption: '10',
      ...overrides.heatingMode,
    },
    dhwChecks: {
      cwsTemp: '11',
      fortyFiveIn45: true,
      dhwKitchenTap: '47',
      primaryFlow: '60',
      primaryReturn: '50',
      dhwPower: '15',
      ...overrides.dhwChecks,
    },
    photosSignature: {
      photos: photoId ? [photoRef(photoId)] : [],
      signature: signatureId ? fileUrlFor(signatureId) : '',
      meterEnd: '101.25',
      remoteCutOffValveSerial: '12345',
      heatingControllerSet: true,
      ...overrides.photosSignature,
    },
  };
  return data;
}

/**
 * The passing values of steps 1 to `step` and nothing after: a draft saved at that point, or a check the
 * device failed at that step (2 or 3) as the wizard files it, the caller giving the failing values:
 * `checkUpToStep(2, { initialChecks: { bypassClosed: false } })` with failedStep 2.
 */
export function checkUpToStep(step: number, options: CheckOptions = {}): WizardDataInput {
  const data = passingCheck(options);
  for (const [group, groupStep] of Object.entries(GROUP_STEPS) as [Group, number][]) {
    if (groupStep > step) delete data[group];
  }
  return data;
}

/**
 * A device failure at `step` (2 or 3) as the failure evidence screen files it: the data up to that step and
 * the engineer's signature, no photos.
 */
export function signedFailure(step: number, signatureId: string, options: CheckOptions = {}): WizardDataInput {
  return {
    ...checkUpToStep(step, options),
    photosSignature: {
      photos: [],
      signature: fileUrlFor(signatureId),
      meterEnd: '',
      remoteCutOffValveSerial: '',
      heatingControllerSet: null,
    },
  };
}

/** The CP1/TS1 pack's readings of a passing check, every judged one inside the pack's default ranges. */
export const PASSING_CP1 = {
  meterMake: 'Kamstrup',
  meterModel: 'MULTICAL 403',
  meterSerial: 'KM-77120',
  baselineEnergy: '1520.4',
  baselineVolume: '48.21',
  baselineFlow: '0',
  baselinePower: '0',
  baselineFlowTemp: '68',
  baselineReturnTemp: '38',
  staticFlowPressure: '4.2',
  staticReturnPressure: '3.9',
  differentialPressure: '45',
  dpcvSetting: 'Position 3',
  flushed: true,
  inhibitorMake: 'Sentinel X100',
  inhibitorLitres: '0.5',
  waterSample: true,
  strainerCondition: 'Clear',
  keepWarmReturn: '42',
  heatingPeakReturn: '48',
  meterFlowAtDesign: '0.5',
  heatingPeakEnergy: '1520.9',
  heatingPeakVolume: '48.3',
  heatingPeakFlow: '0.5',
  heatingPeakPower: '9.8',
  heatingPeakFlowTemp: '68',
  heatingPeakReturnTemp: '48',
  kitchenTapFlow: '7',
  peakReturn: '22',
  peakDeliveredTemp: '52',
  dhwPeakEnergy: '1521.6',
  dhwPeakVolume: '48.5',
  dhwPeakFlow: '1.1',
  dhwPeakPower: '38',
  dhwPeakFlowTemp: '69',
  dhwPeakReturnTemp: '22',
  finalEnergy: '1521.9',
  // Version 3's answers (docs/product.md, Test packs), each one that passes; versions 1 and 2 do not ask them.
  meterAccessible: true,
  dhwSetPoint: '50',
  dhwSetPointTolerance: '5',
  heatingSetPoint: '60',
  dpTestPoints: true,
  chemicalCleanse: true,
  flushingBypass: 'Closed',
  fusedSpur: true,
  coldDownDone: true,
  coldDownTapTemp: '14',
  fillingLoopDisconnected: true,
  casingFitted: true,
  manualsLeft: true,
  issues: [] as {
    id: string;
    description: string;
    owner: 'engineer' | 'installer' | 'client' | 'other';
    due: string;
    resolved: boolean;
    source?: string;
  }[],
};

/** The labels of the photos the CP1/TS1 pack requires, on ids given by the caller. */
export const CP1_PHOTO_LABELS = ['HIU data badge', 'Heat meter with reading', 'Strainer', 'Labels'];

/** A passing check under the CP1/TS1 pack: the standard passing check plus the pack's readings and photos. */
export function passingCp1Check(
  options: CheckOptions & { cp1?: Partial<typeof PASSING_CP1> & Record<string, unknown> } = {},
): WizardDataInput {
  const { cp1, ...rest } = options;
  const photoId = rest.photoId === undefined ? PASSING_PHOTO_ID : rest.photoId;
  return passingCheck({
    ...rest,
    testPack: rest.testPack ?? { id: 'cp1-ts1', version: 1 },
    cp1: { ...PASSING_CP1, ...cp1 },
    photosSignature: {
      photos: photoId ? CP1_PHOTO_LABELS.map((label) => photoRef(photoId, label)) : [],
      ...rest.photosSignature,
    },
  } as CheckOptions);
}
