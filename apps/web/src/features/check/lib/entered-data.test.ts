import { describe, expect, it } from 'vitest';
import { emptyWizardData, type WizardData } from '@hiu/domain';
import { hasEnteredData } from './entered-data';

function started(): WizardData {
  const d = emptyWizardData();
  Object.assign(d, {
    siteId: 's',
    propertyId: 'p',
    siteName: 'Site',
    address: '1 Road',
    dwellingType: '1b2p',
    engineerName: 'Ann',
    startTime: '2026-01-01T09:00:00Z',
  });
  d.radiators.roomChecks = { Hall: { valveSetting: '', expectedValveSetting: '2.5' } };
  return d;
}

describe('hasEnteredData', () => {
  it('is false for a check that has only its auto-filled values', () => {
    expect(hasEnteredData(started())).toBe(false);
  });
  it.each([
    ['HIU model', (d: WizardData) => void (d.hiuModel = 'X1')],
    ['a yes/no answer', (d: WizardData) => void (d.initialChecks.meterOk = false)],
    ['a standby value', (d: WizardData) => void (d.standbyMode.flowRate = '2.5')],
    ['a valve setting', (d: WizardData) => void (d.radiators.roomChecks.Hall!.valveSetting = '2')],
    ['a DHW answer', (d: WizardData) => void (d.dhwChecks.fortyFiveIn45 = true)],
    ['a valve serial', (d: WizardData) => void (d.photosSignature.remoteCutOffValveSerial = 'NA')],
    [
      'a photo',
      (d: WizardData) =>
        void d.photosSignature.photos.push({
          id: '0b6f0c6e-0000-4000-8000-000000000000',
          url: '/api/files/0b6f0c6e-0000-4000-8000-000000000000',
          label: '',
        }),
    ],
  ])('is true once %s is entered', (_name, change) => {
    const d = started();
    change(d);
    expect(hasEnteredData(d)).toBe(true);
  });
});
