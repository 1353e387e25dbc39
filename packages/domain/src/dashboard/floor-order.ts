/**
 * Where a floor is in the building, bottom up: basements (B2 below B1), lower ground, ground, then numbered
 * floors (1, 2, 10), then mezzanine-free names such as Roof or Penthouse; a name it cannot place comes after, by
 * name. "Ground", "G", "GF" and "0" are the ground floor; "1st", "Floor 3" and "Level 3" are numbered floors.
 */
function floorRank(floor: string): number {
  const f = floor
    .trim()
    .toLowerCase()
    .replace(/\s+floor$/, '')
    .replace(/^(floor|level)\s+/, '');
  const basement = /^(?:b|basement|lower basement)\s*-?(\d*)$/.exec(f);
  if (basement) return -10 - Number(basement[1] || 1);
  if (f === 'lower ground' || f === 'lg' || f === 'lgf') return -1;
  if (f === 'ground' || f === 'g' || f === 'gf' || f === '0') return 0;
  if (f === 'upper ground' || f === 'ug' || f === 'ugf') return 0.5;
  const numbered = /^-?\d+(?:st|nd|rd|th)?$/.exec(f);
  if (numbered) return Number.parseInt(f, 10);
  if (f === 'roof' || f === 'penthouse' || f === 'ph') return 10_000;
  return Number.NaN;
}

/** Sorts floors in building order, flats without a floor first (docs/product.md#dashboard). */
export function compareFloors(a: string, b: string): number {
  // Flats with no floor given come first, as one group.
  if (!a.trim() || !b.trim()) return a.trim() ? 1 : b.trim() ? -1 : 0;
  const [ra, rb] = [floorRank(a), floorRank(b)];
  if (!Number.isNaN(ra) && !Number.isNaN(rb) && ra !== rb) return ra - rb;
  if (Number.isNaN(ra) !== Number.isNaN(rb)) return Number.isNaN(ra) ? 1 : -1;
  return a.localeCompare(b, 'en', { numeric: true });
}
