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

/** Removing a type removes its room configuration and its own values. */
export function removeType(d: ConfigDraft, type: string): ConfigDraft {
  const { [type]: _removed, ...radiators } = d.designParameters.radiators;
  const { [type]: _values, ...byPropertyType } = d.designParameters.byPropertyType ?? {};
  return withRadiators(
    {
      ...d,
      availableBuildingTypes: d.availableBuildingTypes.filter((t) => t !== type),
      designParameters: { ...d.designParameters, byPropertyType },
    },
    radiators,
  );
}

/** What Save Changes sends: a type's emptied values left out (the site's apply), and a type left with none. */
export function withoutEmptyTypeValues(d: ConfigDraft): ConfigDraft {
  const byPropertyType = Object.fromEntries(
    Object.entries(d.designParameters.byPropertyType ?? {})
      .map(([type, groups]) => [
        type,
        Object.fromEntries(
          Object.entries(groups ?? {})
            .map(([group, values]) => [
              group,
              Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => typeof v === 'string' && v.trim())),
            ])
            .filter(([, values]) => Object.keys(values as object).length > 0),
        ),
      ])
      .filter(([, groups]) => Object.keys(groups as object).length > 0),
  );
  return { ...d, designParameters: { ...d.designParameters, byPropertyType } };
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

/**
 * Which inner tab shows the field an error path names: `standby.flowTempMin`, a type's own value
 * (`byPropertyType.2b4p.dhw.tempMax`, on its group's tab), or the property types' list.
 */
export function tabOfError(path: string): 'types' | 'standby' | 'heating' | 'dhw' | 'radiators' | 'cp1' {
  const parts = path.split('.');
  if (parts[0] === 'availableBuildingTypes') return 'types';
  const group = parts[0] === 'byPropertyType' ? parts[2] : parts[0];
  if (group === 'standby' || group === 'dhw' || group === 'radiators' || group === 'cp1') return group;
  return 'heating';
}

/** How many values a type has of its own (empty ones are the site's). */
export const ownValueCount = (d: ConfigDraft, type: string) =>
  Object.values(d.designParameters.byPropertyType?.[type] ?? {}).reduce(
    (n, values) => n + Object.values(values ?? {}).filter((v) => typeof v === 'string' && v.trim()).length,
    0,
  );
