import { parseDecimal } from '../numbers.js';
import { withDesignDefaults } from '../schemas/design-defaults.js';
import type { DesignParameters, TypeDesign } from '../schemas/design-parameters.js';
import { DESIGN_RANGE_DEFAULTS, type DesignRangeGroup } from '../schemas/design-ranges.js';

const GROUPS = Object.keys(DESIGN_RANGE_DEFAULTS) as DesignRangeGroup[];

/** A site's design parameters as given to `designForType`: what a site, a draft or an old copy holds. */
type GivenDesign = Partial<DesignParameters> | null | undefined;

/** The values a property type has of its own on this site (empty ones dropped), or none. */
export function ownTypeValues(params: GivenDesign, type: string | null | undefined): TypeDesign {
  const own = type ? params?.byPropertyType?.[type.trim()] : undefined;
  const out: TypeDesign = {};
  for (const group of GROUPS) {
    const given = Object.entries((own?.[group] ?? {}) as Record<string, string | undefined>).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && parseDecimal(entry[1]) !== null,
    );
    if (given.length) (out as Record<string, Record<string, string>>)[group] = Object.fromEntries(given);
  }
  return out;
}

/**
 * The design values a flat of `type` is judged by (docs/product.md#values-per-property-type): each value its type
 * has of its own, the site's for the rest, the spec's where the site has none. The answer holds no values per type,
 * so resolving it again for any type gives it back unchanged.
 */
export function designForType(params: GivenDesign, type: string | null | undefined): DesignParameters {
  const site = withDesignDefaults(params);
  const own = ownTypeValues(params, type) as Record<string, Record<string, string>>;
  const out: Record<string, unknown> = { ...site, byPropertyType: {} };
  for (const group of GROUPS) out[group] = { ...site[group], ...own[group] };
  return out as DesignParameters;
}
