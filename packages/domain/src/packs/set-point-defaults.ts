// The unit's set-points a site, or one of its property types, may hold in its CP1/TS1 design values
// (docs/product.md#values-per-property-type): a check under a pack version that records set-points starts with
// them filled in, for the engineer to confirm. Plain data: the design defaults read it on the first screens.

/** Empty on a new site: nothing is filled in until the admin gives a value. */
export const SET_POINT_DESIGN_DEFAULTS = { dhwSetPoint: '', dhwSetPointTolerance: '', heatingSetPoint: '' } as const;
export type SetPointKey = keyof typeof SET_POINT_DESIGN_DEFAULTS;
/** The keys, the same in the design values and in the check's pack data. */
export const SET_POINT_KEYS = Object.keys(SET_POINT_DESIGN_DEFAULTS) as SetPointKey[];
