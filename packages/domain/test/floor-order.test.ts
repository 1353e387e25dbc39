import { describe, expect, it } from 'vitest';
import { buildSiteDashboard, compareFloors, DEFAULT_RANGES } from '../src/index.js';

describe('floors in building order', () => {
  it('puts basements, ground and numbered floors bottom up, whatever they are called', () => {
    const floors = ['4', 'Roof', '10', 'Ground', '2', 'B1', '1st', 'Lower ground', 'B2', 'Floor 3', 'Annex'];
    expect([...floors].sort(compareFloors)).toEqual([
      'B2',
      'B1',
      'Lower ground',
      'Ground',
      '1st',
      '2',
      'Floor 3',
      '4',
      '10',
      'Roof',
      'Annex',
    ]);
  });

  it("orders the dashboard's floors so, not 1, 2, 3, 4, Ground", () => {
    const flats = ['1', '2', '3', '4', 'Ground'].map((floor, i) => ({
      id: `f${i}`,
      address: `Flat ${i}`,
      block: 'A',
      floor,
      draftSavedAt: null,
    }));
    const d = buildSiteDashboard(flats, [], DEFAULT_RANGES);
    expect(d.byFloor.map((f) => f.floor)).toEqual(['Ground', '1', '2', '3', '4']);
  });
});
