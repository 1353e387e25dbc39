import { describe, expect, it } from 'vitest';
import {
  DESIGN_OVERVIEW_SECTIONS,
  DESIGN_RANGE_FIELDS,
  defaultDesignParameters,
  designFieldPath,
  MEASUREMENTS,
} from '../src/index.js';

const all = Object.values(DESIGN_RANGE_FIELDS).flat();

describe('design-parameter fields', () => {
  it('edit every min/max pair of the design parameters exactly once', () => {
    const dp = defaultDesignParameters();
    const inSchema = (['standby', 'heating', 'dhw', 'tertiarySystem'] as const).flatMap((g) =>
      Object.keys(dp[g]).map((k) => `${g}.${k}`),
    );
    const edited = all.flatMap((f) => [designFieldPath(f, 'Min'), designFieldPath(f, 'Max')]);
    expect([...edited].sort()).toEqual([...inSchema].sort());
  });

  it('cover every judged measurement (ruling 5) and take its unit from the rule book', () => {
    for (const m of MEASUREMENTS) {
      if (!('range' in m)) continue;
      const f = all.find((x) => x.group === m.range.group && `${x.key}Min` === m.range.min);
      expect(f, m.id).toBeDefined();
      expect(f!.unit).toBe(m.unit);
      expect(f!.judges).toEqual({ step: m.step, label: m.label, id: m.id });
    }
  });

  it('keep the spec order and units on the Standby tab, and the spec-only values unjudged', () => {
    expect(DESIGN_RANGE_FIELDS.standby.map((f) => [f.label, f.unit])).toEqual([
      ['Flow Temperature', '°C'],
      ['Flow Rate', 'L/min'],
      ['Return Temperature', '°C'],
    ]);
    expect(DESIGN_RANGE_FIELDS.heating.find((f) => f.key === 'flowRate')!.judges).toBeUndefined();
    expect(DESIGN_RANGE_FIELDS.dhw.filter((f) => !f.judges).map((f) => f.key)).toEqual([
      'temp',
      'flowTemp',
      'returnTemp',
      'flowRate',
    ]);
  });

  it('list the overview in the spec order with pressure under Tertiary System', () => {
    expect(DESIGN_OVERVIEW_SECTIONS.map((s) => s.title)).toEqual(['Standby', 'Heating', 'DHW', 'Tertiary System']);
    expect(DESIGN_OVERVIEW_SECTIONS[3]!.fields.map((f) => [f.label, f.unit])).toEqual([
      ['Tertiary System Pressure', 'bar'],
    ]);
    expect(DESIGN_OVERVIEW_SECTIONS.flatMap((s) => s.fields)).toHaveLength(all.length);
  });
});
