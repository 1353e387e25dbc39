import { describe, expect, it } from 'vitest';
import { FALLBACK_ROOMS, roomChecksFor, typesWithoutRooms } from '../src/index.js';

describe('property types without radiator rooms', () => {
  const design = { '1b2p': { Hall: { expectedValveSetting: '2.5' } }, '2b4p': {} };

  it('lists the types with no rooms, in the site order, whether absent or empty', () => {
    expect(typesWithoutRooms(design, ['3b5p', '1b2p', '2b4p'])).toEqual(['3b5p', '2b4p']);
    expect(typesWithoutRooms(design, ['1b2p'])).toEqual([]);
  });

  it('are the types step 4 shows the generic rooms for', () => {
    for (const type of typesWithoutRooms(design, ['1b2p', '2b4p', '3b5p'])) {
      expect(Object.keys(roomChecksFor(design, type))).toEqual(FALLBACK_ROOMS);
    }
  });
});
