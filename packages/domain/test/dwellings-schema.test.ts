import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dwellingsJsonSchema, DWELLINGS_VERSION } from '../src/index.js';

// The published schema of dwellings.json (docs/product.md#dwellings-export) is the one the API answers under.
describe('dwellings.json schema', () => {
  it('is published in docs/ exactly as the rule book defines it', () => {
    const published = JSON.parse(readFileSync(new URL('../../../docs/dwellings.schema.json', import.meta.url), 'utf8'));
    // On a change of shape: raise DWELLINGS_VERSION and write the file again from dwellingsJsonSchema().
    expect(published).toEqual(dwellingsJsonSchema());
    expect(published.properties.version.const).toBe(DWELLINGS_VERSION);
  });
});
