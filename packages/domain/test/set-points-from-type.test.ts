import { describe, expect, it } from 'vitest';
import {
  blankCp1,
  currentTestPack,
  defaultDesignParameters,
  designForType,
  designParameterErrors,
  designParametersSchema,
  setPointFromDesign,
  SET_POINT_KEYS,
  testPackVersions,
  withSetPointsFromDesign,
  type DesignParameters,
} from '../src/index.js';

/** A site whose flats are set to 55 °C hot water, with 3b5p flats set to 60 °C ± 3 K and 70 °C heating. */
function site(): DesignParameters {
  return designParametersSchema.parse({
    ...defaultDesignParameters(),
    cp1: { ...defaultDesignParameters().cp1, dhwSetPoint: '55' },
    byPropertyType: {
      '3b5p': { cp1: { dhwSetPoint: '60', dhwSetPointTolerance: '3', heatingSetPoint: '70' } },
    },
  });
}
const V3_FIELDS = currentTestPack('cp1-ts1').fields;
const V1_FIELDS = testPackVersions('cp1-ts1').find((p) => p.version === 1)!.fields;

describe("a unit's set-points start from its property type (docs/product.md#values-per-property-type)", () => {
  it('a new site has no set-points: a check starts with them empty', () => {
    const none = designForType(defaultDesignParameters(), '1b2p');
    expect(SET_POINT_KEYS.map((k) => (none.cp1 as Record<string, string>)[k])).toEqual(['', '', '']);
    const cp1 = withSetPointsFromDesign(blankCp1(V3_FIELDS), none, V3_FIELDS);
    expect([cp1.dhwSetPoint, cp1.dhwSetPointTolerance, cp1.heatingSetPoint]).toEqual(['', '', '']);
  });

  it("fills the empty set-points with the type's own, the site's where the type has none", () => {
    const cp1 = withSetPointsFromDesign(blankCp1(V3_FIELDS), designForType(site(), '3b5p'), V3_FIELDS);
    expect([cp1.dhwSetPoint, cp1.dhwSetPointTolerance, cp1.heatingSetPoint]).toEqual(['60', '3', '70']);
    const studio = withSetPointsFromDesign(blankCp1(V3_FIELDS), designForType(site(), 'studio'), V3_FIELDS);
    expect([studio.dhwSetPoint, studio.dhwSetPointTolerance, studio.heatingSetPoint]).toEqual(['55', '', '']);
  });

  it('never overwrites a value the engineer typed, and leaves the input as it was', () => {
    const typed: Record<string, unknown> = { ...blankCp1(V3_FIELDS), dhwSetPoint: '58' };
    const cp1 = withSetPointsFromDesign(typed, designForType(site(), '3b5p'), V3_FIELDS);
    expect([cp1.dhwSetPoint, cp1.dhwSetPointTolerance, cp1.heatingSetPoint]).toEqual(['58', '3', '70']);
    expect(typed.dhwSetPointTolerance).toBe('');
  });

  it('fills nothing under a pack version that does not ask for set-points', () => {
    const cp1 = withSetPointsFromDesign(blankCp1(V1_FIELDS), designForType(site(), '3b5p'), V1_FIELDS);
    expect(cp1).toEqual(blankCp1(V1_FIELDS));
  });

  it('says where a value came from while it is the design value, and nothing once the engineer changed it', () => {
    const design = designForType(site(), '3b5p');
    const data = { dwellingType: '3b5p', cp1: { dhwSetPoint: '60', heatingSetPoint: '72' } };
    expect(setPointFromDesign(data, design, 'dhwSetPoint')).toBe(
      'From the property type 3b5p: check the unit is set to this',
    );
    expect(setPointFromDesign(data, design, 'heatingSetPoint')).toBeUndefined();
    expect(setPointFromDesign(data, design, 'dhwSetPointTolerance')).toBeUndefined();
    expect(setPointFromDesign(data, undefined, 'dhwSetPoint')).toBeUndefined();
  });

  it.each([
    ['dhwSetPoint', '29.9', 'Enter 30 to 80 °C'],
    ['dhwSetPoint', '30', null],
    ['dhwSetPoint', '80', null],
    ['dhwSetPoint', '80.1', 'Enter 30 to 80 °C'],
    ['dhwSetPointTolerance', '-0.1', 'Enter 0 to 15 K'],
    ['dhwSetPointTolerance', '15', null],
    ['heatingSetPoint', '19.9', 'Enter 20 to 95 °C'],
    ['heatingSetPoint', '95.1', 'Enter 20 to 95 °C'],
  ])("the admin's %s of %s: %j, for the site and for a type", (key, value, message) => {
    const params = designParametersSchema.parse({
      ...defaultDesignParameters(),
      cp1: { ...defaultDesignParameters().cp1, [key]: value },
      byPropertyType: { '3b5p': { cp1: { [key]: value } } },
    });
    const errors = designParameterErrors(params);
    expect(errors[`cp1.${key}`] ?? null).toBe(message);
    expect(errors[`byPropertyType.3b5p.cp1.${key}`] ?? null).toBe(message);
  });
});
