// The rooms a flat of a dwelling type usually has (docs/product.md#steps, step 4): what step 4 starts from when
// the site sets no radiator rooms for the type, so a one-bed flat is not asked for a second bedroom.

/** Rooms by flat size: the admin's room templates, and what step 4 offers by a dwelling type's bedrooms. */
export const ROOM_TEMPLATES = [
  { name: 'Studio', rooms: ['Hall', 'Living/Kitchen'] },
  { name: '1-Bed', rooms: ['Hall', 'Living Room', 'Kitchen', 'Bedroom 1'] },
  { name: '2-Bed', rooms: ['Hall', 'Living Room', 'Kitchen', 'Bedroom 1', 'Bedroom 2', 'Bathroom'] },
  {
    name: '3-Bed',
    rooms: ['Hall', 'Living Room', 'Kitchen', 'Bedroom 1', 'Bedroom 2', 'Bedroom 3', 'Bathroom', 'En-suite'],
  },
] as const;

const template = (name: string): readonly string[] => ROOM_TEMPLATES.find((t) => t.name === name)!.rooms;

/**
 * The number of bedrooms a dwelling type names: "1b2p" (bedrooms and people, as sites name types), "2 bed",
 * "3-Bed", "Studio" (none); null when the name says nothing the rule book can read ("Type A").
 */
export function bedroomsOf(dwellingType: string): number | null {
  const type = dwellingType.trim().toLowerCase();
  if (/\bstudio\b/.test(type)) return 0;
  const match = /^(\d{1,2})\s*-?\s*b(?:ed(?:room)?s?)?(?:\b|\d)/.exec(type);
  return match ? Number(match[1]) : null;
}

/**
 * The rooms of a dwelling type by its bedrooms, from the rule book's room templates (a fourth bedroom and on
 * after the three-bed's), or null when the type does not say how many bedrooms it has.
 */
export function roomsForDwellingType(dwellingType: string): string[] | null {
  const bedrooms = bedroomsOf(dwellingType);
  if (bedrooms === null) return null;
  if (bedrooms === 0) return [...template('Studio')];
  if (bedrooms <= 3) return [...template(`${bedrooms}-Bed`)];
  const more = Array.from({ length: bedrooms - 3 }, (_, i) => `Bedroom ${i + 4}`);
  const threeBed = [...template('3-Bed')];
  const afterBedrooms = threeBed.indexOf('Bedroom 3') + 1;
  return [...threeBed.slice(0, afterBedrooms), ...more, ...threeBed.slice(afterBedrooms)];
}
