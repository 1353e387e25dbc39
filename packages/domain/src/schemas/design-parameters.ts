import { z } from 'zod';
import { decimalString } from './common.js';

const d = (value: string) => decimalString.default(value);

/** Spec section 9 defaults, plus the per-site ranges ruling 5 adds (defaults = the spec's fixed ranges). */
export const standbyParams = z.object({
  flowTempMin: d('45'),
  flowTempMax: d('48'),
  flowRateMin: d('2.0'),
  flowRateMax: d('3.0'),
  returnTempMin: d('40'),
  returnTempMax: d('43'),
});

export const heatingParams = z.object({
  flowTempMin: d('50'),
  flowTempMax: d('55'),
  returnTempMin: d('40'),
  returnTempMax: d('45'),
  flowRateMin: d('5.0'),
  flowRateMax: d('8.0'),
  primaryFlowTempMin: d('60'),
  primaryFlowTempMax: d('70'),
  primaryReturnTempMin: d('50'),
  primaryReturnTempMax: d('60'),
  powerMin: d('5'),
  powerMax: d('15'),
});

export const dhwParams = z.object({
  tempMin: d('55'),
  tempMax: d('60'),
  flowTempMin: d('55'),
  flowTempMax: d('60'),
  returnTempMin: d('10'),
  returnTempMax: d('20'),
  flowRateMin: d('8.0'),
  flowRateMax: d('12.0'),
  kitchenTapTempMin: d('45'),
  kitchenTapTempMax: d('50'),
  primaryFlowTempMin: d('55'),
  primaryFlowTempMax: d('65'),
  primaryReturnTempMin: d('45'),
  primaryReturnTempMax: d('55'),
  powerMin: d('10'),
  powerMax: d('20'),
});

export const tertiaryParams = z.object({
  pressureMin: d('1.0'),
  pressureMax: d('1.5'),
});

export const roomDesign = z.object({ expectedValveSetting: decimalString.default('2.5') });
export const roomName = z.string().trim().min(1).max(80);
export const buildingType = z.string().trim().min(1).max(40);

/** property type -> room -> expected valve setting */
export const radiatorDesign = z.record(buildingType, z.record(roomName, roomDesign));

/** The per-type flow/return/flow-rate defaults spec section 9 puts on a new site. Kept apart from
 * the room map so they are never mistaken for rooms. */
export const radiatorTypeDefaults = z.record(
  buildingType,
  z.object({ flowTemp: decimalString, returnTemp: decimalString, flowRate: decimalString }),
);

export const designParametersSchema = z.object({
  standby: standbyParams.default(() => standbyParams.parse({})),
  heating: heatingParams.default(() => heatingParams.parse({})),
  dhw: dhwParams.default(() => dhwParams.parse({})),
  tertiarySystem: tertiaryParams.default(() => tertiaryParams.parse({})),
  radiators: radiatorDesign.default({}),
  radiatorDefaults: radiatorTypeDefaults.default({}),
});

export type DesignParameters = z.infer<typeof designParametersSchema>;
export type RadiatorDesign = z.infer<typeof radiatorDesign>;

export const DEFAULT_BUILDING_TYPES = ['1b2p', '2b4p', '3b5p'];

/** What POST /api/sites fills in when the caller sends no design parameters (spec section 9). */
export function defaultDesignParameters(): DesignParameters {
  return designParametersSchema.parse({
    radiatorDefaults: {
      '1b2p': { flowTemp: '50', returnTemp: '40', flowRate: '2.5' },
      '2b4p': { flowTemp: '52', returnTemp: '42', flowRate: '3.0' },
      '3b5p': { flowTemp: '54', returnTemp: '44', flowRate: '3.5' },
    },
  });
}
