import {
  addRooms,
  defaultRoomsForNewType,
  designParameterErrors,
  splitRoomInput,
  type DesignParameters,
  type RangeGroup,
  type Site,
} from '@hiu/domain';

/** What Save Changes sends (docs/product.md#design-parameters): edited locally until then. */
export interface ConfigDraft {
  availableBuildingTypes: string[];
  designParameters: DesignParameters;
}

type Rooms = DesignParameters['radiators'][string];

export const draftFromSite = (site: Site): ConfigDraft => ({
  availableBuildingTypes: [...site.availableBuildingTypes],
  designParameters: structuredClone(site.designParameters),
});

const withRadiators = (d: ConfigDraft, radiators: DesignParameters['radiators']): ConfigDraft => ({
  ...d,
  designParameters: { ...d.designParameters, radiators },
});

export type AddTypeResult = { ok: true; draft: ConfigDraft } | { ok: false; reason: 'blank' | 'duplicate' };

/** A new type is trimmed, ignored when blank, refused when it exists, and starts with the default rooms
 * (docs/product.md#design-parameters). */
export function addType(d: ConfigDraft, input: string): AddTypeResult {
  const type = input.trim();
  if (!type) return { ok: false, reason: 'blank' };
  if (d.availableBuildingTypes.some((t) => t.toLowerCase() === type.toLowerCase()))
    return { ok: false, reason: 'duplicate' };
  return {
    ok: true,
    draft: withRadiators(
      { ...d, availableBuildingTypes: [...d.availableBuildingTypes, type] },
      { ...d.designParameters.radiators, [type]: defaultRoomsForNewType() },
    ),
  };
}

/** Removing a type removes its room configuration. */
export function removeType(d: ConfigDraft, type: string): ConfigDraft {
  const { [type]: _removed, ...radiators } = d.designParameters.radiators;
  return withRadiators({ ...d, availableBuildingTypes: d.availableBuildingTypes.filter((t) => t !== type) }, radiators);
}

export function setRangeValue(d: ConfigDraft, group: RangeGroup, key: string, value: string): ConfigDraft {
  return { ...d, designParameters: { ...d.designParameters, [group]: { ...d.designParameters[group], [key]: value } } };
}

const roomsOf = (d: ConfigDraft, type: string): Rooms => d.designParameters.radiators[type] ?? {};
const setRooms = (d: ConfigDraft, type: string, rooms: Rooms) =>
  withRadiators(d, { ...d.designParameters.radiators, [type]: rooms });

/** Template and typed rooms add only what is missing, at the default setting; existing rooms are kept. */
export const addRoomNames = (d: ConfigDraft, type: string, names: readonly string[]) =>
  setRooms(d, type, addRooms(roomsOf(d, type), [...names]));
export const addRoomInput = (d: ConfigDraft, type: string, input: string) =>
  addRoomNames(d, type, splitRoomInput(input));

/** Copy replaces this type's rooms with a copy of the other's. */
export const copyRooms = (d: ConfigDraft, type: string, from: string) =>
  setRooms(d, type, structuredClone(roomsOf(d, from)));

export function removeRoom(d: ConfigDraft, type: string, room: string): ConfigDraft {
  const { [room]: _removed, ...rest } = roomsOf(d, type);
  return setRooms(d, type, rest);
}

export const setValveSetting = (d: ConfigDraft, type: string, room: string, value: string) =>
  setRooms(d, type, { ...roomsOf(d, type), [room]: { expectedValveSetting: value } });

/** Types other than this one that have rooms to copy (the Copy dropdown shows only when there are some). */
export const copySources = (d: ConfigDraft, type: string) =>
  d.availableBuildingTypes
    .filter((t) => t !== type && Object.keys(roomsOf(d, t)).length > 0)
    .map((t) => ({ type: t, rooms: Object.keys(roomsOf(d, t)).length }));

export const draftErrors = (d: ConfigDraft) => designParameterErrors(d.designParameters);

/** Which inner tab shows the field an error path names. */
export function tabOfError(path: string): 'standby' | 'heating' | 'dhw' | 'radiators' | 'cp1' {
  const group = path.split('.')[0];
  if (group === 'standby' || group === 'dhw' || group === 'radiators' || group === 'cp1') return group;
  return 'heating';
}
