import { CP1_PARAM_DEFAULTS } from '../packs/cp1-ts1.js';
import { SET_POINT_DESIGN_DEFAULTS } from '../packs/set-point-defaults.js';

// Plain data, no zod and no types from the schema modules: the rule book and the engineer's screens fill in
// defaults without downloading the schema library; `designParametersSchema` takes its defaults from here, so
// there is one list.

/** A new site's ranges (docs/product.md#site-defaults), including those each site sets. */
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
  /**
   * The CP1/TS1 pack's judged values, and the unit set-points a check starts with; kept on every site so switching
   * pack needs no set-up.
   */
  cp1: { ...CP1_PARAM_DEFAULTS, ...SET_POINT_DESIGN_DEFAULTS },
} as const;

export type DesignRangeGroup = keyof typeof DESIGN_RANGE_DEFAULTS;
export const DEFAULT_BUILDING_TYPES = ['1b2p', '2b4p', '3b5p'];

/** A radiator valve's expected setting when the site's design gives none. */
export const DEFAULT_VALVE_SETTING = '2.5';
