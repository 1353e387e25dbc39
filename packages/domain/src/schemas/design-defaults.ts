import type { DesignParameters } from './design-parameters.js';

// Plain data, no zod: the rule book and the engineer's screens fill in defaults without downloading the
// schema library; `designParametersSchema` takes its defaults from here, so there is one list.

/** Spec section 9 defaults, plus the per-site ranges ruling 5 adds (defaults = the spec's fixed ranges). */
export const DESIGN_RANGE_DEFAULTS = {
  standby: {
    flowTempMin: '45',
    flowTempMax: '48',
    flowRateMin: '2.0',
    flowRateMax: '3.0',
    returnTempMin: '40',
    returnTempMax: '43',
  },
  heating: {
    flowTempMin: '50',
    flowTempMax: '55',
    returnTempMin: '40',
    returnTempMax: '45',
    flowRateMin: '5.0',
    flowRateMax: '8.0',
    primaryFlowTempMin: '60',
    primaryFlowTempMax: '70',
    primaryReturnTempMin: '50',
    primaryReturnTempMax: '60',
    powerMin: '5',
    powerMax: '15',
  },
  dhw: {
    tempMin: '55',
    tempMax: '60',
    flowTempMin: '55',
    flowTempMax: '60',
    returnTempMin: '10',
    returnTempMax: '20',
    flowRateMin: '8.0',
    flowRateMax: '12.0',
    kitchenTapTempMin: '45',
    kitchenTapTempMax: '50',
    primaryFlowTempMin: '55',
    primaryFlowTempMax: '65',
    primaryReturnTempMin: '45',
    primaryReturnTempMax: '55',
    powerMin: '10',
    powerMax: '20',
  },
  tertiarySystem: { pressureMin: '1.0', pressureMax: '1.5' },
} as const;

export type DesignRangeGroup = keyof typeof DESIGN_RANGE_DEFAULTS;
const RANGE_GROUPS = Object.keys(DESIGN_RANGE_DEFAULTS) as DesignRangeGroup[];

export const DEFAULT_BUILDING_TYPES = ['1b2p', '2b4p', '3b5p'];

/**
 * Design parameters with every missing value set to its default: what `designParametersSchema.parse`
 * returns for valid parameters (a test holds them equal). Values given are kept as they are.
 */
export function withDesignDefaults(params: Partial<DesignParameters> | null | undefined): DesignParameters {
  const out: Record<string, unknown> = {};
  for (const group of RANGE_GROUPS) {
    const given = (params?.[group] ?? {}) as Record<string, string | undefined>;
    const values: Record<string, string> = {};
    for (const [key, fallback] of Object.entries(DESIGN_RANGE_DEFAULTS[group])) values[key] = given[key] ?? fallback;
    out[group] = values;
  }
  out.radiators = params?.radiators ?? {};
  out.radiatorDefaults = params?.radiatorDefaults ?? {};
  return out as DesignParameters;
}

/** What POST /api/sites fills in when the caller sends no design parameters (spec section 9). */
export function defaultDesignParameters(): DesignParameters {
  return withDesignDefaults({
    radiatorDefaults: {
      '1b2p': { flowTemp: '50', returnTemp: '40', flowRate: '2.5' },
      '2b4p': { flowTemp: '52', returnTemp: '42', flowRate: '3.0' },
      '3b5p': { flowTemp: '54', returnTemp: '44', flowRate: '3.5' },
    },
  });
}
