import { blankWizardData } from './blank-wizard-data.js';
import type { WizardData } from './wizard-data.js';

/**
 * A check with nothing entered: what `wizardDataSchema.parse({})` returns (a test holds them equal, key
 * order included, because the device compares JSON). Plain data, so starting a check needs no zod.
 */
export function emptyWizardData(): WizardData {
  return blankWizardData();
}
