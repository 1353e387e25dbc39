import type { WizardDataInput } from '@hiu/domain';

/** A complete passing check's data, its photo and signature already uploaded by the engineer. */
export function passingData(
  site: { id: string; name: string },
  propertyId: string,
  photo: string,
  signature: string,
): WizardDataInput {
  return {
    siteId: site.id,
    propertyId,
    siteName: site.name,
    address: 'Flat 3, Birch House',
    dwellingType: '2b4p',
    hiuModel: 'Evo 40',
    hiuSerial: 'SN 881',
    engineerName: 'Eddie Engineer',
    startTime: '2026-03-02T09:00:00.000Z',
    meterStart: '100.5',
    initialChecks: {
      bypassClosed: true,
      strainerClean: true,
      clipsRemoved: true,
      meterOk: true,
      systemPressure: '1.2',
    },
    standbyMode: { flowTemp: '46', returnTemp: '41', flowRate: '2.5' },
    radiators: { roomChecks: { Hall: { valveSetting: '2.5', expectedValveSetting: '2.5' } } },
    heatingMode: {
      tertiaryFlow: '52',
      tertiaryReturn: '42',
      primaryFlow: '65',
      primaryReturn: '55',
      powerConsumption: '10',
    },
    dhwChecks: {
      cwsTemp: '11',
      fortyFiveIn45: true,
      dhwKitchenTap: '47',
      primaryFlow: '60',
      primaryReturn: '50',
      dhwPower: '15',
    },
    photosSignature: {
      photos: [{ id: photo, url: `/api/files/${photo}`, label: 'HIU front' }],
      signature: `/api/files/${signature}`,
      meterEnd: '101.25',
      remoteCutOffValveSerial: '12345',
      heatingControllerSet: true,
    },
  };
}
