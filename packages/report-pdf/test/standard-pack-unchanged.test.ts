import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RANGES,
  evaluate,
  rangesFor,
  reportsCsv,
  wizardDataSchema,
  defaultDesignParameters,
  type ReportCsvInput,
} from '@hiu/domain';
import { buildReportPdf } from '../src/index.js';
import { IMAGES, passingData, pdfInput } from './report-input.js';

// A standard-pack site's report must come out exactly as it did before test packs existed (decision 190):
// same inputs, same bytes. These hashes were taken from the build before test packs were added; a change that
// moves them changes what every existing site's reports look like. The PDF's were taken again once only, when
// the meter start and end readings were given their unit, kWh (decision 216): nothing else moved.
const sha = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

const failing = () => passingData({ standbyMode: { flowTemp: '60', returnTemp: '41', flowRate: '2.5' } });

describe('the standard pack, unchanged', () => {
  it('judges and ranges a standard check as before', () => {
    const data = wizardDataSchema.parse(passingData());
    expect(sha(JSON.stringify(data))).toBe('49e8bbdd67740ad982a3d98f90ee3463bb507f74650419ee9bcd84c6fc15b982');
    expect(sha(JSON.stringify(rangesFor(defaultDesignParameters())))).toBe(
      '0a1af2a0accd6043ed5ec31bccc02251cb574c1be367bc9180a57d147ff0ff24',
    );
    expect(sha(JSON.stringify(evaluate(data, DEFAULT_RANGES, null)))).toBe(
      '6182e07bce32a0b05a5552e8a17f83908c6662edb549edfcf4526890a3125942',
    );
    expect(sha(JSON.stringify(evaluate(wizardDataSchema.parse(failing()), DEFAULT_RANGES, 3)))).toBe(
      '8f8a737f03ded4351bd95200e58a40185eea59503b80ab9d4fc788d230df1164',
    );
  });

  it('builds the same PDF bytes for a passing and a failed report', async () => {
    expect(sha(await buildReportPdf({ ...pdfInput(), images: IMAGES }))).toBe(
      'bd0b39c2e225ea842155e879cfc67273241c51a478556bdbb96af420d0a5608a',
    );
    expect(sha(await buildReportPdf({ ...pdfInput(failing(), { failedStep: 3 }), images: IMAGES }))).toBe(
      'ec233a376416c7054f36222a75e0c0f5c3f198fafa7786c22b4b84c198e15db2',
    );
  });

  it('writes the same CSV', () => {
    const wizardData = wizardDataSchema.parse(passingData());
    const report: ReportCsvInput = {
      propertyAddress: wizardData.address,
      siteName: wizardData.siteName,
      dwellingType: wizardData.dwellingType,
      hiuModel: wizardData.hiuModel,
      hiuSerial: wizardData.hiuSerial,
      engineerName: wizardData.engineerName,
      overallStatus: 'PASS',
      startTime: wizardData.startTime,
      completedAt: '2026-11-20T10:30:00.000Z',
      notes: 'All good',
      wizardData,
    };
    expect(sha(reportsCsv([report]))).toBe('cf3456928e56cf5fa89b19c0496e184af133cda5f4adefc893e5fb8f4e97e9ed');
  });
});
