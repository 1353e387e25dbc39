/** Words the reviewer's mark is shown in beside a field of a re-test (docs/product.md#my-flats). */
export const MARKED_TEXT = 'Marked by the reviewer: check this again';

/** An amber flag under a field's label: the reviewer asked for this value to be checked again. */
export function MarkedFlag({ id }: { id: string }) {
  return (
    <div
      id={id}
      data-testid="marked-flag"
      className="self-start rounded-md bg-amber-100 px-2 py-1 text-sm font-semibold text-amber-900"
    >
      <span aria-hidden="true">⚑ </span>
      {MARKED_TEXT}
    </div>
  );
}
