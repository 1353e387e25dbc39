import { describe, expect, it } from 'vitest';
import {
  defaultDesignParameters,
  designParametersSchema,
  emptyWizardData,
  withDesignDefaults,
  wizardDataSchema,
  type DesignParameters,
} from '../src/index.js';

// The plain defaults (no zod, for the engineer's first screen) must be exactly what the schemas fill in;
// JSON is compared so that key order, which the device relies on, is held equal too.
const json = (value: unknown) => JSON.stringify(value);

describe('defaults without the schemas', () => {
  it('an empty check is what the wizard data schema makes of nothing', () => {
    expect(json(emptyWizardData())).toBe(json(wizardDataSchema.parse({})));
  });

  it.each<[string, Partial<DesignParameters> | undefined]>([
    ['nothing', undefined],
    ['an empty object', {}],
    ['one range changed', { standby: { flowTempMin: '40' } } as never],
    ['radiators and type defaults', { radiators: { '1b2p': { Hall: { expectedValveSetting: '3' } } } }],
    ['every group', defaultDesignParameters()],
  ])('design parameters from %s get the same defaults as the schema gives', (_, params) => {
    expect(json(withDesignDefaults(params))).toBe(json(designParametersSchema.parse(params ?? {})));
  });

  it('keeps the values a site set', () => {
    const p = withDesignDefaults({ dhw: { tempMin: '50', tempMax: '58' } } as never);
    expect([p.dhw.tempMin, p.dhw.tempMax, p.dhw.flowTempMin, p.standby.flowTempMax]).toEqual(['50', '58', '55', '48']);
  });
});
