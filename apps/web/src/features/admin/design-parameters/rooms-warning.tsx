import { FALLBACK_ROOMS, typesWithoutRooms, type RadiatorDesign } from '@hiu/domain';

/**
 * Says which property types have no radiator rooms, so the admin adds them before an engineer's step 4 shows
 * the generic list instead (docs/product.md#design-parameters).
 */
export function RoomsWarning({ design, types }: { design: RadiatorDesign; types: string[] }) {
  const bare = typesWithoutRooms(design, types);
  if (bare.length === 0) return null;
  return (
    <p role="status" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <strong>{bare.join(', ')}</strong> {bare.length === 1 ? 'has' : 'have'} no radiator rooms: engineers checking{' '}
      {bare.length === 1 ? 'it' : 'them'} get the generic rooms ({FALLBACK_ROOMS.join(', ')}) on step 4. Add rooms on
      the Radiators tab.
    </p>
  );
}
