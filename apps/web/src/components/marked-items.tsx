import { markableItem } from '@hiu/domain';

/**
 * The items a reviewer marked on a flat sent back, by their labels (home's flat card and the re-test's notice).
 * Their names come from the rule book's catalogue, test packs and review corrections, so this list loads on its
 * own, for a flat sent back only.
 */
export default function MarkedItems({ ids }: { ids: readonly string[] }) {
  return (
    <ul className="list-disc pl-5">
      {ids.map((f) => (
        <li key={f}>{markableItem(f)?.label ?? f}</li>
      ))}
    </ul>
  );
}
