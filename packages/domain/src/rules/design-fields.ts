import { parseDecimal } from '../numbers.js';
import type { DesignParameters } from '../schemas/design-parameters.js';
import type { Unit } from '../units.js';
import { MEASUREMENTS, type Measurement } from './catalogue.js';
import { designForType } from './design-for-type.js';
import { CP1_FIELDS_V3 } from '../packs/cp1-ts1-v3.js';
import { SET_POINT_KEYS } from '../packs/set-point-defaults.js';

export type RangeGroup = Exclude<keyof DesignParameters, 'radiators' | 'radiatorDefaults' | 'byPropertyType'>;

/** One min/max pair of a site's design parameters, as the admin edits it. */
export interface DesignRangeField {
  group: RangeGroup;
  /** Field name without Min/Max: `flowTemp` edits flowTempMin and flowTempMax. */
  key: string;
  label: string;
  unit: Unit;
  /** The checklist measurement this range judges; undefined for a value kept for reference only. */
  judges?: { step: number; label: string; id: string };
}

export type DesignTab = 'standby' | 'heating' | 'dhw';

const judged = (group: RangeGroup, key: string): Measurement | undefined =>
  (MEASUREMENTS as readonly Measurement[]).find((m) => m.range?.group === group && m.range.min === `${key}Min`);

function field(group: RangeGroup, key: string, label: string, unit: Unit): DesignRangeField {
  const m = judged(group, key);
  return {
    group,
    key,
    label,
    unit: m?.unit ?? unit,
    ...(m ? { judges: { step: m.step, label: m.label, id: m.id } } : {}),
  };
}

/**
 * The ranges each design-parameter tab edits, in the Overview's order (docs/product.md#design-parameters), followed by the judged
 * values each site sets. Heating also edits the tertiary system pressure, as the spec places it there.
 */
export const DESIGN_RANGE_FIELDS: Record<DesignTab, DesignRangeField[]> = {
  standby: [
    field('standby', 'flowTemp', 'Flow Temperature', '°C'),
    field('standby', 'flowRate', 'Flow Rate', 'L/min'),
    field('standby', 'returnTemp', 'Return Temperature', '°C'),
  ],
  heating: [
    field('heating', 'flowTemp', 'Flow Temperature', '°C'),
    field('heating', 'returnTemp', 'Return Temperature', '°C'),
    field('heating', 'flowRate', 'Flow Rate', 'L/min'),
    field('tertiarySystem', 'pressure', 'Tertiary System Pressure', 'bar'),
    field('heating', 'primaryFlowTemp', 'Primary Flow Temperature', '°C'),
    field('heating', 'primaryReturnTemp', 'Primary Return Temperature', '°C'),
    field('heating', 'power', 'Power Consumption', 'kW'),
  ],
  dhw: [
    field('dhw', 'temp', 'Temperature', '°C'),
    field('dhw', 'flowTemp', 'Flow Temperature', '°C'),
    field('dhw', 'returnTemp', 'Return Temperature', '°C'),
    field('dhw', 'flowRate', 'Flow Rate', 'L/min'),
    field('dhw', 'kitchenTapTemp', 'DHW at Kitchen Tap', '°C'),
    field('dhw', 'primaryFlowTemp', 'Primary Flow Temperature', '°C'),
    field('dhw', 'primaryReturnTemp', 'Primary Return Temperature', '°C'),
    field('dhw', 'power', 'DHW Power Consumption', 'kW'),
  ],
};

/** The Overview's read-only sections (docs/product.md#design-parameters): Standby, Heating, DHW, then Tertiary System. */
export const DESIGN_OVERVIEW_SECTIONS: { title: string; fields: DesignRangeField[] }[] = [
  { title: 'Standby', fields: DESIGN_RANGE_FIELDS.standby },
  { title: 'Heating', fields: DESIGN_RANGE_FIELDS.heating.filter((f) => f.group !== 'tertiarySystem') },
  { title: 'DHW', fields: DESIGN_RANGE_FIELDS.dhw },
  { title: 'Tertiary System', fields: DESIGN_RANGE_FIELDS.heating.filter((f) => f.group === 'tertiarySystem') },
];

/** The error path designParameterErrors uses for a field's min or max. */
export const designFieldPath = (f: DesignRangeField, end: 'Min' | 'Max') => `${f.group}.${f.key}${end}`;

/**
 * Admin form checks: every range value must be a number and each min at most its max. Here with the fields the
 * admin edits, not with the ranges every check screen reads.
 */
