import type { RadiatorDesign } from '../schemas/design-parameters.js';
import type { RoomCheck } from '../schemas/wizard-data.js';
import { parseDecimal } from '../numbers.js';
import { DEFAULT_VALVE_SETTING } from '../schemas/design-ranges.js';
import { roomsForDwellingType } from './rooms-by-type.js';

/** Rooms a new property type starts with (docs/product.md#design-parameters). */
export const NEW_TYPE_ROOMS = ['Hall', 'Living Room', 'Kitchen', 'Bedroom 1'];

/** The site's property types with no radiator rooms: step 4 offers the type's usual rooms, or none, for them. */
export function typesWithoutRooms(design: RadiatorDesign, types: string[]): string[] {
  return types.filter((t) => Object.keys(design[t] ?? {}).length === 0);
}

/**
 * Where step 4's rooms come from for a dwelling type: the site's radiator design, the rooms a flat of the type
 * usually has (the site sets none for it), or nowhere (the engineer adds the flat's rooms).
 */
export function roomSource(design: RadiatorDesign, dwellingType: string): 'site' | 'type' | 'none' {
  if (Object.keys(design[dwellingType] ?? {}).length > 0) return 'site';
  return roomsForDwellingType(dwellingType) ? 'type' : 'none';
}

/**
 * The room checks step 4 starts from for a dwelling type (docs/product.md#steps): the site's rooms for the type
 * with their expected settings; else the rooms a flat of the type usually has, with none; else no rooms, for
 * the engineer to add the flat's own.
 */
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
  const usual = roomsForDwellingType(dwellingType) ?? [];
  return Object.fromEntries(usual.map((room) => [room, { valveSetting: '', expectedValveSetting: '' }]));
}

/**
 * A room passes when its setting equals the expected one numerically; no expected value means any entry passes.
 * A room marked not applicable is not judged.
 */
export function judgeRoom(
  check: Pick<RoomCheck, 'valveSetting' | 'expectedValveSetting' | 'notApplicable'>,
): 'pass' | 'fail' | 'pending' | 'n/a' {
  if (check.notApplicable) return 'n/a';
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
