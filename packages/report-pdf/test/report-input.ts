import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_RANGES, evaluate, wizardDataSchema, type WizardDataInput } from '@hiu/domain';
import {
  PASSING_PHOTO_ID,
  PASSING_SIGNATURE_ID,
  passingCheck,
  photoRef,
  roomsSetAsExpected,
  type CheckOptions,
} from '@hiu/domain/testing';
import type { ReportPdfInput } from '../src/index.js';

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name)));

export const PORTRAIT_ID = '22222222-2222-4222-8222-222222222222';

export const IMAGES = {
  [PASSING_PHOTO_ID]: { bytes: fixture('photo.jpg'), contentType: 'image/jpeg' },
  [PORTRAIT_ID]: { bytes: fixture('portrait.jpg'), contentType: 'image/jpeg' },
  [PASSING_SIGNATURE_ID]: { bytes: fixture('signature.png'), contentType: 'image/png' },
};

/** The shared passing check with more to draw: four rooms, and a landscape and a portrait photo. */
export function passingData(options: CheckOptions = {}): WizardDataInput {
  return passingCheck({
    ...options,
    radiators: {
      roomChecks: roomsSetAsExpected({ Hall: '2.5', 'Living Room': '3', Kitchen: '2.5', 'Bedroom 1': '2' }),
      ...options.radiators,
    },
    photosSignature: {
      photos: [photoRef(PASSING_PHOTO_ID, 'HIU with cover off'), photoRef(PORTRAIT_ID, 'Heat meter display')],
      ...options.photosSignature,
    },
  });
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
