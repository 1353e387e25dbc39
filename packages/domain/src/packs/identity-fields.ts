import type { PackField } from './cp1-ts1.js';
import { PACK_VERSIONS } from './registry.js';
import { packOf } from './test-packs.js';
import type { TestPackRef } from './test-pack-types.js';

/**
 * The pack fields that name a device fitted in the flat (the heat meter's make, model and serial, the in-home
 * display's serial): a re-test starts with them from the flat's last report, unless the reviewer marked one to
 * be read off the device again (docs/product.md#my-flats).
 */
export function identityFieldsOf(data: { testPack?: TestPackRef | undefined }): readonly PackField[] {
  return packOf(data).fields.filter((f) => f.identity);
}

/** Every version's identity fields, once each by key: what the server reads of a flat's last report. */
export const PACK_IDENTITY_FIELDS: readonly PackField[] = [
  ...new Map(PACK_VERSIONS.flatMap((p) => p.fields.filter((f) => f.identity)).map((f) => [f.key, f])).values(),
];
