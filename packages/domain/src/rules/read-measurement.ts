import type { WizardData } from '../schemas/wizard-data.js';
import type { Measurement } from './catalogue.js';

/**
 * The string a measurement holds in the wizard data. Apart from the catalogue, which is plain data: the wizard
 * data's schema includes the test packs', and those are built from the catalogue.
 */
export function readMeasurement(data: WizardData, m: Measurement): string {
  const [a, b] = m.path;
  const top = (data as unknown as Record<string, unknown>)[a];
  const v = b === undefined ? top : (top as Record<string, unknown> | undefined)?.[b];
  return typeof v === 'string' ? v : '';
}
