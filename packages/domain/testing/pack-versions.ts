// A later version of a pack exists only once the product releases one; until then a test that needs one adds
// this fixture to the registry for its own duration. Not a product pack: the app never loads it.
import { CP1_FIELDS_V1, type PackField } from '../src/packs/cp1-ts1.js';
import { PACK_VERSIONS } from '../src/packs/registry.js';
import type { TestPack } from '../src/packs/test-pack-types.js';
import { findTestPack } from '../src/packs/test-packs.js';

const v1 = findTestPack({ id: 'cp1-ts1', version: 1 })!;

/** A field only the later version of the fixture has, on step 2 beside the primary pressures. */
export const CP1_V2_NEW_FIELD: PackField = {
  key: 'secondaryStaticPressure',
  step: 2,
  group: 'Primary pressures',
  label: 'Secondary static pressure',
  kind: 'number',
  unit: 'bar',
  required: true,
  limits: { min: 0, max: 10 },
};

/**
 * A later version of CP1/TS1 for tests ("version 4", after the released ones): the keep-warm return is held to the hot-water peak test's limit (25 °C by
 * default, where version 1 holds it to 50 °C), a static flow pressure may be at most 10 bar (25 in version 1),
 * and a secondary static pressure is added.
 */
export const CP1_V2_FIXTURE: TestPack = {
  ...v1,
  version: 4,
  fields: CP1_FIELDS_V1.flatMap((f): PackField[] => {
    if (f.key === 'keepWarmReturn') return [{ ...f, range: { max: 'peakReturnMax' } }];
    if (f.key === 'staticFlowPressure') return [{ ...f, limits: { min: 0, max: 10 } }];
    if (f.key === 'differentialPressure') return [f, CP1_V2_NEW_FIELD];
    return [f];
  }),
};

/** Adds a pack version to the rule book's registry until the returned function is called. */
export function addTestPackVersion(pack: TestPack = CP1_V2_FIXTURE): () => void {
  if (findTestPack(pack)) throw new Error(`${pack.id} version ${pack.version} is already known`);
  PACK_VERSIONS.push(pack);
  return () => {
    const at = PACK_VERSIONS.indexOf(pack);
    if (at >= 0) PACK_VERSIONS.splice(at, 1);
  };
}
