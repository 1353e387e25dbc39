import { typesWithoutRooms, type RadiatorDesign } from '@hiu/domain';

/**
 * Says which property types have no radiator rooms, so the admin adds them before engineers record valve settings
 * with nothing to check them against (docs/product.md#step-4-the-flats-rooms).
 */
export function RoomsWarning({ design, types }: { design: RadiatorDesign; types: string[] }) {
  const bare = typesWithoutRooms(design, types);
  if (bare.length === 0) return null;
  return (
    <p role="status" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <strong>{bare.join(', ')}</strong> {bare.length === 1 ? 'has' : 'have'} no radiator rooms: on step 4 engineers get
      the rooms a flat of that size usually has, or add the flat&apos;s own, with no expected valve setting to check
      against. Add rooms on the Radiators tab.
    </p>
  );
}
