import { Suspense } from 'react';
import { lazyComponent } from '../../../lib/lazy-component';
import { useSentBackFlat } from '../state/marked-items';

// The marked items' labels need the review's corrections from the rule book, which no step judges with: they come
// with the first sent-back flat, not with every step.
const markedItems = lazyComponent(() => import('../../../components/marked-items').then((m) => m.default));

/**
 * A re-test of a flat whose report was sent back (docs/product.md#my-flats): the reviewer's reason and the values
 * marked to check again, at the top of every step, from My flats as last fetched (kept on the phone, so it shows
 * with no signal too). Gone once the new report is in and My flats is fetched again.
 */
export function SentBackNotice() {
  const flat = useSentBackFlat();
  if (!flat) return null;
  return (
    <section
      aria-labelledby="sent-back-heading"
      className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950"
    >
      <h2 id="sent-back-heading" className="font-semibold">
        Sent back: why
      </h2>
      <p className="break-words whitespace-pre-wrap">{flat.reviewReason}</p>
      {flat.reviewFields.length ? (
        <>
          <p className="mt-1 font-semibold">Check again</p>
          <Suspense fallback={<ReservedLines count={flat.reviewFields.length} />}>
            <markedItems.Component ids={flat.reviewFields} />
          </Suspense>
        </>
      ) : null}
    </section>
  );
}

/** A line per marked item while their labels load, so the step below does not move when they come. */
function ReservedLines({ count }: { count: number }) {
  return (
    <p role="status" className="pl-5" style={{ minHeight: `${count * 1.25}rem` }}>
      <span className="sr-only">Loading what to check...</span>
    </p>
  );
}
