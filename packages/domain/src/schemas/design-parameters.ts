import { z } from 'zod';
import { decimalString } from './common.js';
import { DEFAULT_VALVE_SETTING, DESIGN_RANGE_DEFAULTS } from './design-ranges.js';

/** A group of ranges, each value a decimal defaulting to the spec's (from `DESIGN_RANGE_DEFAULTS`). */
function rangeGroup<K extends string>(defaults: Record<K, string>) {
  const shape = Object.fromEntries(
    Object.entries<string>(defaults).map(([key, value]) => [key, decimalString.default(value)]),
  );
  return z.object(shape as Record<K, z.ZodDefault<typeof decimalString>>);
}

export const standbyParams = rangeGroup(DESIGN_RANGE_DEFAULTS.standby);
export const heatingParams = rangeGroup(DESIGN_RANGE_DEFAULTS.heating);
export const dhwParams = rangeGroup(DESIGN_RANGE_DEFAULTS.dhw);
export const tertiaryParams = rangeGroup(DESIGN_RANGE_DEFAULTS.tertiarySystem);
export const cp1Params = rangeGroup(DESIGN_RANGE_DEFAULTS.cp1);

export const roomDesign = z.object({ expectedValveSetting: decimalString.default(DEFAULT_VALVE_SETTING) });
export const roomName = z.string().trim().min(1).max(80);
export const buildingType = z.string().trim().min(1).max(40);

/** property type -> room -> expected valve setting */
export const radiatorDesign = z.record(buildingType, z.record(roomName, roomDesign));

/** The per-type flow/return/flow-rate defaults a new site gets (docs/product.md#site-defaults). Kept apart from
 * the room map so they are never mistaken for rooms. */
export const radiatorTypeDefaults = z.record(
  buildingType,
  z.object({ flowTemp: decimalString, returnTemp: decimalString, flowRate: decimalString }),
);

/** A group's values for one property type: each given value replaces the site's, a missing or empty one keeps it. */
function typeGroup<K extends string>(defaults: Record<K, string>) {
  const shape = Object.fromEntries(Object.keys(defaults).map((key) => [key, decimalString.optional()]));
  return z.object(shape as Record<K, z.ZodOptional<typeof decimalString>>).optional();
}

/** The design values one property type has of its own (docs/product.md#values-per-property-type). */
export const typeDesign = z.object({
  standby: typeGroup(DESIGN_RANGE_DEFAULTS.standby),
  heating: typeGroup(DESIGN_RANGE_DEFAULTS.heating),
  dhw: typeGroup(DESIGN_RANGE_DEFAULTS.dhw),
  tertiarySystem: typeGroup(DESIGN_RANGE_DEFAULTS.tertiarySystem),
  cp1: typeGroup(DESIGN_RANGE_DEFAULTS.cp1),
});

export const designParametersSchema = z.object({
  standby: standbyParams.default(() => standbyParams.parse({})),
  heating: heatingParams.default(() => heatingParams.parse({})),
  dhw: dhwParams.default(() => dhwParams.parse({})),
  tertiarySystem: tertiaryParams.default(() => tertiaryParams.parse({})),
  cp1: cp1Params.default(() => cp1Params.parse({})),
  radiators: radiatorDesign.default({}),
  radiatorDefaults: radiatorTypeDefaults.default({}),
  /** property type -> its own values; a flat of that type is judged by them, others by the site's. */
  byPropertyType: z.record(buildingType, typeDesign).default({}),
});

export type DesignParameters = z.infer<typeof designParametersSchema>;
export type RadiatorDesign = z.infer<typeof radiatorDesign>;
export type TypeDesign = z.infer<typeof typeDesign>;
