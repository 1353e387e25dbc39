// The admin's form for the CP1/TS1 design parameters: apart from the pack's catalogue (cp1-ts1.ts), so the
// engineer's screens, which share that module with the admin screens, do not carry the form's labels and hints.
import type { Unit } from '../units.js';
import type { Cp1ParamKey } from './cp1-ts1.js';
import type { SetPointKey } from './set-point-defaults.js';

/** What the admin edits for the pack, in the order the engineer meets the values. */
export const CP1_PARAM_FIELDS: { key: Cp1ParamKey | SetPointKey; label: string; unit: Unit; hint: string }[] = [
  // Filled in on step 1 for the engineer to confirm (docs/product.md#values-per-property-type).
  { key: 'dhwSetPoint', label: 'Hot-water set-point', unit: '°C', hint: 'Fills step 1; the engineer confirms it' },
  {
    key: 'dhwSetPointTolerance',
    label: 'Hot-water set-point tolerance',
    unit: 'K',
    hint: 'Fills step 1; the engineer confirms it',
  },
  {
    key: 'heatingSetPoint',
    label: 'Heating flow set-point',
    unit: '°C',
    hint: 'Fills step 1; the engineer confirms it',
  },
  {
    key: 'keepWarmReturnMax',
    label: 'Keep-warm primary return, at most',
    unit: '°C',
    hint: 'At least 5 °C below the hot-water set-point',
  },
  {
    key: 'heatingPeakReturnMax',
    label: 'Heating peak primary return, at most',
    unit: '°C',
    hint: "The site's design return",
  },
  { key: 'designFlow', label: 'Design flow at the heat meter', unit: 'm³/h', hint: 'Leave empty to record only' },
  { key: 'designFlowTolerance', label: 'Design flow tolerance', unit: '%', hint: 'Plus or minus' },
  { key: 'kitchenTapFlowMin', label: 'Kitchen tap flow, at least', unit: 'L/min', hint: '' },
  { key: 'kitchenTapFlowMax', label: 'Kitchen tap flow, at most', unit: 'L/min', hint: '' },
  { key: 'peakReturnMax', label: 'Primary return in the hot-water peak test, at most', unit: '°C', hint: '' },
];