export function designParameterErrors(params: DesignParameters): Record<string, string> {
  const errors: Record<string, string> = {};
  const groups = ['standby', 'heating', 'dhw', 'tertiarySystem'] as const;
  for (const g of groups) {
    const group = params[g] as Record<string, string>;
    for (const [key, value] of Object.entries(group)) {
      if (parseDecimal(value) === null) errors[`${g}.${key}`] = 'Enter a number';
    }
    for (const key of Object.keys(group)) {
      if (!key.endsWith('Min')) continue;
      const maxKey = key.slice(0, -3) + 'Max';
      const min = parseDecimal(group[key]);
      const max = parseDecimal(group[maxKey]);
      if (min !== null && max !== null && min > max) errors[`${g}.${maxKey}`] = 'Max must not be below min';
    }
  }
  // The pack's values may be left empty: such a reading is recorded, not judged.
  const cp1 = (params.cp1 ?? {}) as Record<string, string>;
  for (const [key, value] of Object.entries(cp1)) {
    if (value.trim() !== '' && parseDecimal(value) === null) errors[`cp1.${key}`] = 'Enter a number or leave empty';
  }
  const tapMin = parseDecimal(cp1.kitchenTapFlowMin);
  const tapMax = parseDecimal(cp1.kitchenTapFlowMax);
  if (tapMin !== null && tapMax !== null && tapMin > tapMax)
    errors['cp1.kitchenTapFlowMax'] = 'Max must not be below min';
  const tolerance = parseDecimal(cp1.designFlowTolerance);
  if (tolerance !== null && (tolerance < 0 || tolerance > 100)) errors['cp1.designFlowTolerance'] = 'Enter 0 to 100';
  for (const key of SET_POINT_KEYS) {
    const message = setPointError(key, cp1[key]);
    if (message) errors[`cp1.${key}`] = message;
  }
  Object.assign(errors, typeValueErrors(params));
  for (const [type, rooms] of Object.entries(params.radiators)) {
    for (const [room, design] of Object.entries(rooms)) {
      if (parseDecimal(design.expectedValveSetting) === null) {
        errors[`radiators.${type}.${room}`] = 'Enter a number';
      }
    }
  }
  return errors;
}

/** A set-point a check starts with is held to what a unit can be set to, as step 1 holds the engineer's. */
function setPointError(key: string, value: string | undefined): string | undefined {
  const field = (SET_POINT_KEYS as string[]).includes(key) ? CP1_FIELDS_V3.find((f) => f.key === key) : undefined;
  const n = parseDecimal(value ?? '');
  if (!field?.limits || n === null) return undefined;
  const { min, max } = field.limits;
  return n < min || n > max ? `Enter ${min} to ${max} ${field.unit ?? ''}`.trim() : undefined;
}

/** The path of a property type's own value: `byPropertyType.2b4p.dhw.tempMax`. */
export const typeValuePath = (type: string, group: RangeGroup, key: string) => `byPropertyType.${type}.${group}.${key}`;

/**
 * A property type's own values: each a number or empty (the site's value then applies), and each range the type
 * ends up with, its own ends or the site's, has its min at most its max.
 */
function typeValueErrors(params: DesignParameters): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [type, own] of Object.entries(params.byPropertyType ?? {})) {
    const resolved = designForType(params, type);
    for (const [group, values] of Object.entries(own) as [RangeGroup, Record<string, string | undefined>][]) {
      for (const [key, value] of Object.entries(values ?? {})) {
        if (value === undefined || value.trim() === '') continue;
        if (parseDecimal(value) === null) {
          errors[typeValuePath(type, group, key)] = 'Enter a number or leave empty';
          continue;
        }
        const tolerance = group === 'cp1' && key === 'designFlowTolerance' ? parseDecimal(value) : null;
        if (tolerance !== null && (tolerance < 0 || tolerance > 100))
          errors[typeValuePath(type, group, key)] = 'Enter 0 to 100';
        const setPoint = group === 'cp1' ? setPointError(key, value) : undefined;
        if (setPoint) errors[typeValuePath(type, group, key)] = setPoint;
        const end = key.endsWith('Min') ? 'Min' : key.endsWith('Max') ? 'Max' : null;
        if (!end) continue;
        const base = key.slice(0, -3);
        const range = resolved[group] as Record<string, string>;
        const min = parseDecimal(range[`${base}Min`]);
        const max = parseDecimal(range[`${base}Max`]);
        if (min !== null && max !== null && min > max)
          errors[typeValuePath(type, group, key)] ??=
            end === 'Max' ? 'Max must not be below min' : 'Min must not be above max';
      }
    }
  }
  return errors;
}
