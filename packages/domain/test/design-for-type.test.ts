import { describe, expect, it } from 'vitest';
import {
  currentTestPack,
  defaultDesignParameters,
  designForType,
  designParameterErrors,
  designParametersSchema,
  judge,
  rangesFor,
  withDesignDefaults,
  type DesignParameters,
} from '../src/index.js';

/** A site whose standby return is 40-43 °C, with 2b4p flats allowed 38-48 °C and a design flow of their own. */
function site(): DesignParameters {
  return designParametersSchema.parse({
    ...defaultDesignParameters(),
    cp1: { ...defaultDesignParameters().cp1, designFlow: '0.50' },
    byPropertyType: {
      '2b4p': { standby: { returnTempMin: '38', returnTempMax: '48' }, cp1: { designFlow: '0.80' } },
      studio: { heating: { primaryReturnTempMax: '' } },
    },
  });
}

const standbyReturn = (type: string, value: string) =>
  judge(value, rangesFor(designForType(site(), type)).standbyReturnTemp);

describe("a flat's design values come from its property type, else from its site", () => {
  it.each([
    ['at the type’s max', '48', 'pass'],
    ['just inside the type’s max', '47.9', 'pass'],
    ['just outside the type’s max', '48.1', 'fail'],
    ['at the type’s min', '38', 'pass'],
    ['just inside the type’s min', '38.1', 'pass'],
    ['just outside the type’s min', '37.9', 'fail'],
  ])('a 2b4p flat’s standby return %s (%s °C) is %s', (_what, value, verdict) => {
    expect(standbyReturn('2b4p', value)).toBe(verdict);
  });

  it.each([
    ['at the site’s max', '43', 'pass'],
    ['just inside the site’s max', '42.9', 'pass'],
    ['just outside the site’s max', '43.1', 'fail'],
    ['at the site’s min', '40', 'pass'],
    ['just inside the site’s min', '40.1', 'pass'],
    ['just outside the site’s min', '39.9', 'fail'],
  ])(
    'a 1b2p flat, whose type has no values of its own, is held to the site: %s (%s °C) is %s',
    (_w, value, verdict) => {
      expect(standbyReturn('1b2p', value)).toBe(verdict);
    },
  );

  // The CP1/TS1 heating peak flow is held to the design flow plus and minus its tolerance (10 %).
  it.each([
    ['2b4p', '0.88', 'pass'],
    ['2b4p', '0.879', 'pass'],
    ['2b4p', '0.881', 'fail'],
    ['2b4p', '0.72', 'pass'],
    ['2b4p', '0.721', 'pass'],
    ['2b4p', '0.719', 'fail'],
    ['1b2p', '0.55', 'pass'],
    ['1b2p', '0.551', 'fail'],
    ['1b2p', '0.45', 'pass'],
    ['1b2p', '0.449', 'fail'],
  ])('a %s flat’s heating peak flow of %s m³/h, against its design flow ±10 %%, is %s', (type, value, verdict) => {
    const ranges = rangesFor(designForType(site(), type), currentTestPack('cp1-ts1'));
    expect(judge(value, ranges['cp1.heatingPeakFlow'])).toBe(verdict);
  });

  it('takes only what the type sets: its other values, and an empty one, are the site’s', () => {
    const flat = designForType(site(), '2b4p');
    expect(flat.standby).toEqual({ ...site().standby, returnTempMin: '38', returnTempMax: '48' });
    expect(flat.cp1.designFlow).toBe('0.80');
    expect(designForType(site(), '1b2p').cp1.designFlow).toBe('0.50');
    expect(designForType(site(), 'studio').heating).toEqual(site().heating);
  });

  it('gives the site’s values for no type, an unknown type, and an old site without values per type', () => {
    const plain = withDesignDefaults(site());
    for (const type of [undefined, '', '4b6p']) {
      expect(designForType(site(), type)).toEqual({ ...plain, byPropertyType: {} });
    }
    const old = { ...defaultDesignParameters() } as Partial<DesignParameters>;
    delete old.byPropertyType;
    expect(designForType(old, '2b4p').standby).toEqual(defaultDesignParameters().standby);
  });

  it('resolves once: resolving a flat’s values again for any type changes nothing', () => {
    const flat = designForType(site(), '2b4p');
    expect(designForType(flat, '2b4p')).toEqual(flat);
    expect(designForType(flat, '1b2p')).toEqual(flat);
  });
});

describe('a property type’s own values, as the admin enters them', () => {
  const withType = (values: NonNullable<DesignParameters['byPropertyType']>[string]) =>
    designParameterErrors(
      designParametersSchema.parse({ ...defaultDesignParameters(), byPropertyType: { '2b4p': values } }),
    );

  it('takes a min equal to the max it ends up with, and an empty value', () => {
    expect(withType({ standby: { returnTempMin: '43' } })).toEqual({});
    expect(withType({ standby: { returnTempMin: '' } })).toEqual({});
  });

  it('refuses a min above the site’s max, and a max below its own min, on the type’s field', () => {
    expect(withType({ standby: { returnTempMin: '43.1' } })).toEqual({
      'byPropertyType.2b4p.standby.returnTempMin': 'Min must not be above max',
    });
    expect(withType({ standby: { returnTempMin: '45', returnTempMax: '44.9' } })).toMatchObject({
      'byPropertyType.2b4p.standby.returnTempMax': 'Max must not be below min',
    });
  });

  it('holds a design-flow tolerance to 0-100 %', () => {
    expect(withType({ cp1: { designFlowTolerance: '100' } })).toEqual({});
    expect(withType({ cp1: { designFlowTolerance: '100.1' } })).toEqual({
      'byPropertyType.2b4p.cp1.designFlowTolerance': 'Enter 0 to 100',
    });
  });
});
