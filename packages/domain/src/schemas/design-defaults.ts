import type { DesignParameters } from './design-parameters.js';
import { DESIGN_RANGE_DEFAULTS, type DesignRangeGroup } from './design-ranges.js';

const RANGE_GROUPS = Object.keys(DESIGN_RANGE_DEFAULTS) as DesignRangeGroup[];

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
  out.byPropertyType = params?.byPropertyType ?? {};
  return out as DesignParameters;
}

/** What POST /api/sites fills in when the caller sends no design parameters (docs/product.md#site-defaults). */
export function defaultDesignParameters(): DesignParameters {
  return withDesignDefaults({
    radiatorDefaults: {
      '1b2p': { flowTemp: '50', returnTemp: '40', flowRate: '2.5' },
      '2b4p': { flowTemp: '52', returnTemp: '42', flowRate: '3.0' },
      '3b5p': { flowTemp: '54', returnTemp: '44', flowRate: '3.5' },
    },
  });
}
