import { describe, expect, it } from 'vitest';
import { defaultDesignParameters } from '@hiu/domain';
import {
  addRoomInput,
  addRoomNames,
  addType,
  copyRooms,
  copySources,
  draftErrors,
  removeRoom,
  removeType,
  setRangeValue,
  setValveSetting,
  tabOfError,
  withoutEmptyTypeValues,
  type ConfigDraft,
} from './config-draft';

const base = (): ConfigDraft => ({ availableBuildingTypes: ['1b2p'], designParameters: defaultDesignParameters() });
const rooms = (d: ConfigDraft, t: string) => Object.keys(d.designParameters.radiators[t] ?? {});

describe('design-parameter draft edits', () => {
  it('adds a trimmed type with the default rooms at 2.5, ignores blanks and refuses duplicates', () => {
    const r = addType(base(), '  2b4p ');
    expect(r.ok && r.draft.availableBuildingTypes).toEqual(['1b2p', '2b4p']);
    expect(r.ok && r.draft.designParameters.radiators['2b4p']).toEqual({
      Hall: { expectedValveSetting: '2.5' },
      'Living Room': { expectedValveSetting: '2.5' },
      Kitchen: { expectedValveSetting: '2.5' },
      'Bedroom 1': { expectedValveSetting: '2.5' },
    });
    expect(addType(base(), '   ')).toEqual({ ok: false, reason: 'blank' });
    expect(addType(base(), '1B2P')).toEqual({ ok: false, reason: 'duplicate' });
  });

  it('removes a type with its rooms', () => {
    const r = addType(base(), '2b4p');
    const d = removeType(r.ok ? r.draft : base(), '2b4p');
    expect(d.availableBuildingTypes).toEqual(['1b2p']);
    expect(d.designParameters.radiators).not.toHaveProperty('2b4p');
  });

  it('adds template and typed rooms that are missing, keeping existing settings, and copies by replacing', () => {
    let d = setValveSetting(addRoomNames(base(), '1b2p', ['Hall']), '1b2p', 'Hall', '3');
    d = addRoomNames(d, '1b2p', ['Hall', 'Living/Kitchen']);
    expect(d.designParameters.radiators['1b2p']).toEqual({
      Hall: { expectedValveSetting: '3' },
      'Living/Kitchen': { expectedValveSetting: '2.5' },
    });
    d = addRoomInput(d, '1b2p', ' Bedroom 2 , ,Hall, Bathroom ');
    expect(rooms(d, '1b2p')).toEqual(['Hall', 'Living/Kitchen', 'Bedroom 2', 'Bathroom']);
    expect(addRoomInput(d, '1b2p', ' , ')).toEqual(d);

    const withOther = { ...d, availableBuildingTypes: ['1b2p', '2b4p'] };
    const withRooms = addRoomNames(withOther, '2b4p', ['Study']);
    expect(copySources(withRooms, '2b4p')).toEqual([{ type: '1b2p', rooms: 4 }]);
    expect(copySources(withOther, '1b2p')).toEqual([]);
    const copied = copyRooms(withRooms, '2b4p', '1b2p');
    expect(rooms(copied, '2b4p')).toEqual(['Hall', 'Living/Kitchen', 'Bedroom 2', 'Bathroom']);
    expect(copied.designParameters.radiators['2b4p']).not.toBe(copied.designParameters.radiators['1b2p']);
    expect(rooms(removeRoom(copied, '2b4p', 'Hall'), '2b4p')).toEqual(['Living/Kitchen', 'Bedroom 2', 'Bathroom']);
  });

  it('finds non-numbers and a min above its max, and which tab shows them', () => {
    let d = setRangeValue(base(), 'standby', 'flowTempMin', '50');
    d = setRangeValue(d, 'tertiarySystem', 'pressureMax', '');
    d = setValveSetting(addRoomNames(d, '1b2p', ['Hall']), '1b2p', 'Hall', '-');
    const errors = draftErrors(d);
    expect(errors).toEqual({
      'standby.flowTempMax': 'Max must not be below min',
      'tertiarySystem.pressureMax': 'Enter a number',
      'radiators.1b2p.Hall': 'Enter a number',
    });
    expect(Object.keys(errors).map(tabOfError)).toEqual(['standby', 'heating', 'radiators']);
  });

  it("removes a type's own values with the type, and saves a type's values without the emptied ones", () => {
    const d: ConfigDraft = {
      availableBuildingTypes: ['1b2p', '2b4p'],
      designParameters: {
        ...defaultDesignParameters(),
        byPropertyType: {
          '1b2p': { standby: { returnTempMax: '48', returnTempMin: '' }, dhw: { tempMin: ' ' } },
          '2b4p': { cp1: { designFlow: '' } },
        },
      },
    };
    expect(withoutEmptyTypeValues(d).designParameters.byPropertyType).toEqual({
      '1b2p': { standby: { returnTempMax: '48' } },
    });
    expect(removeType(d, '1b2p').designParameters.byPropertyType).toEqual({ '2b4p': { cp1: { designFlow: '' } } });
  });

  it("shows a type's own value's error on its group's tab, and a refused type list on Property Types", () => {
    expect(['byPropertyType.2b4p.dhw.tempMax', 'byPropertyType.2b4p.cp1.designFlow'].map(tabOfError)).toEqual([
      'dhw',
      'cp1',
    ]);
    expect(tabOfError('availableBuildingTypes')).toBe('types');
  });
});
