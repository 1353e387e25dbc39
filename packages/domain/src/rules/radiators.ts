import type { RadiatorDesign } from '../schemas/design-parameters.js';
import type { RoomCheck } from '../schemas/wizard-data.js';
import { parseDecimal } from '../numbers.js';
import { DEFAULT_VALVE_SETTING } from '../schemas/design-ranges.js';

/** Rooms a new property type starts with (docs/product.md#design-parameters). */
export const NEW_TYPE_ROOMS = ['Hall', 'Living Room', 'Kitchen', 'Bedroom 1'];
/** Rooms step 4 shows when the site has no design for the dwelling type (docs/product.md#steps). */
export const FALLBACK_ROOMS = ['Hall', 'Living Room', 'Kitchen', 'Bedroom 1', 'Bedroom 2'];

export const ROOM_TEMPLATES = [
  { name: 'Studio', rooms: ['Hall', 'Living/Kitchen'] },
  { name: '1-Bed', rooms: ['Hall', 'Living Room', 'Kitchen', 'Bedroom 1'] },
  { name: '2-Bed', rooms: ['Hall', 'Living Room', 'Kitchen', 'Bedroom 1', 'Bedroom 2', 'Bathroom'] },
  {
    name: '3-Bed',
    rooms: ['Hall', 'Living Room', 'Kitchen', 'Bedroom 1', 'Bedroom 2', 'Bedroom 3', 'Bathroom', 'En-suite'],
  },
] as const;

/** The site's property types with no radiator rooms: step 4 shows FALLBACK_ROOMS for them. */
export function typesWithoutRooms(design: RadiatorDesign, types: string[]): string[] {
  return types.filter((t) => Object.keys(design[t] ?? {}).length === 0);
}

/** The room checks step 4 starts from for a dwelling type. */
export function roomChecksFor(design: RadiatorDesign, dwellingType: string): Record<string, RoomCheck> {
  const rooms = design[dwellingType];
  if (rooms && Object.keys(rooms).length > 0) {
    return Object.fromEntries(
      Object.entries(rooms).map(([room, d]) => [
        room,
        { valveSetting: '', expectedValveSetting: d.expectedValveSetting },
      ]),
    );
  }
  return Object.fromEntries(FALLBACK_ROOMS.map((room) => [room, { valveSetting: '', expectedValveSetting: '' }]));
}

/** A room passes when its setting equals the expected one numerically; no expected value means any entry passes. */
export function judgeRoom(check: RoomCheck): 'pass' | 'fail' | 'pending' {
  const got = parseDecimal(check.valveSetting);
  if (got === null) return 'pending';
  const expected = parseDecimal(check.expectedValveSetting);
  if (expected === null) return 'pass';
  return got === expected ? 'pass' : 'fail';
}

type Rooms = Record<string, { expectedValveSetting: string }>;

/** Add rooms (trimmed, blanks dropped) at the default setting, keeping rooms already present. */
export function addRooms(rooms: Rooms, names: string[]): Rooms {
  const next = { ...rooms };
  for (const raw of names) {
    const name = raw.trim();
    if (name && !(name in next)) next[name] = { expectedValveSetting: DEFAULT_VALVE_SETTING };
  }
  return next;
}

/** Room names typed as "Hall, Kitchen , ,Bedroom" -> ["Hall","Kitchen","Bedroom"]. */
export function splitRoomInput(input: string): string[] {
  return input
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function defaultRoomsForNewType(): Rooms {
  return addRooms({}, NEW_TYPE_ROOMS);
}
