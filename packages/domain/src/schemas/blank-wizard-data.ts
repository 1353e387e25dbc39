// The check with nothing entered, as plain data with no type from the schema module: the schema takes its
// section defaults from here, and emptyWizardData (empty-wizard-data.ts) gives it the schema's type.
export function blankWizardData() {
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
