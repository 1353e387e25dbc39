import type { WizardData } from './wizard-data.js';

/**
 * A check with nothing entered: what `wizardDataSchema.parse({})` returns (a test holds them equal, key
 * order included, because the device compares JSON). Plain data, so starting a check needs no zod; the
 * schema's section defaults come from here.
 */
export function emptyWizardData(): WizardData {
  return {
    siteId: '',
    propertyId: '',
    siteName: '',
    address: '',
    dwellingType: '',
    hiuModel: '',
    hiuSerial: '',
    engineerName: '',
    startTime: '',
    meterStart: '',
    initialChecks: { bypassClosed: null, strainerClean: null, clipsRemoved: null, meterOk: null, systemPressure: '' },
    standbyMode: { flowTemp: '', returnTemp: '', flowRate: '' },
    radiators: { roomChecks: {} },
    heatingMode: { tertiaryFlow: '', tertiaryReturn: '', primaryFlow: '', primaryReturn: '', powerConsumption: '' },
    dhwChecks: {
      cwsTemp: '',
      fortyFiveIn45: null,
      fortyFiveStartedAt: '',
      fortyFiveSeconds: '',
      fortyFiveOverrideReason: '',
      dhwKitchenTap: '',
      primaryFlow: '',
      primaryReturn: '',
      dhwPower: '',
    },
    photosSignature: {
      photos: [],
      signature: '',
      meterEnd: '',
      remoteCutOffValveSerial: '',
      heatingControllerSet: null,
    },
    stepCompletedAt: {},
    submitLocation: null,
  };
}
