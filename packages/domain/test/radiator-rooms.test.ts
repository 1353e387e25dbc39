import { describe, expect, it } from 'vitest';
import { roomChecksFor, roomsForDwellingType, typesWithoutRooms } from '../src/index.js';

describe('property types without radiator rooms', () => {
  const design = { '1b2p': { Hall: { expectedValveSetting: '2.5' } }, '2b4p': {} };

  it('lists the types with no rooms, in the site order, whether absent or empty', () => {
    expect(typesWithoutRooms(design, ['3b5p', '1b2p', '2b4p'])).toEqual(['3b5p', '2b4p']);
    expect(typesWithoutRooms(design, ['1b2p'])).toEqual([]);
  });

  it("are the types step 4 shows the type's usual rooms for, with no expected setting", () => {
    for (const type of typesWithoutRooms(design, ['1b2p', '2b4p', '3b5p'])) {
      const checks = roomChecksFor(design, type);
      expect(Object.keys(checks)).toEqual(roomsForDwellingType(type));
      expect(Object.values(checks).every((c) => c.expectedValveSetting === '')).toBe(true);
    }
  });
});
