import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_RANGES, evaluate, wizardDataSchema, type WizardDataInput } from '@hiu/domain';
import type { ReportPdfInput } from '../src/index.js';

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name)));

export const PHOTO_ID = '11111111-1111-4111-8111-111111111111';
export const PORTRAIT_ID = '22222222-2222-4222-8222-222222222222';
export const SIGNATURE_ID = '33333333-3333-4333-8333-333333333333';

export const IMAGES = {
  [PHOTO_ID]: { bytes: fixture('photo.jpg'), contentType: 'image/jpeg' },
  [PORTRAIT_ID]: { bytes: fixture('portrait.jpg'), contentType: 'image/jpeg' },
  [SIGNATURE_ID]: { bytes: fixture('signature.png'), contentType: 'image/png' },
};

/** A complete passing check; override any group. */
export function passingData(overrides: WizardDataInput = {}): WizardDataInput {
  return {
    siteName: 'Marsh Court',
    address: 'Flat 12, Marsh House, 4 Quay Street',
    dwellingType: '2b4p',
    hiuModel: 'Evo Compact 40',
    hiuSerial: 'HX-20931',
    engineerName: 'Eddie Engineer',
    startTime: '2026-03-02T09:05:00.000Z',
    meterStart: '1021.4',
    initialChecks: {
      bypassClosed: true,
      strainerClean: true,
      clipsRemoved: true,
      meterOk: true,
      systemPressure: '1.2',
    },
    standbyMode: { flowTemp: '46', returnTemp: '41.5', flowRate: '2.4' },
    radiators: {
      roomChecks: {
        Hall: { valveSetting: '2.5', expectedValveSetting: '2.5' },
        'Living Room': { valveSetting: '3', expectedValveSetting: '3' },
        Kitchen: { valveSetting: '2.5', expectedValveSetting: '2.5' },
        'Bedroom 1': { valveSetting: '2', expectedValveSetting: '2' },
      },
    },
    heatingMode: {
      tertiaryFlow: '52',
      tertiaryReturn: '42',
      primaryFlow: '65',
      primaryReturn: '55',
      powerConsumption: '9.5',
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
      photos: [
        { id: PHOTO_ID, url: `/api/files/${PHOTO_ID}`, label: 'HIU with cover off' },
        { id: PORTRAIT_ID, url: `/api/files/${PORTRAIT_ID}`, label: 'Heat meter display' },
      ],
      signature: `/api/files/${SIGNATURE_ID}`,
      meterEnd: '1021.9',
      remoteCutOffValveSerial: '448812',
      heatingControllerSet: true,
    },
    ...overrides,
  };
}

/** A PDF input the way the server builds it: the verdict comes from the rule book. */
export function pdfInput(data: WizardDataInput = passingData(), extra: Partial<ReportPdfInput> = {}): ReportPdfInput {
  const wizardData = wizardDataSchema.parse(data);
  const failedStep = extra.failedStep ?? null;
  const evaluation = evaluate(wizardData, DEFAULT_RANGES, failedStep);
  return {
    report: {
      siteName: wizardData.siteName,
      propertyAddress: wizardData.address,
      dwellingType: wizardData.dwellingType,
      hiuModel: wizardData.hiuModel,
      hiuSerial: wizardData.hiuSerial,
      engineerName: wizardData.engineerName,
      startTime: wizardData.startTime,
      completedAt: '2026-03-02T10:32:00.000Z',
      overallStatus: evaluation.overall,
    },
    wizardData,
    ranges: DEFAULT_RANGES,
    notes: '',
    failedStep,
    failureReasons: evaluation.issues.filter((i) => i.severity === 'fail').map((i) => i.text),
    images: IMAGES,
    ...extra,
  };
}
