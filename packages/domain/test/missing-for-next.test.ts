import { describe, expect, it } from 'vitest';
import { canProceed, emptyWizardData, missingForNext, wizardDataSchema } from '../src/index.js';
import { checkUpToStep, passingCheck } from '../testing/check-data.js';

describe('what stops Next', () => {
  const passing = wizardDataSchema.parse(passingCheck());
  const blank = emptyWizardData();
  const partial = wizardDataSchema.parse(checkUpToStep(3, { standbyMode: { flowTemp: '' } }));

  it('is nothing exactly when Next is allowed, on every step', () => {
    for (const data of [passing, blank, partial]) {
      for (let step = 1; step <= 7; step++) {
        expect(missingForNext(step, data).length === 0, `step ${step}`).toBe(canProceed(step, data));
      }
    }
  });

  it('names the fields by their labels on the screen, in screen order', () => {
    expect(missingForNext(1, { ...passing, hiuModel: ' ', hiuSerial: '' })).toEqual(['HIU Model', 'HIU Serial']);
    expect(missingForNext(3, partial)).toEqual(['Flow Temperature']);
    expect(missingForNext(2, blank)).toEqual(
      expect.arrayContaining(['Bypass valve closed', 'Strainer clean', 'Transit clips removed', 'Meter OK']),
    );
    expect(missingForNext(7, { ...passing, photosSignature: { ...passing.photosSignature, signature: '' } })).toEqual([
      'Engineer Signature',
    ]);
  });
});
