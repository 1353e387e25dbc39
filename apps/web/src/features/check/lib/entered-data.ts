import type { WizardData } from '@hiu/domain';

const blank = (v: unknown) => v === '' || v === null || v === undefined;

/**
 * Whether the engineer has typed anything beyond what the check fills in by itself
 * (site, address, dwelling type, engineer, start time, the room list). Cancel asks first when so.
 */
export function hasEnteredData(d: WizardData): boolean {
  const typed: unknown[] = [
    d.hiuModel,
    d.hiuSerial,
    d.meterStart,
    ...Object.values(d.initialChecks),
    ...Object.values(d.standbyMode),
    ...Object.values(d.radiators.roomChecks).map((r) => r.valveSetting),
    ...Object.values(d.heatingMode),
    ...Object.values(d.dhwChecks),
    d.photosSignature.signature,
    d.photosSignature.meterEnd,
    d.photosSignature.remoteCutOffValveSerial,
    d.photosSignature.heatingControllerSet,
  ];
  return d.photosSignature.photos.length > 0 || typed.some((v) => !blank(v));
}
